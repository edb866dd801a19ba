/**
 * In-process split of a worker's NDJSON work on the W1 plan, one thread, no pool:
 *   node bench/micro-ndjson.ts [rows=200000] [reps=3] [plan dir=bench/plans/w1] [--profile=FILE]
 * Generates the rows in 10,000-row batches as the engine's columns, then encodes the same
 * columns with the column encoder; prints CPU ns per row for each (best of the reps) and the bytes.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { OUTPUT_KINDS } from "../src/app/output-kinds.ts";
import { loadProject } from "../src/config/index.ts";
import { compilePlan } from "../src/engine/compile/compile-plan.ts";
import { loadPlanCode } from "../src/engine/compile/load-plan-code.ts";
import { ByteSink } from "../src/formats/arrow-values/byte-sink.ts";
import { ndjsonFormat } from "../src/formats/ndjson/ndjson-format.ts";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const rows = Number(args[0] ?? 200_000);
const reps = Number(args[1] ?? 3);
const dir = args[2] ?? new URL("./plans/w1", import.meta.url).pathname;
const BATCH = 10_000;
/** This process's CPU time (user + system), ms: steadier than wall time on a shared machine. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = await loadProject([dir], { outputKinds: OUTPUT_KINDS });
const plan = load.plans[0]!;
await loadPlanCode(plan);
const step = compilePlan(plan, { seed: "1", nowMicros: Date.UTC(2026, 10, 1) * 1000, fastMode: false })
  .steps[0]!;
const encoder = ndjsonFormat.columnEncoder!(step.output, {})!;
const out = new ByteSink(BATCH * 512);
// One unmeasured pass: makes the fast-mode faker pools (a run makes them before its workers start).
for (let start = 0; start < Math.min(rows, 4 * BATCH); start += BATCH) step.columns(start, BATCH);
// --profile=FILE: a CPU profile of the measured passes only (the warm-up left out).
const profileArg = process.argv.find((a) => a.startsWith("--profile="));
const session = profileArg ? new Session() : undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    session!.post(method, params, (e, r) => (e ? reject(e) : resolve(r))),
  );
if (session) {
  session.connect();
  await post("Profiler.enable");
  await post("Profiler.start");
}
let bestGen = Infinity;
let bestEnc = Infinity;
let bytes = 0;
for (let r = 0; r < reps; r++) {
  let gen = 0;
  let enc = 0;
  bytes = 0;
  for (let start = 0; start < rows; start += BATCH) {
    const t0 = cpuMs();
    const cols = step.columns(start, Math.min(BATCH, rows - start));
    const t1 = cpuMs();
    out.pos = 0;
    encoder.encodeColumns(cols, cols[0]!.length, out);
    const t2 = cpuMs();
    bytes += out.pos;
    gen += t1 - t0;
    enc += t2 - t1;
  }
  bestGen = Math.min(bestGen, gen);
  bestEnc = Math.min(bestEnc, enc);
}
if (session) {
  const { profile } = (await post("Profiler.stop")) as { profile: unknown };
  writeFileSync(profileArg!.slice(10), JSON.stringify(profile));
}
const ns = (ms: number) => ((ms * 1e6) / rows).toFixed(0);
console.log(
  `generate ${ns(bestGen)} ns/row, encode ${ns(bestEnc)} ns/row, ${(bytes / rows).toFixed(1)} bytes/row`,
);
