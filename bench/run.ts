/**
 * `npm run bench`: the issue's table in one run. First `rowforge run` end to end (process start
 * included, peak RSS, first bytes) per format and row count (bench/formats.ts); then the two
 * baselines on the same W1 rows, each its own process with its own start-up: the per-row
 * @faker-js/faker loop writing NDJSON (bench/faker-loop.ts) and dbldatagen on PySpark local[2]
 * (bench/dbldatagen.ts); then the in-process engine numbers per workload (bench/workload.ts);
 * then the HTTP sample route against a bare Fastify route (bench/http.ts); then each command's
 * start-up against bare Node (bench/startup.ts). Prints tables and
 * writes bench/results/.
 * The db section (bench/db.ts, only when asked: --only=db) times `rowforge run` into PostgreSQL
 * and MariaDB against psql \copy and LOAD DATA LOCAL INFILE of the same rows as CSV.
 * Options: --quick (a tenth of the rows, no 10M run, no targets), --only=formats,baselines,engine,
 * w1,w2,w3,http,startup,db,messaging,ui, --workers=N (passed to `rowforge run`), --no-dbldatagen, --reps=N (db: rounds,
 * default 3), --formats=parquet,orc (the `rowforge run` cases of those formats only, e.g.
 * `npm run bench -- --only=formats --formats=parquet,orc`), --db=postgres,mariadb,cassandra (db:
 * only those), --no-memory (db: no memory runs), --compare-cli=PATH (db: another build's
 * bin/rowforge.js timed into PostgreSQL in each round), --sinks=http,kafka (messaging: only those). `db` (PostgreSQL and MariaDB against their bulk loaders, bench/db.ts; Cassandra
 * writes against the driver's ceiling, bench/cassandra.ts) runs only when named: it starts its
 * own servers and takes minutes. `messaging` (only when named: --only=messaging) measures the
 * message sinks of bench/messaging/ against their reference load generators (HTTP POSTs against
 * autocannon on the same receiver, bench/messaging/http.ts), and against their brokers'
 * own producer tools (the Kafka sink against Kafka's ProducerPerformance, 1M records of ~500
 * bytes, acks=all, one partition, on a broker of its own). `validate` (bench/validate.ts: validations over 1M W1 rows read
 * back from Parquet against DuckDB running the same checks) also runs only when named, and so does
 * `ui` (bench/ui.ts: the web UI's page load in Debian's chromium, its size compressed; --reps=N rounds),
 * and `documents` (bench/documents.ts: rows/s per step generated from the corpus's largest
 * OpenAPI documents and JSON Schemas, one thread; needs `node scripts/setup-corpus.ts`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "../bin/build-stamp.js";
import { runCassandraBenchmark } from "./cassandra.ts";
import { runChild } from "./child-run.ts";
import { runDbBenchmark } from "./db.ts";
import { runDbldatagen } from "./dbldatagen.ts";
import { printDocumentSpeeds, runDocumentsBenchmark } from "./documents.ts";
import { type FormatResult, runFormatBenchmarks } from "./formats.ts";
import { runHttpBenchmark } from "./http.ts";
import { runMessagingBenchmarks } from "./messaging/index.ts";
import { runStartupBenchmark, startupTable } from "./startup.ts";
import { runUiBenchmark, uiSummary } from "./ui.ts";
import { runValidateBenchmark } from "./validate.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const quick = process.argv.includes("--quick");
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice(7).split(",")) : undefined;
const cores = availableParallelism();
const workersArg = process.argv.find((a) => a.startsWith("--workers="));
const workers = workersArg ? Number(workersArg.slice(10)) : undefined;
const noDbldatagen = process.argv.includes("--no-dbldatagen");
const formatsArg = process.argv.find((a) => a.startsWith("--formats="));
const formatFilter = formatsArg ? new Set(formatsArg.slice(10).split(",")) : undefined;
const wants = (section: string) => !only || only.has(section);

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
  loadAverageAtStart: loadavg(),
};
// The machine's load before anything runs: the absolute times are meant for a quiet machine.
console.log(
  `load average (1, 5, 15 min) at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

const scale = quick ? 10 : 1;
const sec = (n: number | undefined) => (n === undefined ? "-" : `${n.toFixed(2)} s`);
const judge = (value: number | undefined, target: number | undefined, atLeast = false) =>
  value === undefined || target === undefined
    ? ""
    : (atLeast ? value >= target : value <= target)
      ? " ok"
      : " MISSED";

/** Prints a Markdown table with padded columns. */
function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  say(line(head));
  say(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of rows) say(line(r));
}

