import type { CliIo } from "../../src/cli/cli-io.ts";

/** The CLI's input and output for a command run in this process (`main`): no terminal, no colour, everything it says added to `lines`. */
export const collectingIo = (cwd: string, lines: string[]): CliIo => ({
  cwd,
  env: {},
  color: false,
  tty: false,
  outTty: false,
  out: (t: string) => void lines.push(t),
  err: (t: string) => void lines.push(t),
});
