import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { rerootOutputs } from "../../src/app/runs/reroot-output.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { loadProject } from "../../src/config/index.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { TEST_NOW_MICROS } from "../support/plans.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

/**
 * The corpus's reference-mode plan (plan/new-features.yaml): existing JSON reference data as the
 * parent of `items.id` inside the generated json_array step. Its data sources are not in the
 * corpus's application.conf and two of its steps write to Cassandra and HTTP, which rowforge
 * cannot write yet: the test names the two connections in a configuration of its own, leaves
 * those two steps out and runs the rest, the reference data written beforehand where the step
 * reads it (under --output-root's folder, as `run --output-root` moves it).
 */
test("the corpus's new-features plan runs its reference-mode foreign key against JSON written beforehand", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "rowforge-corpus-ref-"));
  const conf = join(dir, "application.conf");
  writeFileSync(
    conf,
    'json {\n  fast_generation_reference {\n    path = "/tmp/unused"\n  }\n}\nhttp {\n  http_query_params {\n    url = "http://localhost:1"\n  }\n}\n',
  );
  const load = await loadProject([join(CORPUS, "plan/new-features.yaml")], {
    outputKinds: OUTPUT_KINDS,
    configPath: conf,
    env: {},
  });
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(errors, []);
  const loaded = load.plans[0]!;
  const runnable = {
    ...loaded,
    steps: loaded.steps.filter((s) => s.format === "json" || s.format === "csv"),
  };
  assert.deepEqual(
    runnable.steps.map((s) => s.step.name),
    ["reference_data", "json_array", "csv_accounts"],
  );
  const out = join(dir, "out");
  const plan = rerootOutputs(runnable, out);
  const ref = join(out, "opt/app/data/reference/json");
  mkdirSync(ref, { recursive: true });
  writeFileSync(
    join(ref, "part-00000.json"),
    '{"id":"REF-1","label":"a"}\n{"id":"REF-2","label":"b"}\n{"id":"REF-3","label":"c"}\n',
  );
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    seed: "7",
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.match(r.steps[0]!.skipped ?? "", /reference data: 3 distinct keys read/);
  const arrays = join(out, "opt/app/data/json-array");
  const text = readdirSync(arrays)
    .filter((f) => f.endsWith(".json"))
    .map((f) => readFileSync(join(arrays, f), "utf8"))
    .join("");
  const ids = (JSON.parse(text) as { id: string }[][]).flat().map((item) => item.id);
  assert.ok(ids.length > 0, text);
  assert.ok(
    ids.every((id) => /^REF-[123]$/.test(id)),
    text,
  );
});
