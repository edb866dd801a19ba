import type { Leftover } from "../../connectors/connector.ts";
import type { JobListener } from "./run-job.ts";
import type { RunJournal } from "./run-journal.ts";
import type { RunProgress } from "./run-progress.ts";

/**
 * The listener of a run's job: passes its events to the live view (run-progress) and its
 * journal, and collects what it may leave behind (`leftovers`, removed for it when it ends).
 */
export function jobRelay(
  runId: string,
  progress: RunProgress,
  journal: RunJournal,
  leftovers: Leftover[],
): JobListener {
  return {
    progress(step, done, total, delivery) {
      progress.step(runId, step, done, total, delivery);
      journal.progress(step, done, total, delivery?.acknowledged);
    },
    stepStart(step) {
      progress.step(runId, step, 0, 0);
      journal.progress(step, 0, 0);
    },
    stepDone(r) {
      progress.stepDone(runId, r.name, r.records, r.rowsPerSecond);
      void journal.stepDone(r);
    },
    async leftovers(list) {
      leftovers.push(...list);
      await journal.leftovers(list);
    },
  };
}
