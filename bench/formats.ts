/**
 * `rowforge run` end to end, measured from outside the process (bench/child-run.ts): wall time
 * from spawn to exit (process start included), peak RSS of the process (its worker threads
 * included), and the time to the first output bytes on disk. W1 in every format at 1M rows, W1
 * NDJSON at 100k, 1k and (full bench) 10M rows, W1 Parquet and ORC at 10M rows (full bench), and W2; each compared with writing the same
 * number of bytes with a plain fs.write loop in the same run. Every case runs `rounds` times
 * (after one warm-up start): median with min–max, and the 1-minute load average at the case's
 * start and end. The 1M-row (--quick: 100k) W1 NDJSON case is also the one the baselines run
 * beside theirs (bench/run.ts), its output's distinct values per text column counted
 * (bench/distinct-counts.ts).
 */
import {
  closeSync,
  cpSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runChild } from "./child-run.ts";
import { countDistinct } from "./distinct-counts.ts";
import { inRounds, type LoadSpan, type Spread, spread } from "./rounds.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../bin/rowforge.js");

export interface FormatResult {
  /** What the run is for, e.g. "W1 -> NDJSON" or "start-up". */
  readonly label: string;
  readonly workload: string;
  readonly format: string;
  /** Spawn to exit of `rowforge run`, seconds: the median of the rounds. */
  readonly seconds: number;
  readonly rounds: number;
  /** Spawn to exit over the rounds, seconds. */
  readonly wall: Spread;
  readonly load1: LoadSpan;
  readonly bytes: number;
  readonly rows: number;
  readonly plainWriteSeconds: number;
  /** Peak RSS of the `rowforge run` process (all its threads), MiB: the median of the rounds. */
  readonly peakRssMiB?: number;
  readonly peakRss?: Spread;
  /** Spawn to the first non-empty output file on disk (polled every 2 ms), seconds: the median. */
  readonly firstBytesSeconds?: number;
  readonly firstBytes?: Spread;
  /** The wall-time target for this run, seconds. */
  readonly target?: number;
  /** The target for start to first batch, seconds. */
  readonly firstBytesTarget?: number;
  /** The peak RSS target, MiB (400 MB = 381.5 MiB). */
  readonly rssTargetMiB?: number;
}

export interface RunCase {
  readonly label: string;
  readonly workload: string;
  readonly format: string;
  readonly options: string;
  /** Records of the W1 step; the plan's own counts when undefined. */
  readonly rows?: number;
  readonly target?: number | undefined;
  readonly firstBytesTarget?: number | undefined;
  readonly rss?: boolean;
  /** The run the baselines run beside (bench/run.ts), its output's distinct values counted there. */
  readonly baseline?: boolean;
}

const RSS_TARGET_MIB = 400e6 / 1048576;
const ZSTD = 'compression: "zstd"';

/** The runs of the table: the targets at its row counts; --quick runs a tenth, without targets. */
function cases(quick: boolean): RunCase[] {
  const s = quick ? 10 : 1;
  const t = <T>(v: T) => (quick ? undefined : v);
  const list: RunCase[] = [
    {
      label: "W1 -> NDJSON",
      workload: "w1",
      format: "json",
      options: "",
      rows: 1_000_000 / s,
      target: t(2.5),
      rss: true,
      baseline: true,
    },
    {
      label: "W1 -> CSV",
      workload: "w1",
      format: "csv",
      options: "",
      rows: 1_000_000 / s,
      target: t(2.5),
      rss: true,
    },
    {
      label: "W1 -> Parquet zstd",
      workload: "w1",
      format: "parquet",
      options: ZSTD,
      rows: 1_000_000 / s,
      target: t(3.5),
      rss: true,
    },
    {
      label: "W1 -> ORC zstd",
      workload: "w1",
      format: "orc",
      options: ZSTD,
      rows: 1_000_000 / s,
      target: t(3.5),
      rss: true,
    },
    {
      label: "W1 -> NDJSON",
      workload: "w1",
      format: "json",
      options: "",
      rows: 100_000 / s,
      target: t(0.8),
      firstBytesTarget: t(0.3),
    },
    { label: "start-up", workload: "w1", format: "json", options: "", rows: 1_000 },
  ];
  if (!quick)
    list.push(
      {
        label: "W1 -> NDJSON",
        workload: "w1",
        format: "json",
        options: "",
        rows: 10_000_000,
        rss: true,
      },
      // The RSS target holds at any row count: the binary formats at 10M rows too.
      {
        label: "W1 -> Parquet zstd",
        workload: "w1",
        format: "parquet",
        options: ZSTD,
        rows: 10_000_000,
        rss: true,
      },
      { label: "W1 -> ORC zstd", workload: "w1", format: "orc", options: ZSTD, rows: 10_000_000, rss: true },
    );
  list.push({ label: "W2 -> JSON + CSV", workload: "w2", format: "json", options: "" });
  return list;
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) n += statSync(join(e.parentPath, e.name)).size;
  }
  return n;
}

/** Writes `bytes` bytes in 1 MiB chunks with writeSync: how fast the disk takes the same output. */
function plainWrite(bytes: number, dir: string): number {
  const chunk = Buffer.alloc(1 << 20, 97);
  const file = join(dir, "plain.bin");
  const started = performance.now();
  const fd = openSync(file, "w");
  for (let left = bytes; left > 0; left -= chunk.length)
    writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  closeSync(fd);
  const seconds = (performance.now() - started) / 1000;
  rmSync(file);
  return seconds;
}

