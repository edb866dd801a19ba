/**
 * Start-up cost per command (`npm run bench -- --only=startup`, or alone: `node bench/startup.ts
 * [--rounds=N] [--bundle-only]`): bare `node -e 0` and rowforge's `--version`, `--help`,
 * `sample -n 1` of a small file plan and `run` of the same plan (100 rows of NDJSON), each
 * started directly with the same Node (no npx), in interleaved rounds (at least 5) after one
 * warm-up round (Node's compile cache filled). rowforge runs the bundle (dist/, what
 * `npm install` builds and bin/rowforge.js starts while it is fresh) and, unless
 * --bundle-only, its TypeScript sources too (ROWFORGE_FROM_SOURCE=1: what an edited checkout
 * runs until the next build). Per case: wall time from spawn to exit and CPU time (user +
 * system, GNU time, 10 ms resolution), median with min–max, the difference to and the
 * multiple of `node -e 0` of the same rounds, and the 1-minute load average while the case
 * ran. Targets (issues 27 and 30, for the bundle): `--version`/`--help` within 0.1 s of bare
 * Node, `sample -n 1` within 0.4 s, a small run's fixed CPU cost within 0.15 s of bare Node.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "../bin/build-stamp.js";
import { type LoadSpan, type Spread, spread } from "./rounds.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "bin", "rowforge.js");
const GNU_TIME = "/usr/bin/time";

const TASK = (out: string) => `name: t
steps:
  - name: people
    type: json
    options: {path: ${JSON.stringify(out)}}
    count: {records: 100}
    fields:
      - {name: id, options: {regex: "P[0-9]{6}", isUnique: true}}
      - {name: first, options: {expression: "#{Name.firstName}"}}
      - {name: age, type: int, options: {min: 18, max: 90}}
      - {name: joined, type: date}
`;

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** Environment of its own (ROWFORGE_FROM_SOURCE). */
  readonly env?: NodeJS.ProcessEnv;
  /** What the case must meet, checked against its medians and bare Node's. */
  readonly target?: {
    readonly what: "wall" | "wall above node" | "cpu above node";
    readonly seconds: number;
  };
}

export interface StartupResult {
  readonly name: string;
  readonly rounds: number;
  readonly wall: Spread;
  readonly cpu: Spread;
  readonly wallAboveNode: number;
  readonly cpuAboveNode: number;
  /** The medians as multiples of bare Node's (`node -e 0`, same rounds). */
  readonly wallTimesNode: number;
  readonly cpuTimesNode: number;
  /** The 1-minute load average sampled before each measured start of the case. */
  readonly load1: Spread;
  /** The 1-minute load average before the case's first measured start and after its last. */
  readonly load1Span: LoadSpan;
  readonly target?: string;
  readonly met?: boolean;
}

/** One start of the command: wall seconds and CPU seconds (user + system, 10 ms resolution). */
function once(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timing: string,
): { wall: number; cpu: number } {
  const started = performance.now();
  const r = spawnSync(GNU_TIME, ["-f", "%U %S", "-o", timing, process.execPath, ...args], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const [user, system] = readFileSync(timing, "utf8").trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wall, cpu: user! + system! };
}

/** What rowforge starts from: the bundle, or the TypeScript sources (ROWFORGE_FROM_SOURCE=1). */
export type StartupMode = "bundle" | "sources";

