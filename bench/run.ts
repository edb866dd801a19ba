/**
 * `npm run bench`: the issue's table in one run. First `rowforge run` end to end (process start
 * included, peak RSS, first bytes) per format and row count (bench/formats.ts); then rowforge's
 * default W1 NDJSON run against the two baselines on the same rows, in interleaved rounds, each
 * its own process with its own start-up: the per-row
 * @faker-js/faker loop writing NDJSON (bench/faker-loop.ts) and dbldatagen on PySpark local[2]
 * (bench/dbldatagen.ts); then the in-process engine numbers per workload (bench/workload.ts);
 * then the HTTP sample route against a bare Fastify route (bench/http.ts); then each command's
 * start-up against bare Node (bench/startup.ts). Prints tables and
 * writes bench/results/.
 * The db section (bench/db.ts, only when asked: --only=db) times `rowforge run` into PostgreSQL
 * and MariaDB against psql \copy and LOAD DATA LOCAL INFILE of the same rows as CSV.
 * Every case runs --rounds=N times (default 5, fewer only with --quick; --reps=N is the same),
 * reported as median with min–max and the 1-minute load average at its start and end; the
 * generation comparisons count the distinct values per text column of each generator's NDJSON
 * (bench/distinct-counts.ts); each peer's settings are printed (bench/peers.ts). At the end the
 * results file is written and every results file is rendered into docs/benchmarks.md between
 * its markers (bench/render-benchmarks.ts).
 * Options: --quick (a tenth of the rows, no 10M run, no targets), --only=formats,baselines,engine,
 * w1,w2,w3,http,startup,db,messaging,ui, --workers=N (passed to `rowforge run`), --no-dbldatagen,
 * --rounds=N, --formats=parquet,orc (the `rowforge run` cases of those formats only, e.g.
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
 * `ui` (bench/ui.ts: the web UI's page load in Debian's chromium, its size compressed; 7 rounds unless --rounds=N),
 * and `documents` (bench/documents.ts: rows/s per step generated from the corpus's largest
 * OpenAPI documents and JSON Schemas, one thread; needs `node scripts/setup-corpus.ts`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "../bin/build-stamp.js";
import type { CaseSummary, DistinctCounts } from "./case-summary.ts";
import { runCassandraBenchmark } from "./cassandra.ts";
import { runChild } from "./child-run.ts";
import { runDbBenchmark } from "./db.ts";
import { runDbldatagen } from "./dbldatagen.ts";
import { countDistinct } from "./distinct-counts.ts";
import { printDocumentSpeeds, runDocumentsBenchmark } from "./documents.ts";
import { baselineCase, type FormatResult, runFormatBenchmarks, runOnce, warmUp } from "./formats.ts";
import { runHttpBenchmark } from "./http.ts";
import { runMessagingBenchmarks } from "./messaging/index.ts";
import { PEER_SETTINGS, type PeerName } from "./peers.ts";
import { readResultsFiles, renderResults, spliceResults } from "./render-benchmarks.ts";
import { inRounds, load1, roundsFromArgs, type Spread, spread } from "./rounds.ts";
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
const rounds = roundsFromArgs(process.argv);
/** --rounds or --reps given: sections with a default of their own (startup, ui) take it. */
const roundsGiven = process.argv.some((a) => a.startsWith("--rounds=") || a.startsWith("--reps="));

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
const cases: CaseSummary[] = [];
const distinct: DistinctCounts[] = [];
const peers: Partial<Record<PeerName, string>> = {};
/** A peer measured in this run: its settings go to the output and the results file. */
const peer = (name: PeerName) => {
  peers[name] = PEER_SETTINGS[name];
  return name;
};
const results: Record<string, unknown> = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  date: new Date().toISOString(),
  cores,
  node: process.version,
  quick,
  rounds,
  loadAverageAtStart: loadavg(),
  cases,
  distinct,
  peers,
};
const ratioByRound = <T>(xs: readonly T[], of: (x: T) => number): Spread => spread(xs.map(of));
/** Runs a section's function and the load average around it (sections that keep their own rounds). */
async function loadAround<T>(
  f: () => Promise<T> | T,
): Promise<{ value: T; load1: { start: number; end: number } }> {
  const start = load1();
  const value = await f();
  return { value, load1: { start, end: load1() } };
}
// The machine's load before anything runs: the absolute times are meant for a quiet machine.
console.log(
  `load average (1, 5, 15 min) at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}; ${rounds} rounds per case, medians with min–max`,
);
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

