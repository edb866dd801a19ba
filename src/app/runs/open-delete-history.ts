import { isRowforgeError } from "../../errors/index.ts";
import { openStore } from "../../store/index.ts";
import type { DeleteHistorySource } from "./plan-history.ts";

/**
 * Opens a home's run history for a command-line delete and runs `work` with it, closing the
 * store after. Without a home, or with one another process holds (a running server), `work`
 * gets why there is no history: database steps then fail saying what to do, files need none.
 */
export async function withDeleteHistory<T>(
  home: string | undefined,
  work: (history: DeleteHistorySource | undefined) => Promise<T>,
): Promise<T> {
  if (home === undefined) return work(undefined);
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(home);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return work({
      missing: `the run history in ${home} cannot be opened (${e.message}); if a rowforge server holds it, send the delete to that server (POST /run/delete-data)`,
    });
  }
  try {
    return await work({ executions: store.executions });
  } finally {
    await store.close();
  }
}
