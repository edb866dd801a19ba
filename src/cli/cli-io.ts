/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly color: boolean;
  /** Whether stderr is a terminal (live progress bars) or a log. */
  readonly tty: boolean;
  /** Whether stdout is a terminal (tables for people) or a pipe (data for programs). */
  readonly outTty: boolean;
  out(text: string): void;
  err(text: string): void;
}

let stdoutGuarded = false;

/**
 * Standard output closed by its reader (`rowforge run … | head`) is no crash: the stream's
 * EPIPE is handled here, later writes are dropped, and a step writing its rows there (`path:
 * "-"`) fails through its own write callback. Any other stdout error stays fatal.
 */
function guardClosedStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_DESTROYED") throw e;
  });
}

export function processIo(): CliIo {
  guardClosedStdout();
  return {
    cwd: process.cwd(),
    env: process.env,
    color: Boolean(process.stderr.isTTY) && process.env.NO_COLOR === undefined,
    tty: Boolean(process.stderr.isTTY),
    outTty: Boolean(process.stdout.isTTY),
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  };
}
