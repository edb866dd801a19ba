import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import type { Leftover } from "../../connectors/connector.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionMode, ExecutionRecord } from "../../store/index.ts";
import { maskDeep } from "../catalog/secrets.ts";
import type { ReportPlace } from "./report-run.ts";

/** The step a run was writing, as far as it got. */
export interface JournalStep {
  readonly name: string;
  readonly task: string;
  readonly dataSource: string;
  readonly format: string;
  readonly done: number;
  readonly total: number;
  /** Message and HTTP steps: what was acknowledged (delivered), which stays whatever happens to the run. */
  readonly delivered?: number;
  /** Seconds into the run when the step started. */
  readonly startedAt: number;
}

/**
 * What is known of a run while it goes, kept in a file of the home's `running/` folder: a run
 * whose process dies (kill -9, power loss) is told from it at the next start, and what it
 * left behind is removed.
 */
export interface JournalEntry {
  readonly runId: string;
  readonly planName: string;
  readonly mode: ExecutionMode;
  readonly runBy: string;
  readonly createdTs: string;
  /** The process running it (on `host`): a live one is never taken for dead. */
  readonly pid: number;
  readonly host: string;
  /** Seconds from its start to the last record (kept current about once a second). */
  readonly seconds: number;
  /** What it may leave behind when stopped at once: removed for it afterwards. */
  readonly leftovers: readonly Leftover[];
  /** The steps it finished (written, skipped or failed), in order. */
  readonly steps: readonly StepReport[];
  /** The step it was writing. */
  readonly current?: JournalStep;
  /** Where its report goes (absent: the configuration asks for none). */
  readonly report?: ReportPlace;
  /**
   * The run ended, but its history was held by another process (a running server): its
   * record, put as is by the next opener of the history (its report is written already).
   */
  readonly final?: ExecutionRecord;
}

/** A running run's journal: it records as the run goes, and is closed (its file removed) once the run is recorded. */
export interface RunJournal {
  /** What is known so far. */
  readonly entry: JournalEntry;
  /** Adds what the run may leave behind; resolves once it is on disk (before the run makes any). */
  leftovers(list: readonly Leftover[]): Promise<void>;
  /** A step's progress (rows done of its total; a message step's acknowledged count). */
  progress(name: string, done: number, total: number, delivered?: number): void;
  stepDone(report: StepReport): Promise<void>;
  /**
   * The run ended and its history cannot be written now (another process holds it): the
   * journal stays with the run's record, for the next opener of the history (recover-runs.ts).
   */
  finish(record: ExecutionRecord): Promise<void>;
  /** The run is recorded for good: the journal goes (a finished journal stays). */
  close(): Promise<void>;
}

/** How often a running run's journal is written (its seconds and progress). */
export const JOURNAL_INTERVAL_MS = 1_000;

/** The steps of a plan as a journal names them (a step's task, data source and format by its name). */
export type StepFacts = ReadonlyMap<string, Pick<StepReport, "task" | "dataSource" | "format">>;

/**
 * Starts the journal of a run of `plan` in `folder` (none: in memory only): its steps named,
 * its report at `place`, as the run's report will be (reportPlace).
 */
export function journalRun(
  folder: string | undefined,
  plan: ResolvedPlan,
  run: Omit<JournalStart, "planName" | "report">,
  place: ReportPlace | undefined,
  onError?: (e: unknown) => void,
): Promise<RunJournal> {
  return startJournal(
    folder,
    { ...run, planName: plan.plan.name, ...(place ? { report: place } : {}) },
    stepFactsOf(plan),
    onError,
  );
}

/** A plan's step facts (the first step of a name, as progress names steps). */
function stepFactsOf(plan: ResolvedPlan): StepFacts {
  const facts = new Map<string, Pick<StepReport, "task" | "dataSource" | "format">>();
  for (const s of plan.steps)
    if (!facts.has(s.step.name))
      facts.set(s.step.name, { task: s.taskName, dataSource: s.dataSourceName, format: s.format });
  return facts;
}

export interface JournalStart {
  readonly runId: string;
  readonly planName: string;
  readonly mode: ExecutionMode;
  readonly runBy: string;
  readonly createdTs: string;
  readonly report?: ReportPlace;
}

/** The journals of a home: `<home>/running/<run id>.json`, the owner's only. */
export const journalFolder = (home: string): string => join(home, "running");

/**
 * Starts the journal of a run in `folder` and writes it once; then it is written when the
 * run's leftovers or steps change and about once a second (progress, seconds) until closed.
 * Without a folder it is kept in memory only (what a stopped run's record is made from).
 * A write that fails (a full disk) never fails the run: the first is told to `onError`, and
 * later writes try again.
 */