const scale = quick ? 10 : 1;
const sec = (n: number | undefined) => (n === undefined ? "-" : `${n.toFixed(2)} s`);
const secRange = (s: Spread) => `${s.median.toFixed(2)} s (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
const rateRange = (s: Spread) => `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
const loadText = (l: { start: number; end: number }) => `${l.start.toFixed(2)} → ${l.end.toFixed(2)}`;
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
  runs = await runFormatBenchmarks(quick, rounds, workers, formatFilter);
  results.formats = runs;
  say("");
  if (!bundled)
    say("note: dist/ is stale or missing, rowforge runs from its TypeScript sources (npm run build)");
  say(
    `rowforge run, end to end (spawn to exit: process start included), workers: ${workers === undefined ? `default (this thread up to ~400k rows, else one per core, this thread counted as one for text files; ${cores} cores)` : workers}${quick ? "; --quick: a tenth of the rows, no targets" : ""}`,
  );
  table(
    [
      "run",
      "rows",
      "wall median (min–max)",
      "target",
      "peak RSS (MB)",
      "RSS target",
      "first bytes",
      "output",
      "plain write",
      "load 1 min",
    ],
    runs.map((f) => [
      f.label,
      fmt(f.rows),
      `${secRange(f.wall)}${judge(f.seconds, f.target)}`,
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
      loadText(f.load1),
    ]),
  );
  for (const f of runs)
    cases.push({
      section: "formats",
      name: `rowforge run ${f.label}, ${fmt(f.rows)} rows${f.peakRss ? `, peak RSS ${fmt(f.peakRss.median)} MiB` : ""}`,
      unit: "s",
      rounds: f.rounds,
      value: f.wall,
      load1: f.load1,
      ...(f.target === undefined ? {} : { target: `<= ${f.target} s`, met: f.seconds <= f.target }),
    });
}

