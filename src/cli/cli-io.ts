/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly color: boolean;
  out(text: string): void;
  err(text: string): void;
}

export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    color: Boolean(process.stderr.isTTY) && process.env.NO_COLOR === undefined,
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  };
}
