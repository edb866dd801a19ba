import { stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { RowforgeError } from "../../errors/index.ts";
import type { WaitCondition } from "../../model/validation.ts";

/** The longest pause rowforge takes for a wait condition (a typo of 3600 would hang a run). */
const MAX_WAIT_SECONDS = 600;

const seconds = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, MAX_WAIT_SECONDS) : fallback;
};

/**
 * Waits for a data source before validating it, as Data Caterer's wait conditions do:
 * `pauseInSeconds` sleeps; `path` retries until the file or folder exists (maxRetries,
 * default 10, waitBeforeRetrySeconds apart, default 2) and else throws
 * RF_VALIDATION_WAIT_FAILED. `dataExists` and `webhook` waits are a seam not built yet:
 * RF_VALIDATION_NOT_SUPPORTED. Cancelling the signal stops the wait.
 */
export async function waitFor(w: WaitCondition, signal?: AbortSignal): Promise<void> {
  const o = w.options;
  switch (w.kind) {
    case "pause":
      await sleep(seconds(o.pauseInSeconds, 0) * 1000, undefined, signal ? { signal } : {});
      return;
    case "fileExists": {
      const path = String(o.path);
      const retries = Math.max(0, Math.floor(Number(o.maxRetries ?? 10)) || 0);
      const gap = seconds(o.waitBeforeRetrySeconds, 2);
      for (let attempt = 0; ; attempt++) {
        if (
          await stat(path).then(
            () => true,
            () => false,
          )
        )
          return;
        if (attempt >= retries) break;
        await sleep(gap * 1000, undefined, signal ? { signal } : {});
      }
      throw new RowforgeError(
        "RF_VALIDATION_WAIT_FAILED",
        `waited for ${path} to exist (${retries + 1} tries, ${gap} s apart); it does not`,
      );
    }
    default:
      throw new RowforgeError("RF_VALIDATION_NOT_SUPPORTED", `the ${w.kind} wait condition is not run yet`, {
        hint: "use pauseInSeconds or path (file exists) for now",
      });
  }
}
