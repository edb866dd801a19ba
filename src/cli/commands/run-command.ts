import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { openAccess } from "../../access/index.ts";
import { DEFAULT_BATCH_SIZE, TEXT_BATCH_SIZE } from "../../app/runs/batch-sizes.ts";
import { cancellation } from "../../app/runs/cancellation.ts";
import { runInForeground } from "../../app/runs/run-in-foreground.ts";
import { readRunLimits } from "../../app/runs/run-limits.ts";
import { loadPlanFile } from "../../config/index.ts";
import { BUDGET_NAMES } from "../../engine/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_INTERRUPTED, EXIT_INVALID } from "../exit-codes.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { cliLoadOptions } from "../load-options.ts";
import { createProgress } from "../progress.ts";
import {
  budgetFlags,
  FULL_VARIETY_HELP,
  POOLED_HELP,
  pooledFlag,
  type RunFlags,
  runFlags,
} from "../run-flags.ts";
import { tellRunEnding } from "../run-outcome.ts";
import { transformationsFolder } from "../transformations-folder.ts";

export function registerRun(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  tty: boolean,
): void {
  program
    .command("run")
    .argument(
      "<plan>",
      "a plan file (with its task folder), a unified plan file or a plan module (plan.ts, plan.mjs)",
    )
    .option(
      "-c, --config <file>",
      "application configuration; default: $APPLICATION_CONFIG_PATH or ./application.conf",
    )
    .option(
      "-w, --workers <n>",
      "worker threads (default: this thread for runs up to about 400,000 rows, else one per core, this thread counted as one when its outputs are text files; 0 runs in this thread)",
    )
    .option(
      "-s, --seed <seed>",
      "seed (default: the plan's sinkOptions.seed, else a random seed that is reported)",
    )
    .option(
      "-o, --output-root <dir>",
      "write every output under this folder (absolute paths keep their shape below it)",
    )
    .option("--lenient", "unknown keys inside field options are warnings, not errors")
    .option("--pooled", POOLED_HELP)
    .option("--full-variety", FULL_VARIETY_HELP)
    .option(
      "--batch-size <rows>",
      `rows per generated batch (default ${TEXT_BATCH_SIZE} for NDJSON, ${DEFAULT_BATCH_SIZE} for other outputs)`,
    )
    .option("--now <time>", "the run's reference time (ISO 8601); default: now")
    .option("-q, --quiet", "no progress output")
    .option("--json", "print the run result as JSON instead of the summary table")
    .option(
      "--mode <mode>",
      "generate (default), or delete: remove what earlier runs of the plan wrote",
      "generate",
    )
    .option(
      "--run <id...>",
      "with --mode delete: remove only what these runs wrote (ids as run printed them)",
    )
    .option(
      "--on-failure <action>",
      "keep: a failed run keeps what its finished steps committed and prints what and the command that removes it; rollback: removes it before exiting (messages and HTTP requests cannot be taken back). Default: the configuration's flag enableRollbackOnFailure, else keep",
    )
    .option(
      "--transaction <scope>",
      "step (default): each database step commits when it ends; plan: the whole run is one transaction, committed at its end or rolled back on a failure (every step writing to one PostgreSQL database)",
      "step",
    )
    .option(
      "--home <dir>",
      "record the run (history, report) in this rowforge home, where --mode delete finds it (env ROWFORGE_HOME; default ~/.rowforge)",
    )
    .option(
      "--no-history",
      "record nothing in a home: no history entry or report there (a later --mode delete then cannot tell this run's database rows)",
    )
    .option("--max-rows <n>", "rows the run may ask for (env ROWFORGE_MAX_ROWS; default 1e9)")
    .option("--max-bytes <n>", "bytes the run may write (env ROWFORGE_MAX_BYTES; default 1 TiB)")
    .option("--max-run-seconds <n>", "seconds the run may take (env ROWFORGE_MAX_RUN_SECONDS; default 86400)")
    .option(
      "--budget <name=value...>",
      `raise or lower a generation budget, e.g. --budget maxStringLength=4MiB maxBytesPerRow=64MiB (${BUDGET_NAMES.join(", ")})`,
    )
    .option(
      "--transformations <dir>",
      "the only folder transformations load from (env ROWFORGE_TRANSFORMATIONS; default <home>/transformations)",
    )
    .action(async (file: string, flags: RunFlags) => {
      const budget = budgetFlags(flags.budget ?? []);
      // The user's own plan: it reads and writes whatever it names.
      const access = openAccess(io.cwd);
      const load = await loadPlanFile(file, {
        ...cliLoadOptions(flags, io),
        lenientOptions: flags.lenient ?? false,
      });
      const printErrors = (errors: readonly Diagnostic[]) => {
        for (const d of sortDiagnostics(errors))
          io.err(`${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`);
      };
      const loadFailed = !load.plan || load.diagnostics.some((d) => d.severity === "error");
      if (loadFailed) printErrors(load.diagnostics.filter((d) => d.severity === "error"));
      const loadWarnings = load.diagnostics.filter((d) => d.severity !== "error").length;
      if (loadFailed || !load.plan) {
        if (loadWarnings > 0 && !flags.quiet)
          io.err(`${loadWarnings} warning(s); \`rowforge validate ${file}\` lists them\n`);
        if (!load.plan && load.diagnostics.every((d) => d.severity !== "error"))
          io.err(`error: no plan found in ${file}\n`);
        setExit(EXIT_INVALID);
        return;
      }
      const run = runFlags(flags);
      const generating = run.mode === "generate";
      const progress = createProgress(io, tty && !flags.quiet);
      // Ctrl-C (or SIGTERM) cancels the run: workers stop, temporary outputs are removed, exit 130.
      // A second signal ends the process at once.
      const interrupt = new AbortController();
      let interruptedBy: string | undefined;
      const onSignal = (signal: NodeJS.Signals) => {
        if (interruptedBy) process.exit(EXIT_INTERRUPTED);
        interruptedBy = signal;
        io.err(`\nrowforge: ${signal}: cancelling the run (again to stop at once)\n`);
        interrupt.abort(cancellation());
      };
      const stepProgress = new Map<string, { done: number; total: number }>();
      // Runs are recorded, so that `--mode delete` just works; an empty ROWFORGE_HOME (or
      // --home "") is the default home, never the current folder.
      const home =
        flags.history === false
          ? undefined
          : resolve(io.cwd, flags.home || io.env.ROWFORGE_HOME || join(homedir(), ".rowforge"));
      // The one pre-run check (the servers the validations read, then the dry run `validate`
      // makes, every problem before the first byte), then the run as the server runs its runs.
      const ending = await runInForeground(
        load.plan,
        {
          mode: run.mode,
          access,
          docs: { documents: load.documents ?? new Map(), taskFiles: load.taskFiles ?? new Map() },
          ...(load.connections ? { connections: load.connections } : {}),
          ...(flags.outputRoot ? { outputRoot: flags.outputRoot } : {}),
          budget,
          transformations: transformationsFolder(io, flags),
          validationSources: true,
          run: {
            ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
            ...(run.nowMicros !== undefined ? { nowMicros: run.nowMicros } : {}),
            fastMode: pooledFlag(flags),
          },
        },
        (check) => {
          printErrors(check.sources);
          const warnings = loadWarnings + check.sources.filter((d) => d.severity !== "error").length;
          if (warnings > 0 && !flags.quiet)
            io.err(`${warnings} warning(s); \`rowforge validate ${file}\` lists them\n`);
          if ([...check.sources, ...check.diagnostics].some((d) => d.severity === "error")) {
            printErrors(check.diagnostics.filter((d) => d.severity === "error"));
            setExit(EXIT_INVALID);
            return undefined;
          }
          const limits = readRunLimits(flags, io.env);
          if (generating) {
            process.on("SIGINT", onSignal);
            process.on("SIGTERM", onSignal);
          }
          return {
            home,
            workers: run.workers,
            limits,
            transaction: run.transaction,
            ...(run.batchSize !== undefined ? { batchSize: run.batchSize } : {}),
            ...(flags.run ? { onlyRuns: flags.run } : {}),
            ...(run.rollback !== undefined ? { rollback: run.rollback } : {}),
            signal: interrupt.signal,
            watch: {
              progress: (step, done, total, delivery) => {
                stepProgress.set(step, { done, total });
                if (!flags.quiet) progress.update(step, done, total, delivery);
              },
            },
            onNote: (message) => io.err(`note: ${message}\n`),
          };
        },
      ).finally(() => {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      });
      if (ending === undefined) return;
      progress.end();
      setExit(
        tellRunEnding(io, ending, {
          file,
          plan: ending.plan,
          mode: run.mode,
          json: flags.json ?? false,
          quiet: flags.quiet ?? false,
          homeFlag: flags.home,
          hasHome: home !== undefined,
          interruptedBy,
          stepProgress,
        }),
      );
    });
}
