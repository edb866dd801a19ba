import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { openAccess } from "../../access/index.ts";
import { maskText } from "../../app/catalog/secrets.ts";
import { earlyExecutorFactory } from "../../app/executors.ts";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import { DEFAULT_BATCH_SIZE, TEXT_BATCH_SIZE } from "../../app/runs/batch-sizes.ts";
import { cancellation } from "../../app/runs/cancellation.ts";
import { checkRun } from "../../app/runs/check-run.ts";
import { deletePlanData } from "../../app/runs/delete-plan-data.ts";
import { withDeleteHistory } from "../../app/runs/open-delete-history.ts";
import { keepRunRecord, recordOf } from "../../app/runs/record-run.ts";
import { recoverLeftRunsOfHome } from "../../app/runs/recover-runs.ts";
import { reportPlace } from "../../app/runs/report-run.ts";
import { rollBackRun } from "../../app/runs/roll-back-run.ts";
import { executorDemand } from "../../app/runs/run-demand.ts";
import { journalFolder, journalRun } from "../../app/runs/run-journal.ts";
import { readRunLimits } from "../../app/runs/run-limits.ts";
import { runPlan } from "../../app/runs/run-plan.ts";
import { loadPlanFile } from "../../config/index.ts";
import { BUDGET_NAMES, resolveBudget } from "../../engine/index.ts";
import { type Diagnostic, ERROR_CODES, type ErrorCode, RowforgeError } from "../../errors/index.ts";
import { groupDigits } from "../../util/group-digits.ts";
import { cancelSummary } from "../cancel-summary.ts";
import type { CliIo } from "../cli-io.ts";
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_VALIDATION_FAILED,
} from "../exit-codes.ts";
import { deleteCommand, failureReport } from "../failure-summary.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { createProgress } from "../progress.ts";
import { countSummary, deliverySummary, summaryTable } from "../summary-table.ts";
import { transformationsFolder } from "../transformations-folder.ts";
import { validationTable } from "../validation-table.ts";

interface RunFlags {
  config?: string;
  workers?: string;
  seed?: string;
  outputRoot?: string;
  fullVariety?: boolean;
  batchSize?: string;
  now?: string;
  quiet?: boolean;
  json?: boolean;
  mode?: string;
  home?: string;
  /** false with --no-history. */
  history?: boolean;
  run?: string[];
  onFailure?: string;
  transaction?: string;
  maxRows?: string;
  maxBytes?: string;
  maxRunSeconds?: string;
  budget?: string[];
  lenient?: boolean;
  transformations?: string;
}

