/**
 * `npm run bench`: each workload in its own process, with the per-row @faker-js/faker loop
 * measured in the same run as the reference. Prints a table and writes bench/results/.
 * Options: --quick (smaller row counts), --only w1,w3.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { runFormatBenchmarks } from "./formats.ts";
import { runHttpBenchmark } from "./http.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice(7).split(",")) : undefined;
const cores = availableParallelism();

interface Measure {
  rows: number;
  seconds: number;
  peakRssMiB: number;
}

function measure(args: string[]): Measure {
  const out = execFileSync(process.execPath, [here("./workload.ts"), ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as Measure;
}

const rate = (m: Measure) => m.rows / m.seconds;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  cores,
  node: process.version,
  quick,
};
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

const scale = quick ? 10 : 1;
const workloads = [
  { id: "w1", plan: here("./plans/w1"), records: 1_000_000 / scale, baselineRows: 50_000 / scale },
  { id: "w2", plan: here("./plans/w2"), records: undefined, baselineRows: 10_000 / scale },
  { id: "w3", plan: here("./plans/w3"), records: 1_000_000 / scale, baselineRows: 50_000 / scale },
];

for (const w of workloads) {
  if (only && !only.has(w.id) && !only.has("engine")) continue;
  const baseline = measure(["baseline", w.id, String(w.baselineRows)]);
  const recordArgs = w.records ? [String(w.records)] : [];
  const one = measure(["rowforge", w.plan, "1", ...recordArgs]);
  const all = measure(["rowforge", w.plan, String(cores), ...recordArgs]);
  const entry: Record<string, unknown> = {
    baseline: { ...baseline, rowsPerSecond: rate(baseline) },
    oneWorker: { ...one, rowsPerSecond: rate(one), ratio: rate(one) / rate(baseline) },
    allWorkers: { ...all, workers: cores, rowsPerSecond: rate(all), ratio: rate(all) / rate(baseline) },
  };
  say(
    `${w.id}: per-row faker loop ${fmt(rate(baseline))} rows/s | 1 worker ${fmt(rate(one))} rows/s (${(rate(one) / rate(baseline)).toFixed(1)}x, ${one.seconds.toFixed(2)} s, ${fmt(one.peakRssMiB)} MiB) | ${cores} workers ${fmt(rate(all))} rows/s (${(rate(all) / rate(baseline)).toFixed(1)}x, ${all.seconds.toFixed(2)} s for ${fmt(all.rows)} rows, ${fmt(all.peakRssMiB)} MiB)`,
  );
  if (w.id === "w1" && !quick) {
    const big = measure(["rowforge", w.plan, String(cores), String(10_000_000)]);
    entry.tenMillion = { ...big, rowsPerSecond: rate(big), rssRatioTo1M: big.peakRssMiB / all.peakRssMiB };
    say(
      `w1 at 10M rows: ${fmt(rate(big))} rows/s, peak RSS ${fmt(big.peakRssMiB)} MiB = ${(big.peakRssMiB / all.peakRssMiB).toFixed(2)}x the 1M run`,
    );
  }
  results[w.id] = entry;
}

if (!only || only.has("formats")) {
  const formats = runFormatBenchmarks();
  results.formats = formats;
  for (const f of formats) {
    const line = `run ${f.workload} -> ${f.format}: ${f.seconds.toFixed(2)} s wall (process start included${f.target ? `; target ${f.target} s` : ""}), ${fmt(f.rows)} rows, ${(f.bytes / 1048576).toFixed(1)} MiB; plain fs.write of the same bytes ${f.plainWriteSeconds.toFixed(3)} s (${(f.seconds / f.plainWriteSeconds).toFixed(1)}x)`;
    say(line);
  }
}

if (!only || only.has("http")) {
  const http = await runHttpBenchmark(quick ? 2 : 5, quick ? 1 : 5);
  results.http = http;
  const { bare, rowforge: rf, ratio } = http.median;
  const all = http.rounds.map((r) => `${(100 * r.ratio).toFixed(0)}%`).join(", ");
  say(
    `http POST /sample/schema: ${fmt(rf.requestsPerSecond)} req/s (${(100 * ratio).toFixed(0)}% of the bare route's ${fmt(bare.requestsPerSecond)} req/s in the same round, median of rounds ${all}; target >= 40%), p50 ${rf.p50} ms, p99 ${rf.p99} ms (target < 10 ms), errors ${rf.errors}, non-2xx ${rf.non2xx}`,
  );
}

mkdirSync(here("./results"), { recursive: true });
const section = only ? [...only].sort().join("-") : "all";
const file = here(`./results/${section}${quick ? "-quick" : ""}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${file}`);