// 1. `rowforge run` end to end.
let runs: FormatResult[] = [];
if (wants("formats")) {
  // `npm run bench` builds dist/ first (prebench), as an install does; a stale bundle means
  // rowforge runs from its TypeScript sources, which starts slower.
  const bundled = bundleIsFresh(here(".."));
  results.rowforgeFrom = bundled ? "dist" : "sources";
  runs = await runFormatBenchmarks(quick, workers, formatFilter);
  results.formats = runs;
  say("");
  if (!bundled)
    say("note: dist/ is stale or missing, rowforge runs from its TypeScript sources (npm run build)");
  say(
    `rowforge run, end to end (spawn to exit: process start included), workers: ${workers === undefined ? `default (this thread up to ~400k rows, else one per core; ${cores} cores)` : workers}${quick ? "; --quick: a tenth of the rows, no targets" : ""}`,
  );
  table(
    ["run", "rows", "wall", "target", "peak RSS (MB)", "RSS target", "first bytes", "output", "plain write"],
    runs.map((f) => [
      f.label,
      fmt(f.rows),
      `${sec(f.seconds)}${judge(f.seconds, f.target)}`,
      f.target === undefined ? "" : `<= ${f.target} s`,
      // In decimal MB like the target (400 MB = 381.5 MiB); MiB in the results file.
      f.peakRssMiB === undefined
        ? "n/a"
        : `${fmt((f.peakRssMiB * 1048576) / 1e6)} MB${judge(f.peakRssMiB, f.rssTargetMiB)}`,
      f.rssTargetMiB === undefined ? "" : "<= 400 MB",
      f.firstBytesSeconds === undefined
        ? "n/a"
        : `${sec(f.firstBytesSeconds)}${judge(f.firstBytesSeconds, f.firstBytesTarget)}${f.firstBytesTarget === undefined ? "" : ` (target <= ${f.firstBytesTarget} s)`}`,
      `${(f.bytes / 1048576).toFixed(1)} MiB`,
      `${f.plainWriteSeconds.toFixed(3)} s`,
    ]),
  );
}

// 2. The baselines on the same W1 rows as the first NDJSON run, each with its own start-up.
if (wants("baselines")) {
  const rows = 1_000_000 / scale;
  const ndjson = runs.find((f) => f.workload === "w1" && f.format === "json" && f.rows === rows);
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-faker-"));
  const loop = await runChild(process.execPath, [
    here("./faker-loop.ts"),
    String(rows),
    join(dir, "w1.ndjson"),
  ]);
  rmSync(dir, { recursive: true, force: true });
  if (loop.code !== 0) throw new Error(`faker loop failed: ${loop.stderr}`);
  const spark = noDbldatagen
    ? ({ available: false, reason: "--no-dbldatagen" } as const)
    : await runDbldatagen(rows);
  const ratio = (seconds: number) => (ndjson ? seconds / ndjson.seconds : undefined);
  results.baselines = {
    rows,
    rowforgeNdjsonSeconds: ndjson?.seconds,
    fakerLoop: {
      rows,
      seconds: loop.seconds,
      rowsPerSecond: rows / loop.seconds,
      peakRssMiB: loop.peakRssMiB,
      ratio: ratio(loop.seconds),
      method:
        "@faker-js/faker per row, faker.helpers.fromRegExp for account_id, JSON.stringify, 10,000-line writeSync",
    },
    dbldatagen: spark.available
      ? { ...spark, rowsPerSecond: rows / spark.seconds, ratio: ratio(spark.seconds) }
      : spark,
  };
  const x = (r: number | undefined, target: number) =>
    r === undefined
      ? "n/a (no rowforge NDJSON run)"
      : `${r.toFixed(1)}x${quick ? "" : `${judge(r, target, true)} (target >= ${target}x)`}`;
  say("");
  say(
    `baselines on the same ${fmt(rows)} W1 rows; wall times include each one's own start-up, as the rowforge run's does (rowforge NDJSON: ${sec(ndjson?.seconds)})`,
  );
  const sparkRow = spark.available
    ? [
        `dbldatagen ${spark.versions.replace(/^pyspark (\S+) dbldatagen (\S+)$/, "$2, PySpark $1")} local[2] -> JSON`,
        `${sec(spark.seconds)} (JVM + Spark start ${sec(spark.startSeconds)}; exit ${sec(spark.processSeconds)})`,
        fmt(rows / spark.seconds),
        x(ratio(spark.seconds), 10),
      ]
    : [`dbldatagen: not available (${spark.reason})`, "", "", ""];
  table(
    ["baseline", "wall to end of write", "rows/s", "rowforge faster by (wall / rowforge wall)"],
    [
      [
        "per-row faker loop -> NDJSON",
        sec(loop.seconds),
        fmt(rows / loop.seconds),
        x(ratio(loop.seconds), 15),
      ],
      sparkRow,
    ],
  );
}