export function runStartupBenchmark(
  rounds = 7,
  modes: readonly StartupMode[] = ["bundle", "sources"],
): StartupResult[] {
  if (rounds < 5) throw new Error(`start-up rounds: at least 5, not ${rounds}`);
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} (GNU time) is needed for the CPU times`);
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-startup-"));
  try {
    const out = join(dir, "out");
    mkdirSync(join(dir, "task"));
    mkdirSync(join(dir, "home"));
    writeFileSync(join(dir, "plan.yaml"), "name: p\ntasks: [{name: t, dataSourceName: d}]\n");
    const task = join(dir, "task", "t.yaml");
    writeFileSync(task, TASK(out));
    const rowforge = (mode: StartupMode): Case[] => {
      const tag = mode === "bundle" ? "" : " (sources)";
      // The targets are the bundle's: what users run.
      const target = (t: NonNullable<Case["target"]>) => (mode === "bundle" ? { target: t } : {});
      const env: NodeJS.ProcessEnv = mode === "sources" ? { ROWFORGE_FROM_SOURCE: "1" } : {};
      return [
        {
          name: `rowforge --version${tag}`,
          args: [CLI, "--version"],
          env,
          ...target({ what: "wall above node", seconds: 0.1 }),
        },
        {
          name: `rowforge --help${tag}`,
          args: [CLI, "--help"],
          env,
          ...target({ what: "wall above node", seconds: 0.1 }),
        },
        {
          name: `rowforge sample -n 1${tag}`,
          args: [CLI, "sample", task, "-n", "1", "--seed", "1"],
          env,
          ...target({ what: "wall", seconds: 0.4 }),
        },
        {
          name: `rowforge run (100 rows)${tag}`,
          args: [CLI, "run", join(dir, "plan.yaml"), "-q", "--seed", "1", "--now", "2026-01-01T00:00:00Z"],
          env,
          ...target({ what: "cpu above node", seconds: 0.15 }),
        },
      ];
    };
    const cases: Case[] = [{ name: "node -e 0", args: ["-e", "0"] }, ...modes.flatMap(rowforge)];
    // A home of its own: the run records nothing in the user's ~/.rowforge.
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(dir, "home"), NO_COLOR: "1" };
    delete env.ROWFORGE_HOME;
    delete env.ROWFORGE_FROM_SOURCE;
    const timing = join(dir, "time.txt");
    const seen = cases.map(() => ({
      wall: [] as number[],
      cpu: [] as number[],
      load: [] as number[],
      loadAfter: 0,
    }));
    for (let round = -1; round < rounds; round++) {
      cases.forEach((c, i) => {
        rmSync(out, { recursive: true, force: true });
        const load = loadavg()[0]!;
        const m = once(c.args, { ...env, ...c.env }, timing);
        // Round -1 warms the compile cache and the file system cache.
        if (round >= 0) {
          seen[i]!.wall.push(m.wall);
          seen[i]!.cpu.push(m.cpu);
          seen[i]!.load.push(load);
          seen[i]!.loadAfter = loadavg()[0]!;
        }
      });
    }
    const node = { wall: spread(seen[0]!.wall), cpu: spread(seen[0]!.cpu) };
    return cases.map((c, i) => {
      const wall = spread(seen[i]!.wall);
      const cpu = spread(seen[i]!.cpu);
      const wallAboveNode = wall.median - node.wall.median;
      const cpuAboveNode = cpu.median - node.cpu.median;
      // GNU time counts CPU in 10 ms ticks: bare Node's is never taken as less than one.
      const wallTimesNode = wall.median / node.wall.median;
      const cpuTimesNode = cpu.median / Math.max(node.cpu.median, 0.01);
      const measured =
        c.target?.what === "wall"
          ? wall.median
          : c.target?.what === "wall above node"
            ? wallAboveNode
            : cpuAboveNode;
      return {
        name: c.name,
        rounds,
        wall,
        cpu,
        wallAboveNode,
        cpuAboveNode,
        wallTimesNode,
        cpuTimesNode,
        load1: spread(seen[i]!.load),
        load1Span: { start: seen[i]!.load[0]!, end: seen[i]!.loadAfter },
        ...(c.target
          ? { target: `${c.target.what} ≤ ${c.target.seconds} s`, met: measured <= c.target.seconds }
          : {}),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (x: number) => x.toFixed(3);

/** The results as a table, one line per case. */
export function startupTable(results: readonly StartupResult[]): string {
  const rows = [
    [
      "case",
      "wall median (min–max) s",
      "cpu median (min–max) s",
      "wall / cpu above node s",
      "wall / cpu × node",
      "load 1 min",
      "target",
    ],
  ];
  for (const r of results)
    rows.push([
      r.name,
      `${s(r.wall.median)} (${s(r.wall.min)}–${s(r.wall.max)})`,
      `${s(r.cpu.median)} (${s(r.cpu.min)}–${s(r.cpu.max)})`,
      `${s(r.wallAboveNode)} / ${s(r.cpuAboveNode)}`,
      `${r.wallTimesNode.toFixed(1)} / ${r.cpuTimesNode.toFixed(1)}`,
      `${r.load1.median.toFixed(1)} (${r.load1.min.toFixed(1)}–${r.load1.max.toFixed(1)})`,
      r.target ? `${r.target}: ${r.met ? "met" : "MISSED"}` : "",
    ]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const roundsArg = process.argv.find((a) => a.startsWith("--rounds="));
  const rounds = roundsArg ? Math.max(5, Number(roundsArg.slice(9))) : 7;
  const before = loadavg();
  const results = runStartupBenchmark(
    rounds,
    process.argv.includes("--bundle-only") ? ["bundle"] : ["bundle", "sources"],
  );
  console.log(
    `start-up, ${rounds} rounds, ${bundleIsFresh(ROOT) ? "bundle (dist/)" : "bundle cases run the sources: dist/ is stale"}, Node ${process.version}, load average ${before.map((x) => x.toFixed(2)).join(" ")} → ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(startupTable(results));
}
