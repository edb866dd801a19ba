import { discardLeftovers } from "../../connectors/discard-leftovers.ts";
import { GENERATOR_VERSION } from "../../engine/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { type ExecutionCollection, type ExecutionRecord, openStore } from "../../store/index.ts";
import { reportRun } from "./report-run.ts";
import { withDetails } from "./run-details.ts";
import {
  forgetJournal,
  type JournalEntry,
  journalFolder,
  journalsLeftBehind,
  stoppedSteps,
} from "./run-journal.ts";
import { timeTaken } from "./time-taken.ts";

/** The failedReason of a run whose process ended under it. */
export const INTERRUPTED = "interrupted";

/**
 * Tells the runs whose process died (a server's or a `rowforge run`'s, killed or cut off) from
 * their journals in `folder`: removes what each left behind (temporary outputs, output locks,
 * its scratch folder), then records it failed "interrupted" with its time up to its last
 * record, the steps it wrote and the one it was writing, and writes its report. A run that
 * ended while the history was held elsewhere (a command-line run beside a server) has its
 * final record in its journal: that is put as is. A run whose record is already final only
 * loses its journal. Without `executions` (the history is held by
 * a running server) only the leftovers go; the journals stay for the next start that can record them.
 * Answers how many runs it recorded.
 */
export async function recoverLeftRuns(
  folder: string,
  executions: Pick<ExecutionCollection, "get" | "put"> | undefined,
  nowIso: () => string,
): Promise<number> {
  let recorded = 0;
  for (const entry of await journalsLeftBehind(folder)) {
    await discardLeftovers(entry.runId, entry.leftovers);
    if (!executions) continue;
    const known = await executions.get(entry.runId);
    if (entry.final) {
      // A run that ended while another process held the history: its record and report are final.
      if (known === undefined) {
        await executions.put(entry.final);
        recorded++;
      }
    } else if (known === undefined || known.status === "queued" || known.status === "running") {
      const record = interruptedRecord(entry, known, nowIso());
      const reportDir = await reportRun(entry.report, record, record.seed ?? "", GENERATOR_VERSION);
      await executions.put(reportDir ? withDetails(record, { reportDir }) : record);
      recorded++;
    }
    await forgetJournal(folder, entry.runId);
  }
  return recorded;
}

/**
 * recoverLeftRuns for a command-line run on `home`: the home's history is opened only when a
 * journal was left behind, and not at all while a server holds it (then only the leftovers go).
 */
export async function recoverLeftRunsOfHome(home: string): Promise<void> {
  const folder = journalFolder(home);
  if ((await journalsLeftBehind(folder)).length === 0) return;
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    store = await openStore(home);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
  }
  try {
    await recoverLeftRuns(folder, store?.executions, () => new Date().toISOString());
  } finally {
    await store?.close();
  }
}

/** The final record of a run told from its journal (and its record, a server's run). */
function interruptedRecord(
  entry: JournalEntry,
  known: ExecutionRecord | undefined,
  updatedTs: string,
): ExecutionRecord {
  return {
    ...(known ?? {
      id: entry.runId,
      planName: entry.planName,
      runBy: entry.runBy,
      updatedBy: entry.runBy,
      createdTs: entry.createdTs,
      validationSummary: [],
      reportLink: `/report/${entry.runId}/index.html`,
      mode: entry.mode,
    }),
    status: "failed",
    failedReason: INTERRUPTED,
    updatedTs,
    generationSummary: stoppedSteps(entry, INTERRUPTED),
    timeTaken: timeTaken(entry.seconds),
  };
}
