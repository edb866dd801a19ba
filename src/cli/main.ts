import { Command, CommanderError, Help } from "commander";
import { isRowforgeError } from "../errors/index.ts";
import { VERSION } from "../util/version.ts";
import { type CliIo, processIo } from "./cli-io.ts";
import { COMMANDS, commandNamed } from "./command-list.ts";
import { EXIT_FAILED, EXIT_INVALID, EXIT_OK } from "./exit-codes.ts";

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 failed, 2 invalid input or usage. Only the
 * command asked for is loaded; --version, --help and a mistyped command load none.
 */
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
  try {
    const chosen = commandNamed(argv.slice(2));
    if (chosen) {
      (await chosen.load())(program, io, setExit);
      program.commands.at(-1)?.description(chosen.description);
    } else {
      listCommands(program);
    }
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

/**
 * Without a command (--help, --version, a mistyped name): the commands as names and
 * descriptions only, enough for the list in --help and "did you mean" of an unknown command.
 */
function listCommands(program: Command): void {
  for (const c of COMMANDS) program.command(c.name).description(c.description);
  const usual = new Help();
  program.configureHelp({
    subcommandTerm: (cmd) => {
      const usage = COMMANDS.find((c) => c.name === cmd.name())?.usage;
      return usage === undefined ? usual.subcommandTerm(cmd) : `${cmd.name()} ${usage}`.trimEnd();
    },
  });
}