export function registerRun(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  tty: boolean,
): void {
  program
    .command("run")
    .argument("<plan>", "a plan file (with its task folder) or a unified plan file")
    .option(
      "-c, --config <file>",
      "application configuration; default: $APPLICATION_CONFIG_PATH or ./application.conf",
    )
    .option(
      "-w, --workers <n>",
      "worker threads (default: this thread for runs up to about 400,000 rows, else one per core; 0 runs in this thread)",
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
    .option("--full-variety", "evaluate Datafaker expressions for every row instead of from pooled values")
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
        outputKinds: OUTPUT_KINDS,
        ...(flags.config ? { configPath: flags.config } : {}),
        lenientOptions: flags.lenient ?? false,
        cwd: io.cwd,
        env: io.env,
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
      // The one pre-run check (src/app/runs/check-run.ts): the servers the validations read, then
      // the dry run `validate` makes on the plan as it will run, every problem before the first
      // byte; the plan read and compiled once for the run.
      const check = await checkRun(load.plan, {
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
          fastMode: !flags.fullVariety,
        },
      });
      printErrors(check.sources);
      const warnings = loadWarnings + check.sources.filter((d) => d.severity !== "error").length;
      if (warnings > 0 && !flags.quiet)
        io.err(`${warnings} warning(s); \`rowforge validate ${file}\` lists them\n`);
      const refusedPlan = [...check.sources, ...check.diagnostics].filter((d) => d.severity === "error");
      if (refusedPlan.length > 0) {
        printErrors(check.diagnostics.filter((d) => d.severity === "error"));
        setExit(EXIT_INVALID);
        return;
      }
      const plan = check.plan;
      const { workers, batchSize, nowMicros } = run;
      const defaultHome = join(homedir(), ".rowforge");
      const limits = readRunLimits(flags, io.env);
      const progress = createProgress(io, tty && !flags.quiet);
      const createdTs = new Date().toISOString();
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
      if (generating) {
        process.on("SIGINT", onSignal);
        process.on("SIGTERM", onSignal);
      }
      // Runs are recorded, so that `--mode delete` just works; an empty ROWFORGE_HOME (or
      // --home "") is the default home, never the current folder.
      const home =
        flags.history === false
          ? undefined
          : resolve(io.cwd, flags.home || io.env.ROWFORGE_HOME || defaultHome);
      // Runs on this home whose process died (kill -9): their temporaries go, the history tells them.
      if (home) await recoverLeftRunsOfHome(home);
      // This run records itself as it goes, so the next run can do the same for it.
      const runId = randomUUID();
      const journal =
        home && generating
          ? await journalRun(
              journalFolder(home),
              plan,
              { runId, mode: "generate", runBy: "cli", createdTs },
              await reportPlace(plan, join(home, "reports"), access),
              (e) =>
                io.err(
                  `note: the run's journal in ${journalFolder(home)} cannot be written (${e instanceof Error ? e.message : String(e)}); if this process dies, its temporary files stay\n`,
                ),
            )
          : undefined;
      // Without --workers, runs of up to a few hundred thousand rows are faster in this thread;
      // a larger run's pool starts now, while the run checks and opens its outputs.
      const executor = earlyExecutorFactory(
        workers,
        workers === undefined,
        check.run ? executorDemand(check.run.compiled, undefined) : undefined,
      );
      const result =
        flags.mode === "delete"
          ? await withDeleteHistory(home, (history) =>
              deletePlanData(plan, {
                access,
                ...(history ? { history } : {}),
                ...(flags.run ? { onlyRuns: flags.run } : {}),
              }),
            )
          : await runPlan(plan, {
              access,
              runId,
              limits,
              validationSourcesChecked: true,
              ...(check.run ? { compiled: check.run } : {}),
              ...(load.connections ? { connections: load.connections } : {}),
              signal: interrupt.signal,
              ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
              ...(nowMicros !== undefined ? { nowMicros } : {}),
              fastMode: !flags.fullVariety,
              transaction: flags.transaction === "plan" ? "plan" : "step",
              ...(batchSize !== undefined ? { batchSize } : {}),
              executor,
              onProgress: (step, done, total, delivery) => {
                stepProgress.set(step, { done, total });
                journal?.progress(step, done, total, delivery?.acknowledged);
                if (!flags.quiet) progress.update(step, done, total, delivery);
              },
              onStepDone: (report) => void journal?.stepDone(report),
              ...(journal ? { onLeftovers: (list) => journal.leftovers(list) } : {}),
            })
              .catch(async (e: unknown) => {
                // Refused before anything was written (an invalid plan): nothing to tell later.
                await journal?.close();
                throw e;
              })
              .finally(async () => {
                await executor.dispose();
                process.off("SIGINT", onSignal);
                process.off("SIGTERM", onSignal);
              });
      progress.end();
      // A plan that asks for more than the budget is invalid input, found while generating or not.
      const budgetExceeded = result.steps.some((s) => !s.success && s.errorCode === "RF_BUDGET_EXCEEDED");
      const failedExit = interruptedBy ? EXIT_INTERRUPTED : budgetExceeded ? EXIT_INVALID : EXIT_FAILED;
      const mode = flags.mode === "delete" ? "delete" : "generate";
      const finishedTs = new Date().toISOString();
      // --on-failure rollback: what the run committed goes, before it is recorded (marked removed).
      const rollback =
        generating &&
        !result.success &&
        (flags.onFailure ?? (plan.config.flags.enableRollbackOnFailure ? "rollback" : "keep")) === "rollback"
          ? await rollBackRun(plan, recordOf(result, mode, createdTs, finishedTs), access).catch(
              (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
            )
          : undefined;
      // Without a home there is no history, but a configured reports folder still gets the report.
      const recorded = await keepRunRecord(
        home,
        access,
        plan,
        result,
        rollback && "record" in rollback ? rollback.record : recordOf(result, mode, createdTs, finishedTs),
        journal,
      );
      // Recorded (or not, with a note): nothing is left for a later run to tell.
      await journal?.close();
      // A step writing its data to standard output (path "-") keeps stdout for the data alone.
      const report = plan.steps.some((s) => s.step.options.path?.trim() === "-") ? io.err : io.out;
      const validationsFailed = result.validations?.some((v) => !v.success) === true;
      const okExit = validationsFailed ? EXIT_VALIDATION_FAILED : EXIT_OK;
      if (flags.json) {
        const rolledBack = rollback && "result" in rollback ? { rollback: rollback.result } : {};
        report(`${JSON.stringify({ ...result, ...rolledBack }, null, 2)}\n`);
        setExit(result.success ? okExit : failedExit);
        return;
      }
      // CHECK constraints the rows may break: said before the table, where a failure will point.
      if (!flags.quiet)
        for (const w of result.warnings ?? []) io.err(`warning RF_DB_CHECK_NOT_HONOURED: ${maskText(w)}\n`);
      report(summaryTable(result.steps));
      report(countSummary(result.steps));
      report(deliverySummary(result.steps));
      if (result.validations) report(validationTable(result.validations));
      report(
        `${result.success ? "done" : "FAILED"}: plan ${result.planName}, ${
          // A delete regenerates each earlier run with that run's own seed and time: none of its own to repeat.
          flags.mode === "delete"
            ? ""
            : `seed ${result.seed}, now ${new Date(result.nowMicros / 1000).toISOString()}${result.seedChosen ? " (seed chosen at random)" : ""} (repeat with --seed ${result.seed} --now ${new Date(result.nowMicros / 1000).toISOString()}), `
        }${groupDigits(result.steps.reduce((n, s) => n + s.records, 0))} records ${flags.mode === "delete" ? "deleted" : "written"} in ${result.seconds.toFixed(2)} s, run ${result.runId}\n`,
      );
      if (recorded?.reportDir) report(`report: ${join(recorded.reportDir, "index.html")}\n`);
      if (recorded?.note)
        io.err(`note: ${recorded.recorded ? "" : "the run is not in the history: "}${recorded.note}\n`);
      if (!result.success) {
        // The failing step's own code follows the reason (a row-time SQL error is RF_VALUE_INVALID).
        const stepCode = result.steps.find((s) => !s.success)?.errorCode;
        io.err(
          result.cancelled
            ? `error RF_RUN_CANCELLED: ${maskText(result.failedReason ?? "")}${interruptedBy ? ` (${interruptedBy})` : ""}\n`
            : `error RF_RUN_FAILED: ${maskText(result.failedReason ?? "")}${stepCode && stepCode !== "RF_RUN_FAILED" ? ` [${stepCode}]` : ""}\n`,
        );
        if (result.cancelled)
          io.err(
            cancelSummary(
              plan.steps.map((s) => s.step.name),
              result.steps,
              stepProgress,
            ),
          );
        if (!result.cancelled && stepCode && stepCode !== "RF_RUN_FAILED" && stepCode in ERROR_CODES)
          io.err(`    hint: ${ERROR_CODES[stepCode as ErrorCode].hint}\n`);
        if (generating)
          io.err(
            failureReport(
              result,
              rollback,
              deleteCommand(file, result.runId, flags.home, home !== undefined),
            ),
          );
      }
      if (result.success && validationsFailed)
        io.err(
          `validations FAILED: ${result.validations!.filter((v) => !v.success).length} of ${result.validations!.length} (exit ${EXIT_VALIDATION_FAILED})\n`,
        );
      setExit(result.success ? okExit : failedExit);
    });
}