// 2. The baselines side by side with rowforge's default W1 NDJSON run, in interleaved rounds
// (rowforge, the faker-js loop, dbldatagen, again), each its own process with its own start-up;
// the first round's outputs have their distinct values per text column counted.
if (wants("baselines")) {
  const rows = 1_000_000 / scale;
  const c = baselineCase(quick);
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-faker-"));
  const file = join(dir, "w1.ndjson");
  const sparkWanted = !noDbldatagen;
  let sparkMissing: string | undefined = noDbldatagen ? "--no-dbldatagen" : undefined;
  await warmUp(quick, workers);
  const measured = await inRounds(rounds, async (k) => {
    const rf = await runOnce(c, workers, k === 0);
    if (typeof rf === "string") throw new Error(`rowforge run ${c.label}: ${rf}`);
    if (rf.rows !== rows) throw new Error(`rowforge run ${c.label}: ${rf.rows} rows, not ${rows}`);
    if (rf.distinct) distinct.push({ generator: "rowforge run (default)", ...rf.distinct });
    const loop = await runChild(process.execPath, [here("./faker-loop.ts"), String(rows), file]);
    if (loop.code !== 0) throw new Error(`faker loop failed: ${loop.stderr}`);
    if (k === 0) distinct.push({ generator: peer("faker-js loop"), ...(await countDistinct(file)) });
    rmSync(file, { force: true });
    const spark = sparkWanted && sparkMissing === undefined ? await runDbldatagen(rows, k === 0) : undefined;
    if (spark && !spark.available) sparkMissing = spark.reason;
    if (spark?.available && spark.distinct)
      distinct.push({ generator: peer("dbldatagen"), ...spark.distinct });
    return { rowforge: rf.seconds, loop: loop.seconds, spark: spark?.available ? spark : undefined };
  });
  rmSync(dir, { recursive: true, force: true });
  const m = measured.samples;
  const rfWall = spread(m.map((x) => x.rowforge));
  const loopWall = spread(m.map((x) => x.loop));
  const faster = "x faster (peer wall / rowforge wall, per round)";
  const loopCase: CaseSummary = {
    section: "baselines",
    name: `rowforge run W1 -> NDJSON (default), ${fmt(rows)} rows, against a per-row faker-js loop`,
    unit: "s",
    rounds,
    value: rfWall,
    load1: measured.load1,
    peer: {
      name: peer("faker-js loop"),
      value: loopWall,
      ratio: ratioByRound(m, (x) => x.loop / x.rowforge),
      means: faster,
    },
    ...(quick ? {} : { target: ">= 10x", met: loopWall.median / rfWall.median >= 10 }),
  };
  cases.push(loopCase);
  const sparkRounds = m.flatMap((x) => (x.spark ? [{ rowforge: x.rowforge, spark: x.spark }] : []));
  const sparkCase: CaseSummary | undefined =
    sparkMissing === undefined && sparkRounds.length === rounds
      ? {
          section: "baselines",
          name: `rowforge run W1 -> NDJSON (default), ${fmt(rows)} rows, against dbldatagen (${sparkRounds[0]!.spark.versions})`,
          unit: "s",
          rounds,
          value: rfWall,
          load1: measured.load1,
          peer: {
            name: peer("dbldatagen"),
            value: spread(sparkRounds.map((x) => x.spark.seconds)),
            ratio: ratioByRound(sparkRounds, (x) => x.spark.seconds / x.rowforge),
            means: faster,
          },
          ...(quick
            ? {}
            : {
                target: ">= 15x",
                met: spread(sparkRounds.map((x) => x.spark.seconds)).median / rfWall.median >= 15,
              }),
        }
      : undefined;
  if (sparkCase) cases.push(sparkCase);
  results.baselines = {
    rows,
    rounds: m,
    load1: measured.load1,
    fakerLoop: PEER_SETTINGS["faker-js loop"],
    dbldatagen:
      sparkMissing === undefined ? PEER_SETTINGS.dbldatagen : { available: false, reason: sparkMissing },
  };
  say("");
  say(
    `baselines on the same ${fmt(rows)} W1 rows, ${rounds} interleaved rounds; wall times include each one's own start-up, as the rowforge run's does (rowforge W1 -> NDJSON, default run: ${secRange(rfWall)}); load ${loadText(measured.load1)}`,
  );
  const row = (k: CaseSummary, label: string) => [
    label,
    secRange(k.peer!.value),
    fmt(rows / k.peer!.value.median),
    `${k.peer!.ratio.median.toFixed(1)}x (${k.peer!.ratio.min.toFixed(1)}–${k.peer!.ratio.max.toFixed(1)})${k.target ? ` ${k.met ? "ok" : "MISSED"} (target ${k.target})` : ""}`,
  ];
  table(
    ["baseline", "wall median (min–max)", "rows/s", "rowforge faster by, median of rounds (min–max)"],
    [
      row(loopCase, "per-row faker-js loop -> NDJSON"),
      sparkCase
        ? row(
            sparkCase,
            `dbldatagen local[2] -> JSON (of which JVM + Spark start ${secRange(spread(sparkRounds.map((x) => x.spark.startSeconds)))})`,
          )
        : [`dbldatagen: not available (${sparkMissing})`, "", "", ""],
    ],
  );
  say("");
  say("distinct values per text column of the NDJSON each wrote (the variety beside the speed):");
  const columns = [...new Set(distinct.flatMap((d) => Object.keys(d.columns)))];
  table(
    ["column", ...distinct.map((d) => `${d.generator} (${fmt(d.rows)} rows)`)],
    columns.map((col) => [
      col,
      ...distinct.map((d) => (d.columns[col] === undefined ? "-" : fmt(d.columns[col]!))),
    ]),
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
  const recordArgs = w.records ? [String(w.records)] : [];
  // Interleaved rounds: the loop, one worker, all workers, again.
  const measured = await inRounds(rounds, () => ({
    baseline: measure(["baseline", w.id, String(w.baselineRows)]),
    one: measure(["rowforge", w.plan, "1", ...recordArgs]),
    all: measure(["rowforge", w.plan, String(cores), ...recordArgs]),
  }));
  const m = measured.samples;
  const loopRate = spread(m.map((x) => rate(x.baseline)));
  const oneRate = spread(m.map((x) => rate(x.one)));
  const allRate = spread(m.map((x) => rate(x.all)));
  results[w.id] = { rounds: m, load1: measured.load1 };
  for (const [label, value, of] of [
    ["1 worker", oneRate, (x: (typeof m)[number]) => rate(x.one) / rate(x.baseline)],
    [`${cores} workers`, allRate, (x: (typeof m)[number]) => rate(x.all) / rate(x.baseline)],
  ] as const)
    cases.push({
      section: "engine",
      name: `${w.id} in-process generation, ${label}`,
      unit: "rows/s",
      rounds,
      value,
      load1: measured.load1,
      peer: {
        name: peer("faker-js loop, in process"),
        value: loopRate,
        ratio: ratioByRound(m, of),
        means: "x the loop's rows/s (per round)",
      },
    });
  say(
    `${w.id}, ${rounds} rounds, rows/s median (min–max): per-row faker loop ${rateRange(loopRate)} | 1 worker ${rateRange(oneRate)} (${(oneRate.median / loopRate.median).toFixed(1)}x, peak ${fmt(spread(m.map((x) => x.one.peakRssMiB)).median)} MiB) | ${cores} workers ${rateRange(allRate)} (${(allRate.median / loopRate.median).toFixed(1)}x, ${fmt(m[0]!.all.rows)} rows, peak ${fmt(spread(m.map((x) => x.all.peakRssMiB)).median)} MiB) | load ${loadText(measured.load1)}`,
  );
}

if (wants("http")) {
  say("");
  const { value: http, load1: httpLoad } = await loadAround(() => runHttpBenchmark(quick ? 2 : 5, rounds));
  results.http = http;
  const { bare, rowforge: rf, ratio } = http.median;
  const all = http.rounds.map((r) => `${(100 * r.ratio).toFixed(0)}%`).join(", ");
  cases.push({
    section: "http",
    name: "POST /sample/schema (10 rows), 10 connections",
    unit: "req/s",
    rounds: http.rounds.length,
    value: spread(http.rounds.map((r) => r.rowforge.requestsPerSecond)),
    load1: httpLoad,
    peer: {
      name: peer("bare Fastify route"),
      value: spread(http.rounds.map((r) => r.bare.requestsPerSecond)),
      ratio: ratioByRound(http.rounds, (r) => r.ratio),
      means: "rowforge / bare route (per round)",
    },
    target: ">= 40% of the bare route",
    met: ratio >= 0.4,
  });
  say(
    `http POST /sample/schema: ${fmt(rf.requestsPerSecond)} req/s (${(100 * ratio).toFixed(0)}% of the bare route's ${fmt(bare.requestsPerSecond)} req/s in the same round, median of ${http.rounds.length} rounds ${all}; target >= 40%), p50 ${rf.p50} ms, p99 ${rf.p99} ms (target < 10 ms), errors ${rf.errors}, non-2xx ${rf.non2xx}; load ${loadText(httpLoad)}`,
  );
}

const sinksArg = process.argv.find((a) => a.startsWith("--sinks="));
const sinks = sinksArg ? new Set(sinksArg.slice(8).split(",")) : undefined;

// Generation from the corpus's largest documents (needs node scripts/setup-corpus.ts): only when asked for (--only=documents).
if (only?.has("documents")) {
  const rows = 100_000 / scale;
  const { value: speeds, load1: docLoad } = await loadAround(() =>
    runDocumentsBenchmark(rows, undefined, undefined, rounds),
  );
  results.documents = speeds;
  for (const d of speeds)
    if (!d.error)
      cases.push({
        section: "documents",
        name: `${d.id}: its slowest step (${d.slowest.step}), CPU time`,
        unit: "rows/s",
        rounds,
        value: d.slowest.rounds,
        load1: docLoad,
        target: ">= 20,000 rows/s",
        met: d.slowest.rowsPerSecond >= 20_000,
      });
  say("");
  printDocumentSpeeds(rows, speeds, say);
}

// Validations against DuckDB running the same checks as SQL: only when asked for (--only=validate).
if (only?.has("validate")) {
  const reps = rounds;
  const { value: v, load1: vLoad } = await loadAround(() => runValidateBenchmark(1_000_000 / scale, reps));
  results.validate = v;
  cases.push({
    section: "validate",
    name: `12 checks over ${fmt(v.rows)} W1 rows from Parquet`,
    unit: "s",
    rounds: v.rounds.length,
    value: spread(v.rounds.map((r) => r.rowforgeSeconds)),
    load1: vLoad,
    peer: {
      name: peer("DuckDB"),
      value: spread(v.rounds.map((r) => r.duckdbSeconds)),
      ratio: ratioByRound(v.rounds, (r) => r.rowforgeSeconds / r.duckdbSeconds),
      means: "x DuckDB's time (per round)",
    },
    target: "within 1.5x of DuckDB",
    met: v.median.roundRatio <= 1.5,
  });
  say("");
  say(
    `validations (bench/validate.ts): 10 field checks and 2 expressions over ${fmt(v.rows)} W1 rows read back from Parquet, rowforge's runner against DuckDB running the same checks as one SQL query over the same file (warm instance, default threads, ${v.duckdbQuery}), ${reps} alternating rounds after a warm-up, medians (target: within 1.5x); load ${loadText(vLoad)}`,
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
        `${v.median.ratio.toFixed(1)}x${quick ? "" : judge(1.5 / v.median.ratio, 1, true)}`,
        `${v.median.roundRatio.toFixed(1)}x`,
        v.rounds.map((r) => `${r.rowforgeSeconds.toFixed(2)}/${r.duckdbSeconds.toFixed(2)}`).join(", "),
        String(v.failures.rowforge.every((n, k) => n === v.failures.duckdb[k])),
      ],
    ],
  );
}

