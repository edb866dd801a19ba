import type { Leftover } from "../../connectors/connector.ts";
import type { JobListener } from "./run-job.ts";
import type { RunJournal } from "./run-journal.ts";

/** What an adapter watches of a run as it goes: the server's live view, the terminal's progress. */
export type RunWatch = Partial<Omit<JobListener, "leftovers">>;

/**
 * The listener of a run's job: passes its events to the adapter's view (`watch`) and the
 * run's journal, and collects what it may leave behind (`leftovers`, removed for it when it ends).
 */
export function jobRelay(journal: RunJournal, leftovers: Leftover[], watch: RunWatch = {}): JobListener {
  return {
    progress(step, done, total, delivery) {
      watch.progress?.(step, done, total, delivery);
      journal.progress(step, done, total, delivery?.acknowledged);
    },
    stepStart(step) {
      watch.stepStart?.(step);
      journal.progress(step, 0, 0);
    },
    stepDone(r) {
      watch.stepDone?.(r);
      void journal.stepDone(r);
    },
    async leftovers(list) {
      leftovers.push(...list);
      await journal.leftovers(list);
    },
  };
}
