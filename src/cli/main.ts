import { Command, CommanderError } from "commander";
import { isRowforgeError } from "../errors/index.ts";
import { VERSION } from "../util/version.ts";
import { type CliIo, processIo } from "./cli-io.ts";
import { registerCancel } from "./commands/cancel-command.ts";
import { registerCheck } from "./commands/check-command.ts";
import { registerConnection } from "./commands/connection-command.ts";
import { registerHistory } from "./commands/history-command.ts";
import { registerRun } from "./commands/run-command.ts";
import { registerSample } from "./commands/sample-command.ts";
import { registerServe } from "./commands/serve-command.ts";
import { registerValidate } from "./commands/validate-command.ts";
import { EXIT_FAILED, EXIT_INVALID, EXIT_OK } from "./exit-codes.ts";

/** Runs the CLI and returns the exit code: 0 ok, 1 failed, 2 invalid input or usage. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let exit = EXIT_OK;
  const program = new Command()
    .name("rowforge")
    .description("Deterministic, fast test-data generation from YAML plans (Data Caterer compatible)")
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showHelpAfterError("(run with --help for usage)");
  const setExit = (code: number) => {
    exit = code;
  };
  registerValidate(program, io, setExit);
  registerCheck(program, io, setExit);
  registerRun(program, io, setExit, io.tty);
  registerSample(program, io, setExit);
  registerServe(program, io, setExit);
  registerHistory(program, io, setExit);
  registerCancel(program, io, setExit);
  registerConnection(program, io, setExit);
  try {
    await program.parseAsync([...argv]);
    return exit;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 || e.code === "commander.helpDisplayed" || e.code === "commander.version"
        ? EXIT_OK
        : EXIT_INVALID;
    }
    if (isRowforgeError(e)) {
      io.err(`error ${e.code}: ${e.describe()}\n    hint: ${e.hint}\n`);
      return e.status < 500 ? EXIT_INVALID : EXIT_FAILED;
    }
    io.err(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_FAILED;
  }
}
