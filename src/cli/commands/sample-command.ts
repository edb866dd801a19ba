import { type FSWatcher, watch } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { openAccess, type ResourceAccess } from "../../access/index.ts";
import { isUncheckedTable } from "../../app/check/check-database-targets.ts";
import { preflightPlan } from "../../app/check/preflight-plan.ts";
import { chooseSeed } from "../../app/choose-seed.ts";
import { encodeSample, sampleRows } from "../../app/sample/sample-output.ts";
import { chosenSteps, sampleSteps, withSeed } from "../../app/sample/sample-steps.ts";
import { loadPlanFile } from "../../config/index.ts";
import { didYouMean, isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_INVALID, EXIT_OK } from "../exit-codes.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { cliLoadOptions } from "../load-options.ts";
import { renderTable } from "../render-table.ts";
import { FULL_VARIETY_HELP, POOLED_HELP, pooledFlag } from "../run-flags.ts";

interface SampleFlags {
  config?: string;
  rows: string;
  step?: string;
  format?: string;
  seed?: string;
  now?: string;
  fullVariety?: boolean;
  pooled?: boolean;
  watch?: boolean;
}

const FORMATS = ["table", "json", "csv"] as const;
type SampleFormat = (typeof FORMATS)[number];
const MAX_ROWS = 10_000;

/** What one sampling of the file printed, and whether it worked. */
interface Sampled {
  readonly ok: boolean;
  readonly text: string;
  readonly note: string;
  readonly sources: readonly string[];
  /** The seed the rows were generated with, when it is fixed (--seed, the plan's, watch mode's). */
  readonly seed?: string;
}

export function registerSample(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("sample")
    .argument("<file>", "a task file, a plan file (with its task folder) or a unified plan file")
    .option("-n, --rows <n>", "rows per step", "10")
    .option("--step <name>", "sample only this step")
    .option(
      "-f, --format <format>",
      "table, json (NDJSON) or csv; default: table on a terminal, json otherwise",
    )
    .option("-s, --seed <seed>", "seed (default: the plan's, else a random one)")
    .option("--now <time>", "the reference time (ISO 8601); default: now")
    .option("--pooled", POOLED_HELP)
    .option("--full-variety", FULL_VARIETY_HELP)
    .option(
      "-c, --config <file>",
      "application configuration; default: $APPLICATION_CONFIG_PATH or ./application.conf",
    )
    .option("-w, --watch", "sample again whenever the file or the files it reads change (Ctrl-C stops)")
    .action(async (file: string, flags: SampleFlags) => {
      const rows = Number(flags.rows);
      if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) {
        throw new RowforgeError(
          "RF_CLI_FLAG_INVALID",
          `--rows must be a whole number from 1 to ${MAX_ROWS}, not "${flags.rows}"`,
        );
      }
      const format = chooseFormat(flags.format, io.outTty);
      let nowMicros = Date.now() * 1000;
      if (flags.now !== undefined) {
        const t = Date.parse(flags.now);
        if (!Number.isFinite(t))
          throw new RowforgeError("RF_CLI_FLAG_INVALID", `--now "${flags.now}" is not an ISO 8601 time`);
        nowMicros = t * 1000;
      }
      // In watch mode a plan without a seed keeps one, so what changes between samples is the
      // edit; a plan's own seed (or --seed) is always the one used, as `run` uses it.
      const unseeded = flags.watch ? chooseSeed(undefined, undefined).seed : undefined;
      const once = () => sampleOnce(file, flags, io, { rows, format, nowMicros, seed: flags.seed, unseeded });
      if (!flags.watch) {
        const r = await once();
        if (r.note) io.err(r.note);
        io.out(r.text);
        setExit(r.ok ? EXIT_OK : EXIT_INVALID);
        return;
      }
      await watchFile(file, io, once);
      setExit(EXIT_OK);
    });
}

function chooseFormat(flag: string | undefined, tty: boolean): SampleFormat {
  if (flag === undefined) return tty ? "table" : "json";
  const f = flag.toLowerCase();
  if ((FORMATS as readonly string[]).includes(f)) return f as SampleFormat;
  const suggestion = didYouMean(f, FORMATS);
  throw new RowforgeError(
    "RF_CLI_FLAG_INVALID",
    `--format must be one of ${FORMATS.join(", ")}, not "${flag}"${suggestion ? `; ${suggestion}` : ""}`,
  );
}

interface SampleSettings {
  readonly rows: number;
  readonly format: SampleFormat;
  readonly nowMicros: number;
  /** --seed: overrides the plan's. */
  readonly seed: string | undefined;
  /** The seed of a plan that has none (watch mode), else a new sample each time. */
  readonly unseeded: string | undefined;
}

