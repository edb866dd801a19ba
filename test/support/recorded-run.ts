import assert from "node:assert/strict";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { recordOf } from "../../src/app/runs/record-run.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import type { Store } from "../../src/store/index.ts";
import { OPEN_ACCESS } from "./open-access.ts";
import { TEST_NOW_MICROS } from "./plans.ts";

/**
 * A generate run (the plan's seed, or `seed`) that must succeed, recorded in the store's run
 * history as the CLI records it: what delete mode later finds its rows by.
 */
export async function generateRecorded(plan: ResolvedPlan, store: Store, seed?: string): Promise<void> {
  const r = await runPlan(plan, {
    // The CLI's access: these runs are a local user's.
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
    ...(seed ? { seed } : {}),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const ts = new Date().toISOString();
  await store.executions.put(recordOf(r, "generate", ts, ts));
}
