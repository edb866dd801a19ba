import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createRuntime } from "./compose.ts";
import { createInlineExecutor } from "./executors.ts";
import { inThreadHost } from "./runs/run-host.ts";

const options = (home: string, cwd: string) => ({
  home,
  env: {},
  cwd,
  // Plans of this runtime write under its working folder (the home inside it stays closed to them).
  access: { dataDirs: [cwd] },
  host: inThreadHost(() => createInlineExecutor()),
});

test("a runtime over a home runs a plan, records it in the home's store and report folder, and releases the home on close", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-compose-"));
  const home = join(dir, "home");
  const runtime = await createRuntime(options(home, dir));
  assert.equal(runtime.service.transformationsFolder, join(home, "transformations"));
  const { plan, diagnostics } = await runtime.service.resolveRequest({
    plan: { name: "compose_plan", tasks: [{ name: "t", dataSourceName: "files" }] },
    tasks: [
      {
        name: "t",
        type: "json",
        options: { path: join(dir, "out") },
        count: { records: 20 },
        fields: [{ name: "id", options: { regex: "P[0-9]{4}" } }],
      },
    ],
  });
  assert.ok(plan, JSON.stringify(diagnostics));
  const queued = await runtime.runs.submit(plan, "generate", "test");
  await runtime.runs.idle();
  const record = await runtime.store.executions.get(queued.id);
  assert.equal(record?.status, "success", record?.failedReason ?? "");
  assert.ok(existsSync(join(home, "reports", queued.id, "index.html")), "the report is under <home>/reports");
  assert.ok(readdirSync(join(dir, "out")).some((f) => f.startsWith("part-")));
  assert.equal(await runtime.close(1_000), true, "no run was cut short");
  // Closing twice is harmless, and the home is free again: a second runtime opens it and sees the run.
  assert.equal(await runtime.close(), true);
  const again = await createRuntime(options(home, dir));
  try {
    assert.equal((await again.store.executions.get(queued.id))?.status, "success");
  } finally {
    await again.close();
  }
});

test("a home another runtime holds is refused with RF_STORE_LOCKED", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-compose-"));
  const first = await createRuntime(options(join(dir, "home"), dir));
  try {
    await assert.rejects(createRuntime(options(join(dir, "home"), dir)), { code: "RF_STORE_LOCKED" });
  } finally {
    await first.close();
  }
});