async function sampleOnce(file: string, flags: SampleFlags, io: CliIo, s: SampleSettings): Promise<Sampled> {
  const load = await loadPlanFile(file, cliLoadOptions(flags, io));
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  const sources = load.plan?.sources ?? [resolve(io.cwd, file)];
  if (!load.plan || errors.length > 0) {
    const text = sortDiagnostics(errors)
      .map((d) => `${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`)
      .join("");
    return { ok: false, text: "", note: text || `error: no plan found in ${file}\n`, sources };
  }
  // The dry run `validate` and `run` make: a plan `run` refuses is not sampled (database steps
  // without fields are sampled with the columns of their tables).
  const docs = { documents: load.documents ?? new Map(), taskFiles: load.taskFiles ?? new Map() };
  // The user's own plan: it reads whatever it names.
  const access = openAccess(io.cwd);
  const { plan, diagnostics } = await preflightPlan(load.plan, docs, access);
  const refused = diagnostics.filter((d) => d.severity === "error");
  if (refused.length > 0) {
    const text = sortDiagnostics(refused)
      .map((d) => `${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`)
      .join("");
    return { ok: false, text: "", note: text, sources };
  }
  // What the check could not look at (a database that cannot be reached) is said before the rows.
  const unchecked = diagnostics
    .filter(isUncheckedTable)
    .map((d) => `${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`)
    .join("");
  try {
    const r = await render(plan, flags.step, pooledFlag(flags), s, access);
    return { ...r, note: unchecked + r.note, sources };
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return { ok: false, text: "", note: `error ${e.code}: ${e.describe()}\n    hint: ${e.hint}\n`, sources };
  }
}

async function render(
  plan: ResolvedPlan,
  stepName: string | undefined,
  pooled: boolean,
  s: SampleSettings,
  access: ResourceAccess,
): Promise<Omit<Sampled, "sources">> {
  const seed = s.seed ?? plan.plan.sinkOptions.seed ?? s.unseeded;
  const seeded = withSeed(plan, seed);
  let steps = chosenSteps(seeded, stepName);
  let note = "";
  if (s.format !== "table" && steps.length > 1) {
    note = `sampling step ${steps[0]!.step.name}; the plan has ${steps.length} steps (--step NAME for another: ${steps
      .slice(1)
      .map((x) => x.step.name)
      .join(", ")})\n`;
    steps = steps.slice(0, 1);
  }
  const samples = await sampleSteps(seeded, steps, { rows: s.rows, pooled, nowMicros: s.nowMicros, access });
  for (const sample of samples) {
    if (isReferenceStep(sample.step) && sample.batch.numRows === 0)
      note += `step ${sample.step.step.name} is reference data (enableReferenceMode): it is never generated, and its existing rows are read only when a generated step's foreign key points at it\n`;
  }
  if (s.format === "table") {
    const parts: string[] = [];
    for (const sample of samples) {
      const heading = samples.length > 1 || stepName === undefined ? `${sample.step.step.name}\n` : "";
      parts.push(heading + renderTable(await sampleRows(sample.batch), { width: terminalWidth() }));
    }
    return { ok: true, text: parts.join("\n"), note, ...(seed === undefined ? {} : { seed }) };
  }
  const { body } = await encodeSample(samples[0]!.batch, s.format, { header: "true" });
  return { ok: true, text: body.toString("utf8"), note, ...(seed === undefined ? {} : { seed }) };
}

/** The terminal's width; a pseudo-terminal without a size reports 0, then $COLUMNS or 120. */
function terminalWidth(): number {
  return process.stdout.columns || Number(process.env.COLUMNS) || 120;
}

/** Samples now and after every change of the file or the files it read, until SIGINT or SIGTERM. */
async function watchFile(file: string, io: CliIo, once: () => Promise<Sampled>): Promise<void> {
  const clear = io.outTty ? "\x1b[2J\x1b[H" : "";
  let watchers: FSWatcher[] = [];
  let watched = "";
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const show = async () => {
    const r = await once();
    // Editors often replace a file (write elsewhere, rename): watch the folders, filter by name.
    // The watchers are in place before "watching for changes" is said: a save right after it counts.
    const files = new Set([resolve(io.cwd, file), ...r.sources]);
    const key = [...files].sort().join("\n");
    if (key !== watched) {
      watched = key;
      for (const w of watchers) w.close();
      const folders = new Set([...files].map((f) => dirname(f)));
      watchers = [...folders].map((folder) =>
        watch(folder, { recursive: false }, (_event, name) => {
          if (name !== null && ![...files].some((f) => f === resolve(folder, name.toString()))) return;
          clearTimeout(timer);
          timer = setTimeout(() => {
            running = running.then(show, show);
          }, 80);
        }),
      );
    }
    const stamp = new Date().toISOString().slice(11, 19);
    io.out(
      `${clear}${r.text}${r.note}-- ${stamp} ${r.ok ? "sampled" : "errors"} ${file}${r.seed ? ` (seed ${r.seed})` : ""}; watching for changes, Ctrl-C stops\n`,
    );
  };
  running = show();
  await running;
  await new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      clearTimeout(timer);
      for (const w of watchers) w.close();
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
