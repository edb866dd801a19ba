/**
 * One measurement in a fresh process (so peak RSS is its own):
 *   node bench/workload.ts rowforge <plan dir> <workers> [records per step] [--pooled]
 *   node bench/workload.ts baseline <w1|w2|w3> <rows>
 * Prints one JSON line: rows, seconds, peak RSS in MiB. Datafaker expressions make every row's
 * values (the default of `rowforge run`); `--pooled` draws them from pools (`run --pooled`).
 */

import { createInlineExecutor } from "../src/app/executors.ts";
import { OUTPUT_KINDS } from "../src/app/output-kinds.ts";
import { loadProject } from "../src/config/index.ts";
import { compilePlan } from "../src/engine/compile/compile-plan.ts";
import { generateStep } from "../src/engine/run/generate-step.ts";
import { loadSqlCompiler } from "../src/engine/sql/index.ts";
import { createPoolExecutor } from "../workers/pool-executor.ts";
import { BASELINES } from "./baselines.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const NOW_MICROS = Date.UTC(2026, 10, 1) * 1000;
const BATCH = 50_000;
const args = process.argv.slice(2);
const pooled = args.includes("--pooled");
const [mode, target, arg3, arg4] = args.filter((a) => a !== "--pooled");

const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

if (mode === "baseline") {
  const baseline = BASELINES[target ?? ""];
  if (!baseline) throw new Error(`no baseline ${target}`);
  const rows = Number(arg3);
  let count = 0;
  let batch: object[] = [];
  const started = performance.now();
  baseline(rows, (row) => {
    batch.push(row);
    count++;
    if (batch.length === 10_000) batch = [];
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ rows: count, seconds, peakRssMiB: peakRssMiB() }));
} else if (mode === "rowforge") {
  const workers = Number(arg3);
  const load = await loadProject([target ?? ""], { outputKinds: OUTPUT_KINDS });
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join("\n"));
  const plan = load.plans[0]!;
  const options = {
    seed: "1",
    nowMicros: NOW_MICROS,
    fastMode: pooled,
    ...(arg4 ? { numRecordsPerStep: Number(arg4) } : {}),
  };
  const executor = workers > 0 ? createPoolExecutor(workers) : createInlineExecutor();
  executor.register({ planKey: "bench", plan, options });
  // Workers compile the plan on their first batch; warm them so start-up is not counted as generation.
  const compiled = compilePlan(plan, options);
  const first = compiled.steps[0]!;
  await Promise.all(
    Array.from({ length: Math.max(workers, 1) }, () =>
      executor.run({ planKey: "bench", stepId: first.id, start: 0, count: 1 }),
    ),
  );
  let rows = 0;
  let bytes = 0;
  const started = performance.now();
  for (const step of compiled.steps) {
    await generateStep(
      executor,
      { planKey: "bench" },
      { stepId: step.id, rowCount: step.rowCount },
      BATCH,
      (b, _s, n) => {
        rows += n;
        bytes += b.kind === "arrow" ? b.ipc.byteLength : b.bytes.byteLength;
      },
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await executor.close();
  console.log(JSON.stringify({ rows, seconds, arrowMiB: bytes / 1048576, peakRssMiB: peakRssMiB() }));
} else {
  throw new Error("usage: workload.ts rowforge <plan> <workers> [records] | baseline <w1|w2|w3> <rows>");
}
