import { existsSync } from "node:fs";
import { isRowforgeError } from "../../errors/index.ts";
import type { StepReport } from "../../model/step-report.ts";
import { type ExecutionRecord, openStore, type Store, storeLocation } from "../../store/index.ts";
import { openStoreSnapshot } from "../../store/open-store-snapshot.ts";

/** The step reports of the run metric validations are checked against, or why there is none. */
export type LastRunReports =
  | { readonly reports: readonly StepReport[]; readonly runId: string; readonly createdTs: string }
  | { readonly missing: string };

/** How many runs of the history are looked through for the plan's last one. */
const LOOK_BACK = 1000;

/**
 * The last generate run of a plan recorded in a home's history (its step reports, deliveries
 * included), for `rowforge check` of metric validations: the newest run of the plan by name,
 * or, for validation files on their own (`planName` undefined), the newest run that wrote to
 * one of `dataSources`. A home held by a running server is read through a snapshot.
 */
export async function lastRunReports(
  home: string | undefined,
  planName: string | undefined,
  dataSources: readonly string[],
): Promise<LastRunReports> {
  const whose =
    planName !== undefined
      ? `plan "${planName}"`
      : `data source ${dataSources.map((d) => `"${d}"`).join(", ")}`;
  if (home === undefined)
    return {
      missing: `metric validations measure a run, and no rowforge home is given to find the last run of ${whose} in: give --home (or ROWFORGE_HOME) where rowforge run recorded it`,
    };
  if (!existsSync(storeLocation(home)))
    return { missing: `${home} holds no run history (no store), so there is no run of ${whose} to measure` };
  let store: Store;
  try {
    store = await openStore(home);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    if (e.code !== "RF_STORE_LOCKED")
      return { missing: `the run history in ${home} cannot be read: ${e.message}` };
    store = await openStoreSnapshot(home);
  }
  try {
    const records = await store.executions.list({ limit: LOOK_BACK });
    const wrote = (r: ExecutionRecord) =>
      (r.generationSummary as readonly StepReport[]).some((s) => dataSources.includes(s?.dataSource));
    const last = records.find(
      (r) =>
        r.mode === "generate" &&
        r.generationSummary.length > 0 &&
        (planName !== undefined ? r.planName === planName : wrote(r)),
    );
    if (!last)
      return {
        missing: `no generate run of ${whose} is recorded in ${home}: run it with rowforge run --home ${home} first`,
      };
    return {
      reports: last.generationSummary as readonly StepReport[],
      runId: last.id,
      createdTs: last.createdTs,
    };
  } finally {
    await store.close();
  }
}