// The database section needs its own servers (started and stopped here): only when asked for.
if (only?.has("db")) {
  const reps = rounds;
  const rows = 1_000_000 / scale;
  say("");
  say(
    `database load: rowforge run (process start and generation included) against each database's bulk loader fed the same ${fmt(rows)} rows as CSV (client start included), ${reps} interleaved rounds, medians; ratio = loader time / rowforge time (target >= 90%)`,
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
  for (const r of db.results)
    cases.push({
      section: "db",
      name: `${r.database}, ${fmt(r.rows)} rows, rowforge run end to end${r.median.peakRssMiB === undefined ? "" : ` (peak RSS ${fmt(r.median.peakRssMiB)} MiB)`}`,
      unit: "s",
      rounds: r.samples.length,
      value: spread(r.samples.map((x) => x.rowforgeSeconds)),
      load1: { start: r.samples[0]!.load1.start, end: r.samples.at(-1)!.load1.end },
      peer: {
        name: peer(r.database === "postgres" ? "psql \\copy" : "LOAD DATA LOCAL INFILE"),
        value: spread(r.samples.map((x) => x.loaderSeconds)),
        ratio: ratioByRound(r.samples, (x) => x.ratio),
        means: "loader time / rowforge time (per round)",
      },
      target: ">= 90% of the loader",
      met: r.median.ratio >= 0.9,
    });
  for (const r of db.results)
    if (r.median.binaryRatio !== undefined)
      cases.push({
        section: "db",
        name: `${r.database}, ${fmt(r.rows)} rows, rowforge run end to end against binary COPY`,
        unit: "s",
        rounds: r.samples.length,
        value: spread(r.samples.map((x) => x.rowforgeSeconds)),
        load1: { start: r.samples[0]!.load1.start, end: r.samples.at(-1)!.load1.end },
        peer: {
          name: peer("psql \\copy (FORMAT binary)"),
          value: spread(r.samples.map((x) => x.binarySeconds!)),
          ratio: ratioByRound(r.samples, (x) => x.binaryRatio!),
          means: "loader time / rowforge time (per round)",
        },
        target: ">= 60% of binary COPY",
        met: r.median.binaryRatio >= 0.6,
      });
  table(
    ["database", "loader", "rows", "loader", "rowforge", "ratio", "rounds", "rowforge peak RSS"],
    db.results.flatMap((r) => [
      [
        r.database,
        r.loader,
        fmt(r.rows),
        sec(r.median.loaderSeconds),
        sec(r.median.rowforgeSeconds),
        `${(100 * r.median.ratio).toFixed(0)}%${quick ? "" : judge(r.median.ratio, 0.9, true)}`,
        r.samples.map((s) => `${(100 * s.ratio).toFixed(0)}%`).join(", "),
        r.median.peakRssMiB === undefined ? "n/a" : `${fmt(r.median.peakRssMiB)} MiB`,
      ],
      ...(r.median.binaryRatio === undefined
        ? []
        : [
            [
              r.database,
              "psql \\copy (binary)",
              fmt(r.rows),
              sec(r.median.binarySeconds!),
              sec(r.median.rowforgeSeconds),
              `${(100 * r.median.binaryRatio).toFixed(0)}%${quick ? "" : judge(r.median.binaryRatio, 0.6, true)}`,
              r.samples.map((s) => `${(100 * s.binaryRatio!).toFixed(0)}%`).join(", "),
              "",
            ],
          ]),
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
      : await loadAround(() => runCassandraBenchmark(1_000_000 / scale, undefined, rounds));
  results.cassandra = c?.value;
  if (c) {
    const r = c.value;
    const run = spread(r.rounds.map((x) => x.run.rowsPerSecond));
    const driver = spread(r.rounds.map((x) => x.driver.rowsPerSecond));
    const share = ratioByRound(r.rounds, (x) => x.run.rowsPerSecond / x.driver.rowsPerSecond);
    cases.push({
      section: "db",
      name: `cassandra, ${fmt(r.rows)} rows x 10 columns, concurrency ${r.concurrency}, rowforge run end to end`,
      unit: "rows/s",
      rounds: r.rounds.length,
      value: run,
      load1: c.load1,
      peer: {
        name: peer("cassandra-driver executeConcurrent"),
        value: driver,
        ratio: share,
        means: "rowforge / driver ceiling (per round)",
      },
    });
    say(
      `cassandra (bench/cassandra.ts), ${fmt(r.rows)} rows x 10 columns, concurrency ${r.concurrency}, ${r.rounds.length} rounds: rowforge run ${rateRange(run)} rows/s end to end | driver ceiling, prebuilt parameters through executeConcurrent: ${rateRange(driver)} rows/s (rowforge at ${(100 * share.median).toFixed(0)}%) | load ${loadText(c.load1)}`,
    );
  }
}

// Message sinks against their brokers' own producer tools: a broker of its own, only when asked.
if (only?.has("messaging")) {
  say("");
  say(
    "messaging: rowforge run (process start and generation included) against each sink's reference load generator (autocannon for HTTP, the broker's own producer tool) sending as many messages of the same size, interleaved rounds, medians",
  );
  const m = await runMessagingBenchmarks(quick, rounds, (line) => console.log(line), sinks);
  results.messaging = m.results;
  cases.push(...m.cases);
  Object.assign(peers, m.peers);
  table(m.head, m.rows);
}

// Start-up per command against bare Node (bench/startup.ts): a few seconds, in every full run.
if (wants("startup")) {
  say("");
  say(
    "start-up: each command started directly (no npx) with the same Node, interleaved rounds after a warm-up, against `node -e 0`",
  );
  const s = runStartupBenchmark(roundsGiven ? Math.max(5, rounds) : 7);
  results.startup = s;
  peer("node -e 0");
  for (const r of s)
    cases.push({
      section: "startup",
      name: `${r.name} (wall; CPU ${r.cpu.median.toFixed(3)} s, ${r.cpuAboveNode.toFixed(3)} s above node)`,
      unit: "s",
      rounds: r.rounds,
      value: r.wall,
      load1: r.load1Span,
      ...(r.target ? { target: r.target, met: r.met === true } : {}),
    });
  for (const line of startupTable(s).split("\n")) say(line);
}

// The web UI's page load and size in Debian's chromium (bench/ui.ts): only when asked (--only=ui).
if (only?.has("ui")) {
  const { value: u, load1: uiLoad } = await loadAround(() => runUiBenchmark(roundsGiven ? rounds : 7));
  results.ui = u;
  cases.push({
    section: "ui",
    name: "#/history page load, cold cache, until the runs show",
    unit: "ms",
    rounds: u.rounds,
    value: spread(u.cold.all.map((l) => l.dataShownMs)),
    load1: uiLoad,
    target: "under 1000 ms",
    met: u.cold.median.dataShownMs < 1000,
  });
  say("");
  say(uiSummary(u));
}

// --quick runs a tenth of the rows: the issue's targets do not apply to them.
if (quick) cases.splice(0, cases.length, ...cases.map(({ target: _target, met: _met, ...c }) => c));
results.loadAverageAtEnd = loadavg();
results.printed = lines;
mkdirSync(here("./results"), { recursive: true });
const section = `${only ? [...only].sort().join("-") : "all"}${formatFilter ? `-${[...formatFilter].sort().join("-")}` : ""}${sinks ? `-${[...sinks].sort().join("-")}` : ""}`;
const file = here(`./results/${section}${quick ? "-quick" : ""}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${file}`);
if (Object.keys(peers).length > 0) {
  console.log("");
  console.log("peers and their settings:");
  for (const [name, settings] of Object.entries(peers)) console.log(`- ${name}: ${settings}`);
}
// docs/benchmarks.md's generated section: every results file, rendered (quick runs left out).
const page = here("../docs/benchmarks.md");
const before = readFileSync(page, "utf8");
const after = spliceResults(before, renderResults(readResultsFiles(here("./results"))));
if (after !== before) {
  writeFileSync(page, after);
  console.log(`rendered ${page}`);
}