export async function startJournal(
  folder: string | undefined,
  start: JournalStart,
  steps: StepFacts,
  onError: (e: unknown) => void = () => {},
): Promise<RunJournal> {
  const began = performance.now();
  let entry: JournalEntry = {
    ...start,
    // The report's configuration as the report would show it: masked.
    ...(start.report ? { report: maskDeep(start.report) as ReportPlace } : {}),
    pid: process.pid,
    host: hostname(),
    seconds: 0,
    leftovers: [],
    steps: [],
  };
  const file = folder === undefined ? undefined : join(folder, `${start.runId}.json`);
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  let finished = false;
  let told = false;
  const write = (): Promise<void> => {
    entry = { ...entry, seconds: (performance.now() - began) / 1000 };
    if (file === undefined) return writing;
    const text = JSON.stringify(entry);
    const path = file;
    writing = writing.then(async () => {
      if (closed) return;
      try {
        await writeWhole(path, text);
      } catch (e) {
        if (!told) onError(e);
        told = true;
      }
    });
    return writing;
  };
  await write();
  const timer = setInterval(() => void write(), JOURNAL_INTERVAL_MS);
  timer.unref();
  return {
    get entry() {
      return { ...entry, seconds: (performance.now() - began) / 1000 };
    },
    leftovers(list) {
      entry = { ...entry, leftovers: [...entry.leftovers, ...list] };
      return write();
    },
    progress(name, done, total, delivered) {
      const facts = steps.get(name);
      const startedAt =
        entry.current?.name === name ? entry.current.startedAt : (performance.now() - began) / 1000;
      entry = {
        ...entry,
        current: {
          name,
          task: facts?.task ?? "",
          dataSource: facts?.dataSource ?? "",
          format: facts?.format ?? "",
          done,
          total,
          ...(delivered !== undefined ? { delivered } : {}),
          startedAt,
        },
      };
    },
    stepDone(report) {
      const { current: _, ...rest } = entry;
      entry = { ...rest, steps: [...entry.steps, report] };
      return write();
    },
    async finish(record) {
      clearInterval(timer);
      await writing;
      closed = true;
      finished = true;
      // Not told to onError: a record that cannot be kept is the caller's to report.
      if (folder !== undefined) await journalFinishedRun(folder, record);
    },
    async close() {
      clearInterval(timer);
      await writing;
      closed = true;
      // A journal that stays is harmless: its run's record is final, and the next start only drops it.
      if (folder !== undefined && !finished) await forgetJournal(folder, start.runId).catch(onError);
    },
  };
}

/**
 * The step reports of a run stopped before its end (`why`: cancelled, shutdown, interrupted):
 * the steps it finished, then the one it was writing, of which nothing is kept (what a message
 * step had delivered stays, and is counted).
 */
export function stoppedSteps(
  entry: Pick<JournalEntry, "steps" | "current" | "seconds">,
  why: string,
): StepReport[] {
  const c = entry.current;
  if (!c) return [...entry.steps];
  const seconds = Math.max(0, entry.seconds - c.startedAt);
  const delivered = c.delivered ?? 0;
  return [
    ...entry.steps,
    {
      name: c.name,
      task: c.task,
      dataSource: c.dataSource,
      format: c.format,
      records: delivered,
      bytes: 0,
      seconds,
      rowsPerSecond: seconds > 0 ? delivered / seconds : 0,
      success: false,
      outputs: [],
      error:
        c.delivered !== undefined
          ? `${why}: ${delivered} of ${c.total} rows were delivered before the run stopped`
          : `${why}: stopped at ${c.done} of ${c.total} rows; nothing of it kept`,
    },
  ];
}

/**
 * The journals in `folder` of runs whose process is gone (a journal of a live process on this
 * host, a run going on, is left alone). Unreadable journals are skipped.
 */
export async function journalsLeftBehind(folder: string): Promise<JournalEntry[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const out: JournalEntry[] = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    try {
      const entry = JSON.parse(await readFile(join(folder, name), "utf8")) as JournalEntry;
      if (typeof entry.runId !== "string" || `${entry.runId}.json` !== name) continue;
      // A run of another host (a home on a shared disk) cannot be told dead from here.
      if (entry.host !== hostname() || processAlive(entry.pid)) continue;
      out.push(entry);
    } catch {
      // Half-written or damaged: nothing can be told from it.
    }
  }
  return out;
}

/**
 * Leaves the record of an ended run in `folder` (a journal with its `final` record) when its
 * history is held by another process: the next opener of the history puts it as is.
 */
export async function journalFinishedRun(folder: string, record: ExecutionRecord): Promise<void> {
  const entry: JournalEntry = {
    runId: record.id,
    planName: record.planName,
    mode: record.mode,
    runBy: record.runBy,
    createdTs: record.createdTs,
    pid: process.pid,
    host: hostname(),
    seconds: 0,
    leftovers: [],
    steps: [],
    final: record,
  };
  await writeWhole(join(folder, `${record.id}.json`), JSON.stringify(entry));
}

/** Writes a journal whole or not at all: a process killed mid-write leaves the previous one. */
async function writeWhole(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(`${path}.tmp`, text, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/** Removes a run's journal (its run is recorded for good). */
export async function forgetJournal(folder: string, runId: string): Promise<void> {
  await rm(join(folder, `${runId}.json`), { force: true });
  await rm(join(folder, `${runId}.json.tmp`), { force: true });
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
