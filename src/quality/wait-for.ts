import { stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import type { ResourceAccess } from "../access/index.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { WaitCondition } from "../model/validation.ts";

/** The longest pause rowforge takes for a wait condition (a typo of 3600 would hang a run). */
const MAX_WAIT_SECONDS = 600;
/** How long one webhook request may take before it counts as a failed try. */
const WEBHOOK_TIMEOUT_MS = 10_000;

const seconds = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, MAX_WAIT_SECONDS) : fallback;
};

/** Whether a data source holds a row meeting `expr` now (`dataExists`): the runner reads it. */
export type DataExists = (
  dataSourceName: string,
  options: Readonly<Record<string, string>>,
  expr: string,
) => Promise<boolean>;

/**
 * Waits for a data source before validating it, as Data Caterer's wait conditions do:
 * `pauseInSeconds` sleeps; `path` waits until the file or folder exists; `dataSourceName` +
 * `options` + `expr` until the data holds a row meeting expr; `url` (+ `method`, default GET,
 * and `statusCodes`, default [200]) until the webhook answers one of those statuses. The
 * retrying ones try `maxRetries` more times (default 10), `waitBeforeRetrySeconds` apart
 * (default 2), then throw RF_VALIDATION_WAIT_FAILED saying what was waited for and the last
 * answer. Cancelling the signal stops the wait. The path and the URL are held to the access
 * rules (a refusal ends the wait at once: it is no answer that may change).
 */
export async function waitFor(
  w: WaitCondition,
  dataExists: DataExists,
  access: ResourceAccess,
  signal?: AbortSignal,
): Promise<void> {
  const o = w.options;
  const pause = (s: number) => sleep(s * 1000, undefined, signal ? { signal } : {});
  if (w.kind === "pause") {
    await pause(seconds(o.pauseInSeconds, 0));
    return;
  }
  const retries = Math.max(0, Math.floor(Number(o.maxRetries ?? 10)) || 0);
  const gap = seconds(o.waitBeforeRetrySeconds, 2);
  let last = "";
  const attempt = async (): Promise<boolean> => {
    switch (w.kind) {
      case "fileExists":
        return stat(await access.readable(String(o.path), "wait condition path")).then(
          () => true,
          () => false,
        );
      case "dataExists": {
        const options =
          typeof o.options === "object" && o.options !== null ? (o.options as Record<string, string>) : {};
        try {
          return await dataExists(String(o.dataSourceName), options, String(o.expr ?? "true"));
        } catch (e) {
          // Data that cannot be read yet (no file, no table) is data that does not exist yet.
          if (
            e instanceof RowforgeError &&
            e.code !== "RF_SQL_INVALID" &&
            e.code !== "RF_VALIDATION_FIELD_UNKNOWN"
          ) {
            last = `: ${e.message}`;
            return false;
          }
          throw e;
        }
      }
      default: {
        const codes = Array.isArray(o.statusCodes) ? o.statusCodes.map(Number) : [200];
        try {
          const r = await access.fetch(
            String(o.url),
            {
              method: String(o.method ?? "GET").toUpperCase(),
              signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), ...(signal ? [signal] : [])]),
            },
            "wait condition url",
          );
          await r.body?.cancel();
          last = `: the last answer was ${r.status}`;
          return codes.includes(r.status);
        } catch (e) {
          signal?.throwIfAborted();
          if (isRowforgeError(e)) throw e;
          last = `: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`;
          return false;
        }
      }
    }
  };
  for (let n = 0; ; n++) {
    if (await attempt()) return;
    if (n >= retries) break;
    await pause(gap);
  }
  const what =
    w.kind === "fileExists"
      ? `${String(o.path)} to exist`
      : w.kind === "dataExists"
        ? `data in ${String(o.dataSourceName)} where ${String(o.expr ?? "true")}`
        : `${String(o.url)} to answer ${JSON.stringify(o.statusCodes ?? [200])}`;
  throw new RowforgeError(
    "RF_VALIDATION_WAIT_FAILED",
    `waited for ${what} (${retries + 1} tries, ${gap} s apart)${last}`,
  );
}