// 3. In-process engine numbers per workload (generation only, workers warmed).
const workloads = [
  { id: "w1", plan: here("./plans/w1"), records: 1_000_000 / scale, baselineRows: 50_000 / scale },
  { id: "w2", plan: here("./plans/w2"), records: undefined, baselineRows: 10_000 / scale },
  { id: "w3", plan: here("./plans/w3"), records: 1_000_000 / scale, baselineRows: 50_000 / scale },
];
let engineHeader = false;
for (const w of workloads) {
  if (only && !only.has(w.id) && !only.has("engine")) continue;
  if (!engineHeader) {
    say("");
    say(
      "in-process generation (bench/workload.ts: no process start, workers warmed, no encoding or writing)",
    );
    engineHeader = true;
  }
  const baseline = measure(["baseline", w.id, String(w.baselineRows)]);
  const recordArgs = w.records ? [String(w.records)] : [];
  const one = measure(["rowforge", w.plan, "1", ...recordArgs]);
  const all = measure(["rowforge", w.plan, String(cores), ...recordArgs]);
  results[w.id] = {
    baseline: { ...baseline, rowsPerSecond: rate(baseline) },
    oneWorker: { ...one, rowsPerSecond: rate(one), ratio: rate(one) / rate(baseline) },
    allWorkers: { ...all, workers: cores, rowsPerSecond: rate(all), ratio: rate(all) / rate(baseline) },
  };
  say(
    `${w.id}: per-row faker loop ${fmt(rate(baseline))} rows/s | 1 worker ${fmt(rate(one))} rows/s (${(rate(one) / rate(baseline)).toFixed(1)}x, ${one.seconds.toFixed(2)} s, ${fmt(one.peakRssMiB)} MiB) | ${cores} workers ${fmt(rate(all))} rows/s (${(rate(all) / rate(baseline)).toFixed(1)}x, ${all.seconds.toFixed(2)} s for ${fmt(all.rows)} rows, ${fmt(all.peakRssMiB)} MiB)`,
  );
}

if (wants("http")) {
  say("");
  const http = await runHttpBenchmark(quick ? 2 : 5, quick ? 1 : 5);
  results.http = http;
  const { bare, rowforge: rf, ratio } = http.median;
  const all = http.rounds.map((r) => `${(100 * r.ratio).toFixed(0)}%`).join(", ");
  say(
    `http POST /sample/schema: ${fmt(rf.requestsPerSecond)} req/s (${(100 * ratio).toFixed(0)}% of the bare route's ${fmt(bare.requestsPerSecond)} req/s in the same round, median of rounds ${all}; target >= 40%), p50 ${rf.p50} ms, p99 ${rf.p99} ms (target < 10 ms), errors ${rf.errors}, non-2xx ${rf.non2xx}`,
  );
}

const sinksArg = process.argv.find((a) => a.startsWith("--sinks="));
const sinks = sinksArg ? new Set(sinksArg.slice(8).split(",")) : undefined;

// Generation from the corpus's largest documents (needs node scripts/setup-corpus.ts): only when asked for (--only=documents).
if (only?.has("documents")) {
  const rows = 100_000 / scale;
  const speeds = await runDocumentsBenchmark(rows);
  results.documents = speeds;
  say("");
  printDocumentSpeeds(rows, speeds, say);
}

// Validations against DuckDB running the same checks as SQL: only when asked for (--only=validate).
if (only?.has("validate")) {
  const repsArg = process.argv.find((a) => a.startsWith("--reps="));
  const reps = repsArg ? Number(repsArg.slice(7)) : 3;
  const v = await runValidateBenchmark(1_000_000 / scale, reps);
  results.validate = v;
  say("");
  say(
    `validations (bench/validate.ts): 10 field checks and 2 expressions over ${fmt(v.rows)} W1 rows read back from Parquet, rowforge's runner against DuckDB running the same checks as one SQL query over the same file (warm instance, default threads, ${v.duckdbQuery}), ${reps} alternating rounds after a warm-up, medians (target: within 3x)`,
  );
  table(
    [
      "rows",
      "rowforge",
      "duckdb",
      "ratio",
      "ratio (median of rounds)",
      "rounds (rowforge / duckdb)",
      "failing counts agree",
    ],
    [
      [
        fmt(v.rows),
        sec(v.median.rowforgeSeconds),
        sec(v.median.duckdbSeconds),
        `${v.median.ratio.toFixed(1)}x${quick ? "" : judge(3 / v.median.ratio, 1, true)}`,
        `${v.median.roundRatio.toFixed(1)}x`,
        v.rounds.map((r) => `${r.rowforgeSeconds.toFixed(2)}/${r.duckdbSeconds.toFixed(2)}`).join(", "),
        String(v.failures.rowforge.every((n, k) => n === v.failures.duckdb[k])),
      ],
    ],
  );
}

