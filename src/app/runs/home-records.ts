import { isRowforgeError } from "../../errors/index.ts";
import { openStore } from "../../store/index.ts";
import type { RunRecords } from "./execute-run.ts";
import { openDeleteHistory } from "./open-delete-history.ts";
import { NO_HISTORY_SOURCE } from "./plan-history.ts";
import { journalFinishedRun, journalFolder } from "./run-journal.ts";

/**
 * The records of a command-line run in a rowforge home (none: `--no-history`): nothing is
 * stored while it runs, so a server may hold the home meanwhile; a delete holds the history
 * while it deletes; the final record goes into the history as the server's runs do. A home
 * whose history another process holds (a running server) gets the record through the run's
 * journal (its file when `journaled`, else one left for it): the next opener of the history
 * (that server's next delete or start, the next command-line run) puts it there.
 */
export function homeRecords(home: string | undefined, journaled: boolean): RunRecords {
  return {
    started: async (record) => record,
    history: async (mode) =>
      mode === "delete" ? openDeleteHistory(home) : { source: NO_HISTORY_SOURCE, release: async () => {} },
    async keep(final, journal) {
      if (home === undefined) return { record: final, recorded: false };
      let store: Awaited<ReturnType<typeof openStore>>;
      try {
        store = await openStore(home);
      } catch (e) {
        if (!isRowforgeError(e)) throw e;
        if (e.code !== "RF_STORE_LOCKED") return { record: final, recorded: false, note: e.message };
        try {
          await (journal && journaled
            ? journal.finish(final)
            : journalFinishedRun(journalFolder(home), final));
        } catch (w) {
          const why = w instanceof Error ? w.message : String(w);
          return { record: final, recorded: false, note: `${e.message}, and ${why}` };
        }
        return {
          record: final,
          recorded: true,
          note: `another rowforge process (a server) holds the history of ${home}: the run is added to it when that server next lists its history or runs a delete, or by the next rowforge run on the home`,
        };
      }
      try {
        await store.executions.put(final);
        return { record: final, recorded: true };
      } catch (e) {
        // The run itself is done: a store that cannot write (a full disk) only loses its history entry.
        if (isRowforgeError(e)) return { record: final, recorded: false, note: e.message };
        throw e;
      } finally {
        await store.close();
      }
    },
  };
}
