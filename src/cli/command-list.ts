import type { Command } from "commander";
import type { CliIo } from "./cli-io.ts";

/** Adds one command (its arguments, options and action) to the program. */
export type RegisterCommand = (program: Command, io: CliIo, setExit: (code: number) => void) => void;

/** A command of the CLI as `rowforge --help` lists it, and where its definition lives. */
export interface CliCommand {
  readonly name: string;
  /** What follows the name in the list of commands (what commander derives from the definition). */
  readonly usage: string;
  readonly description: string;
  /**
   * The module that defines the command, imported only when the command runs or shows its own
   * help: a start loads what its command needs, not every command's dependencies.
   */
  readonly load: () => Promise<RegisterCommand>;
}

/** The CLI's commands, in the order `rowforge --help` lists them. */
export const COMMANDS: readonly CliCommand[] = [
  {
    name: "validate",
    usage: "[options] <paths...>",
    description: "load plans, tasks, unified plans, validations and configuration and report every problem",
    load: async () => (await import("./commands/validate-command.ts")).registerValidate,
  },
  {
    name: "check",
    usage: "[options] <paths...>",
    description:
      "run the validations of a plan or of validation files against existing data (generates nothing)",
    load: async () => (await import("./commands/check-command.ts")).registerCheck,
  },
  {
    name: "run",
    usage: "[options] <plan>",
    description: "run a plan end to end: load, check, generate in parallel, write the outputs",
    load: async () => {
      const { registerRun } = await import("./commands/run-command.ts");
      return (program, io, setExit) => registerRun(program, io, setExit, io.tty);
    },
  },
  {
    name: "sample",
    usage: "[options] <file>",
    description: "print a few generated rows of a task, plan or unified file (nothing is written)",
    load: async () => (await import("./commands/sample-command.ts")).registerSample,
  },
  {
    name: "serve",
    usage: "[options]",
    description: "serve the HTTP API (plans, connections, samples) on 127.0.0.1:9898 by default",
    load: async () => (await import("./commands/serve-command.ts")).registerServe,
  },
  {
    name: "history",
    usage: "[options]",
    description: "list the runs recorded in the rowforge home, newest first",
    load: async () => (await import("./commands/history-command.ts")).registerHistory,
  },
  {
    name: "cancel",
    usage: "[options] <id>",
    description: "cancel a queued or running execution of the rowforge server holding the home",
    load: async () => (await import("./commands/cancel-command.ts")).registerCancel,
  },
  {
    name: "connection",
    usage: "",
    description: "test and list connections",
    load: async () => (await import("./commands/connection-command.ts")).registerConnection,
  },
];

/** The command the arguments (after node and the script) name, also as `help <command>`. */
export function commandNamed(args: readonly string[]): CliCommand | undefined {
  const name = args[0] === "help" ? args[1] : args[0];
  return COMMANDS.find((c) => c.name === name);
}