// The database section needs its own servers (started and stopped here): only when asked for.
if (only?.has("db")) {
  const repsArg = process.argv.find((a) => a.startsWith("--reps="));
  const reps = repsArg ? Number(repsArg.slice(7)) : 3;
  const rows = 1_000_000 / scale;
  say("");
  say(
    `database load: rowforge run (process start and generation included) against each database's bulk loader fed the same ${fmt(rows)} rows as CSV (client start included), ${reps} interleaved rounds, medians; ratio = loader time / rowforge time (target >= 70%)`,
  );
  const dbArg = process.argv.find((a) => a.startsWith("--db="));
  const compareArg = process.argv.find((a) => a.startsWith("--compare-cli="));
  const databases = dbArg ? dbArg.slice(5).split(",") : undefined;
  const db = await runDbBenchmark({
    rows: [rows],
    memoryRows: process.argv.includes("--no-memory") ? [] : [rows, 3 * rows],
    ...(databases ? { databases } : {}),
    ...(compareArg ? { compareCli: compareArg.slice("--compare-cli=".length) } : {}),
    reps,
    ...(workers === undefined ? {} : { workers }),
    log: (line) => console.log(line),
  });
  results.db = db;
  table(
    ["database", "loader", "rows", "loader", "rowforge", "ratio", "rounds", "rowforge peak RSS"],
    db.results.map((r) => [
      r.database,
      r.loader,
      fmt(r.rows),
      sec(r.median.loaderSeconds),
      sec(r.median.rowforgeSeconds),
      `${(100 * r.median.ratio).toFixed(0)}%${quick ? "" : judge(r.median.ratio, 0.7, true)}`,
      r.samples.map((s) => `${(100 * s.ratio).toFixed(0)}%`).join(", "),
      r.median.peakRssMiB === undefined ? "n/a" : `${fmt(r.median.peakRssMiB)} MiB`,
    ]),
  );
  say("peak memory of rowforge run by row count (flat in row count):");
  table(
    ["database", "rows", "wall", "peak RSS"],
    db.memory.map((m) => [
      m.database,
      fmt(m.rows),
      sec(m.seconds),
      m.peakRssMiB === undefined ? "n/a" : `${fmt(m.peakRssMiB)} MiB`,
    ]),
  );
  say("");
  const c =
    databases && !databases.includes("cassandra")
      ? undefined
      : await runCassandraBenchmark(1_000_000 / scale);
  results.cassandra = c;
  if (c)
    say(
      `cassandra (bench/cassandra.ts), ${fmt(c.rows)} rows x 10 columns, concurrency ${c.concurrency}: rowforge run ${fmt(c.run.rowsPerSecond)} rows/s end to end (${c.run.seconds.toFixed(1)} s) | driver ceiling, prebuilt parameters through executeConcurrent: ${fmt(c.driver.rowsPerSecond)} rows/s (${c.driver.seconds.toFixed(1)} s; rowforge at ${((100 * c.run.rowsPerSecond) / c.driver.rowsPerSecond).toFixed(0)}%)`,
    );
}

// Message sinks against their brokers' own producer tools: a broker of its own, only when asked.
if (only?.has("messaging")) {
  say("");
  say(
    "messaging: rowforge run (process start and generation included) against each sink's reference load generator (autocannon for HTTP, the broker's own producer tool) sending as many messages of the same size, interleaved rounds, medians",
  );
  const m = await runMessagingBenchmarks(quick, (line) => console.log(line), sinks);
  results.messaging = m.results;
  table(m.head, m.rows);
}

// Start-up per command against bare Node (bench/startup.ts): a few seconds, in every full run.
if (wants("startup")) {
  say("");
  say(
    "start-up: each command started directly (no npx) with the same Node, interleaved rounds after a warm-up, against `node -e 0`",
  );
  const s = runStartupBenchmark(quick ? 5 : 7);
  results.startup = s;
  for (const line of startupTable(s).split("\n")) say(line);
}

// The web UI's page load and size in Debian's chromium (bench/ui.ts): only when asked (--only=ui).
if (only?.has("ui")) {
  const repsArg = process.argv.find((a) => a.startsWith("--reps="));
  const u = await runUiBenchmark(repsArg ? Number(repsArg.slice(7)) : 7);
  results.ui = u;
  say("");
  say(uiSummary(u));
}

results.loadAverageAtEnd = loadavg();
results.printed = lines;
mkdirSync(here("./results"), { recursive: true });
const section = `${only ? [...only].sort().join("-") : "all"}${formatFilter ? `-${[...formatFilter].sort().join("-")}` : ""}${sinks ? `-${[...sinks].sort().join("-")}` : ""}`;
const file = here(`./results/${section}${quick ? "-quick" : ""}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${file}`);