function planVariant(source: string, format: string, extraOptions: string, rows?: number): string {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-plan-"));
  cpSync(source, dir, { recursive: true });
  const taskDir = join(dir, "task");
  for (const f of readdirSync(taskDir)) {
    const p = join(taskDir, f);
    let text = readFileSync(p, "utf8").replace(/type: "json"\n/, `type: "${format}"\n`);
    if (extraOptions) text = text.replace(/options:\n(\s+)path:/, `options:\n$1${extraOptions}\n$1path:`);
    if (rows !== undefined) text = text.replace(/records: \d+/, `records: ${rows}`);
    writeFileSync(p, text);
  }
  return join(dir, "plan.yaml");
}

export interface OneRun {
  readonly seconds: number;
  readonly bytes: number;
  readonly rows: number;
  readonly plainWriteSeconds: number;
  readonly peakRssMiB?: number;
  readonly firstBytesSeconds?: number;
  readonly distinct?: { readonly rows: number; readonly columns: Record<string, number> };
}

/** One `rowforge run` of the case, its output measured (and counted when asked) then removed. */
export async function runOnce(
  c: RunCase,
  workers: number | undefined,
  count: boolean,
): Promise<OneRun | string> {
  const plan = planVariant(here(`./plans/${c.workload}`), c.format, c.options, c.rows);
  const outDir = mkdtempSync(join(tmpdir(), "rowforge-bench-out-"));
  try {
    const args = [CLI, "run", plan, "--output-root", outDir, "--quiet", "--now", "2026-11-01T00:00:00Z"];
    if (workers !== undefined) args.push("--workers", String(workers));
    const r = await runChild(process.execPath, args, { watch: outDir });
    if (r.code !== 0) return `failed (exit ${r.code}): ${r.stderr.trim()}`;
    const bytes = folderBytes(outDir);
    return {
      seconds: r.seconds,
      bytes,
      rows: Number(/([\d,]+) records/.exec(r.stdout)?.[1]?.replace(/,/g, "") ?? 0),
      plainWriteSeconds: plainWrite(bytes, outDir),
      ...(r.peakRssMiB !== undefined ? { peakRssMiB: r.peakRssMiB } : {}),
      ...(r.firstBytesSeconds !== undefined ? { firstBytesSeconds: r.firstBytesSeconds } : {}),
      ...(count ? { distinct: await countDistinct(outDir) } : {}),
    };
  } finally {
    rmSync(join(plan, ".."), { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

const spreadOf = (runs: readonly OneRun[], of: (r: OneRun) => number | undefined): Spread | undefined => {
  const xs = runs.map(of).filter((x): x is number => x !== undefined);
  return xs.length === runs.length ? spread(xs) : undefined;
};

/** The W1 NDJSON run the baselines run beside. */
export const baselineCase = (quick: boolean): RunCase => cases(quick).find((c) => c.baseline === true)!;

/** Runs a case `rounds` times in turn: its result, or why it failed. */
export async function measureCase(
  c: RunCase,
  rounds: number,
  workers: number | undefined,
): Promise<FormatResult | string> {
  let failure: string | undefined;
  const { samples, load1 } = await inRounds(rounds, async () => {
    if (failure) return undefined;
    const r = await runOnce(c, workers, false);
    if (typeof r === "string") failure = r;
    return typeof r === "string" ? undefined : r;
  });
  if (failure) return `${c.label} (${c.rows ?? "plan's"} rows): ${failure}`;
  const runs = samples as OneRun[];
  const wall = spread(runs.map((r) => r.seconds));
  const peakRss = spreadOf(runs, (r) => r.peakRssMiB);
  const firstBytes = spreadOf(runs, (r) => r.firstBytesSeconds);
  return {
    label: c.label,
    workload: c.workload,
    format: c.format,
    seconds: wall.median,
    rounds,
    wall,
    load1,
    bytes: runs[0]!.bytes,
    rows: runs[0]!.rows,
    plainWriteSeconds: spread(runs.map((r) => r.plainWriteSeconds)).median,
    ...(peakRss ? { peakRssMiB: peakRss.median, peakRss } : {}),
    ...(firstBytes ? { firstBytesSeconds: firstBytes.median, firstBytes } : {}),
    ...(c.target ? { target: c.target } : {}),
    ...(c.firstBytesTarget ? { firstBytesTarget: c.firstBytesTarget } : {}),
    ...(c.rss ? { rssTargetMiB: RSS_TARGET_MIB } : {}),
  };
}

/** Warms Node's compile cache and the file cache with a small run (not recorded). */
export const warmUp = (quick: boolean, workers: number | undefined) =>
  runOnce(cases(quick).find((c) => c.label === "start-up")!, workers, false);

/**
 * Runs every case `rounds` times in turn. `workers` is passed as --workers when given; otherwise
 * rowforge's default applies (this thread up to about 400,000 rows, else one worker per core).
 */
export async function runFormatBenchmarks(
  quick: boolean,
  rounds: number,
  workers?: number,
  formats?: ReadonlySet<string>,
): Promise<FormatResult[]> {
  const out: FormatResult[] = [];
  // `formats` keeps the runs of those formats (`--formats=parquet,orc`; W2 is json).
  const chosen = cases(quick).filter((c) => !formats || formats.has(c.format));
  // Not recorded: so the first case is not the only one that pays for the caches.
  await warmUp(quick, workers);
  for (const c of chosen) {
    const r = await measureCase(c, rounds, workers);
    if (typeof r === "string") console.log(r);
    else out.push(r);
  }
  return out;
}
