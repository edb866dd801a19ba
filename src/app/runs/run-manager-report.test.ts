import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { loadPlanFile } from "../../config/index.ts";
import { type ExecutionRecord, openStore } from "../../store/index.ts";
import { createInlineExecutor } from "../executors.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { inThreadHost } from "./run-host.ts";
import { createRunManager } from "./run-manager.ts";

test("item 12: a run's report is written before its status becomes success or failed", async () => {
  const out = fixtureDir({});
  const dir = fixtureDir({
    "ok.yaml": `name: ok\nsteps:\n  - name: s\n    options: {path: ${out}/s}\n    count: {records: 5}\n    fields: [{name: id}]\n`,
    "fails.yaml": `name: fails\nsteps:\n  - name: s\n    options: {path: ${out}/f, saveMode: errorIfExists}\n    count: {records: 5}\n    fields: [{name: id}]\n`,
  });
  const store = await openStore(join(dir, "home"));
  // Every stored record with a final status must already point at a report on disk.
  const seen: ExecutionRecord[] = [];
  const put = store.executions.put.bind(store.executions);
  store.executions.put = async (r: ExecutionRecord) => {
    if (r.status === "success" || r.status === "failed") {
      const reportDir = (r.details as { reportDir?: string } | undefined)?.reportDir;
      assert.ok(
        reportDir && existsSync(join(reportDir, "index.html")),
        `${r.status} stored before its report`,
      );
      seen.push(r);
    }
    return put(r);
  };
  const runs = createRunManager({
    access: OPEN_ACCESS,
    store,
    reportsRoot: join(dir, "home", "reports"),
    host: inThreadHost(() => createInlineExecutor()),
  });
  try {
    const ok = (await loadPlanFile(join(dir, "ok.yaml"), { outputKinds: OUTPUT_KINDS, env: {}, cwd: dir }))
      .plan!;
    const fails = (
      await loadPlanFile(join(dir, "fails.yaml"), { outputKinds: OUTPUT_KINDS, env: {}, cwd: dir })
    ).plan!;
    await runs.submit(ok, "generate", "test");
    await runs.submit(fails, "generate", "test");
    await runs.submit(fails, "generate", "test"); // the output exists now: this run fails
    await runs.idle();
    assert.deepEqual(
      seen.map((r) => r.status),
      ["success", "success", "failed"],
    );
  } finally {
    await store.close();
  }
});
