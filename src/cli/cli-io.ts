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

export function processIo(): CliIo {
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