/** What `run` makes of its flags; a bad value is invalid input (RF_CLI_FLAG_INVALID). */
function runFlags(flags: RunFlags): {
  mode: "generate" | "delete";
  workers: number | undefined;
  batchSize: number | undefined;
  nowMicros: number | undefined;
} {
  // Without --workers: the executor chooses (this thread, or a pool sized to the run).
  const workers = flags.workers === undefined ? undefined : Number(flags.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 256)) {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--workers must be a whole number from 0 to 256, not "${flags.workers}"`,
    );
  }
  const batchSize = flags.batchSize === undefined ? undefined : Number(flags.batchSize);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--batch-size must be a whole number of rows, not "${flags.batchSize}"`,
    );
  }
  let nowMicros: number | undefined;
  if (flags.now !== undefined) {
    const t = Date.parse(flags.now);
    if (!Number.isFinite(t))
      throw new RowforgeError("RF_CLI_FLAG_INVALID", `--now "${flags.now}" is not an ISO 8601 time`);
    nowMicros = t * 1000;
  }
  if (flags.mode !== "generate" && flags.mode !== "delete") {
    throw new RowforgeError("RF_CLI_FLAG_INVALID", `--mode must be generate or delete, not "${flags.mode}"`);
  }
  if (flags.onFailure !== undefined && flags.onFailure !== "keep" && flags.onFailure !== "rollback") {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--on-failure must be keep or rollback, not "${flags.onFailure}"`,
    );
  }
  if (flags.transaction !== "step" && flags.transaction !== "plan") {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--transaction must be step or plan, not "${flags.transaction}"`,
    );
  }
  if (flags.run && flags.mode !== "delete")
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      "--run names the runs a delete removes: use it with --mode delete",
    );
  return { mode: flags.mode, workers, batchSize, nowMicros };
}

/** `--budget name=value ...` as budget overrides; an unknown name or a bad value is invalid input. */
function budgetFlags(items: readonly string[]): Record<string, number> {
  const raw: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf("=");
    if (eq <= 0) {
      throw new RowforgeError("RF_CLI_FLAG_INVALID", `--budget takes name=value, not "${item}"`, {
        hint: `for example --budget maxStringLength=4MiB; the budgets are ${BUDGET_NAMES.join(", ")}`,
      });
    }
    raw[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  const resolved = resolveBudget(raw);
  return Object.fromEntries(Object.keys(raw).map((k) => [k, resolved[k as keyof typeof resolved]]));
}
