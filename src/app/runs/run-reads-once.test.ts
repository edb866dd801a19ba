import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { loadPlanFile } from "../../config/index.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { checkRun } from "./check-run.ts";
import type { RunJob } from "./run-job.ts";
import { DEFAULT_RUN_LIMITS } from "./run-limits.ts";
import { createRunThreads } from "./run-threads.ts";

const SCHEMA = {
  type: "object",
  properties: { code: { type: "string", enum: ["QZT"] } },
  required: ["code"],
};

test("a run thread adopts the plan's sources as its pre-run check read them (RunJob.reading): a JSON Schema removed after the check is not read again", async () => {
  const dir = fixtureDir({ "code.schema.json": JSON.stringify(SCHEMA) });
  writeFileSync(
    join(dir, "plan.yaml"),
    `name: codes\nsteps:\n  - name: codes\n    type: json\n    count: {records: 5}\n    options: {path: ${join(dir, "out")}, metadataSourceType: jsonSchema, jsonSchemaFile: ${join(dir, "code.schema.json")}}\n`,
  );
  const load = await loadPlanFile(join(dir, "plan.yaml"), { outputKinds: OUTPUT_KINDS, cwd: dir, env: {} });
  const check = await checkRun(load.plan!, { access: OPEN_ACCESS, readTables: true });
  assert.deepEqual(check.diagnostics, []);
  assert.ok(check.reading, "the check gives what it read");
  rmSync(join(dir, "code.schema.json"));
  const host = createRunThreads({ threads: 1, workers: 0 });
  const job = (id: string, adopted: Partial<RunJob>): RunJob => ({
    runId: id,
    mode: "generate",
    plan: check.plan,
    access: OPEN_ACCESS.rules,
    limits: DEFAULT_RUN_LIMITS,
    ...adopted,
  });
  const listener = { progress() {}, stepStart() {}, stepDone() {}, leftovers: async () => {} };
  try {
    const adopted = await host.start(job("adopted", { reading: check.reading! }), listener, { missing: "" })
      .ended;
    assert.equal(adopted.kind, "done");
    assert.equal(adopted.kind === "done" && adopted.result.success, true);
    const rows = readdirSync(join(dir, "out"))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) =>
        readFileSync(join(dir, "out", f), "utf8")
          .trim()
          .split("\n"),
      );
    assert.deepEqual(
      rows.map((l) => JSON.parse(l) as unknown),
      Array(5).fill({ code: "QZT" }),
    );
    // Without what the check read, the run reads the schema itself, and it is gone.
    const reread = await host.start(job("reread", {}), listener, { missing: "" }).ended;
    assert.equal(reread.kind, "failed");
    assert.match(String(reread.kind === "failed" && reread.error), /code\.schema\.json/);
  } finally {
    await host.close();
  }
});
