import { isRowforgeError } from "../../errors/index.ts";
import { openStore } from "../../store/index.ts";
import type { HeldHistory } from "./execute-run.ts";
import { NO_HISTORY_SOURCE } from "./plan-history.ts";

/** How long a delete waits for a home another command holds for a moment (a run recording itself). */
const LOCK_WAIT_MS = 2_000;

/** Opens a home's store, waiting a moment while another process holds it (a server holds it for good). */
async function openStoreSoon(home: string): Promise<Awaited<ReturnType<typeof openStore>>> {
  const until = performance.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      return await openStore(home);
    } catch (e) {
      if (!isRowforgeError(e) || e.code !== "RF_STORE_LOCKED" || performance.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Opens a home's run history for a command-line delete, held until `release`. Without a home,
 * or with one another process holds (a running server), the source says why there is no
 * history: database steps then fail saying what to do, files need none.
 */
export async function openDeleteHistory(home: string | undefined): Promise<HeldHistory> {
  const none = async () => {};
  if (home === undefined) return { source: NO_HISTORY_SOURCE, release: none };
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStoreSoon(home);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return {
      source: {
        missing: `the run history in ${home} cannot be opened (${e.message}); if a rowforge server holds it, send the delete to that server (POST /run/delete-data)`,
      },
      release: none,
    };
  }
  return { source: { executions: store.executions }, release: () => store.close() };
}
