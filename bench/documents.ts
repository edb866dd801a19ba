/**
 * `npm run bench -- --only=documents` (or `node bench/documents.ts [rows] [--ids=a,b]`): speed
 * of generation from the largest real-world documents of the corpus (test/metadata/corpus/,
 * fetched by `node scripts/setup-corpus.ts`): each document read as its users' task reads it
 * (a JSON file output), then every step it makes (each OpenAPI operation) generated and
 * encoded as NDJSON by the run's own column encoder, in this thread (one core), `rows` rows per
 * step in batches of 10,000. Prints rows/s per document (the slowest step, the median, the
 * fastest) of CPU time, which a shared machine's load barely moves (the slowest step's rows/s by
 * the clock beside it), the time to read the document and the peak heap; each step is timed after one
 * warm-up batch, `rounds` times (default 5): its rows/s is the median, the slowest step's spread is kept; `--steps=a,b` times only those steps (to profile one). Target (issue 28): at least 20,000 rows/s per operation or schema.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { openAccess } from "../src/access/index.ts";
import { OUTPUT_KINDS } from "../src/app/output-kinds.ts";
import { loadPlanFile } from "../src/config/index.ts";
import { compilePlan, resolveBudget } from "../src/engine/index.ts";
import { ByteSink } from "../src/formats/arrow-values/byte-sink.ts";
import { findFormat } from "../src/formats/format-registry.ts";
import { fillFromMetadata } from "../src/metadata/index.ts";
import { corpusManifests, documentPath } from "../test/support/corpus/corpus-manifest.ts";
import { DEFAULT_ROUNDS, type Spread, spread } from "./rounds.ts";

/** The CLI's access: these plans are a local user's. */
const OPEN_ACCESS = openAccess(process.cwd());

/** The largest documents of the corpus, by manifest and id. */
const DOCUMENTS: readonly (readonly [string, string])[] = [
  ["openapi.json", "readme/3.1/readme"],
  ["openapi.json", "blockfrost"],
  ["openapi.json", "ideal-postcodes"],
  ["openapi.json", "readme/3.0/star-trek"],
  ["openapi.json", "rclone"],
  ["openapi.json", "shipengine"],
  ["json-schema.json", "cloudformation/S3-Bucket"],
  ["json-schema.json", "cloudformation/ECS-TaskDefinition"],
  ["json-schema.json", "schemastore/azure-pipelines"],
  ["json-schema.json", "schemastore/renovate"],
];
const BATCH = 10_000;

export interface DocumentSpeed {
  readonly id: string;
  readonly kb: number;
  readonly steps: number;
  readonly readMs: number;
  /** Rows per second of the process's CPU time (its threads' user and system time), and of the clock. */
  readonly slowest: {
    readonly step: string;
    readonly rowsPerSecond: number;
    readonly wallRowsPerSecond: number;
    readonly bytesPerRow: number;
    /** Its CPU-time rows/s over the rounds. */
    readonly rounds: Spread;
  };
  readonly medianRowsPerSecond: number;
  readonly fastestRowsPerSecond: number;
  readonly peakHeapMiB: number;
  readonly error?: string;
}

export async function runDocumentsBenchmark(
  rows: number,
  ids?: ReadonlySet<string>,
  steps?: ReadonlySet<string>,
  rounds = DEFAULT_ROUNDS,
): Promise<DocumentSpeed[]> {
  const manifests = corpusManifests();
  const out: DocumentSpeed[] = [];
  for (const [file, id] of DOCUMENTS) {
    if (ids && !ids.has(id)) continue;
    const m = manifests[file]!;
    const d = m.documents.find((x) => x.id === id)!;
    const path = documentPath(m, d);
    const { size } = await import("node:fs").then((fs) => fs.statSync(path));
    const task = d.task ?? m.task!;
    const options = Object.fromEntries(
      Object.entries(task.options).map(([k, v]) => [k, v.replace("{document}", path)]),
    );
    const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-doc-"));
    let peak = 0;
    const heap = () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    try {
      writeFileSync(
        join(dir, "task.yaml"),
        stringify({
          name: "bench",
          steps: [
            { name: "s", type: task.type, count: { records: rows }, options: { ...options, path: "out" } },
          ],
        }),
      );
      const started = performance.now();
      const load = await loadPlanFile(join(dir, "task.yaml"), {
        outputKinds: OUTPUT_KINDS,
        cwd: dir,
        env: {},
      });
      if (!load.plan) throw new Error(load.diagnostics.map((x) => x.message).join("; "));
      const { plan } = await fillFromMetadata(load.plan, { access: OPEN_ACCESS });
      const compiled = compilePlan(plan, {
        seed: "28",
        nowMicros: Date.UTC(2026, 10, 1) * 1000,
        fastMode: false,
        budget: resolveBudget(plan.config.budget),
      });
      const readMs = performance.now() - started;
      heap();
      const speeds: {
        step: string;
        rowsPerSecond: number;
        wallRowsPerSecond: number;
        bytesPerRow: number;
        rounds: Spread;
      }[] = [];
      for (const step of compiled.steps) {
        if (steps && !steps.has(step.resolved.step.name)) continue;
        const format = findFormat("json")!;
        const encoder = format.columnEncoder?.(step.output, step.resolved.step.options);
        const sink = new ByteSink(1 << 20);
        const batch = (start: number, count: number) => {
          sink.pos = 0;
          const columns = step.columns(start, count);
          if (!encoder?.encodeColumns(columns, columns[0]?.length ?? count, sink))
            throw new Error(`${step.resolved.step.name}: the column encoder refused the columns`);
          heap();
          return sink.pos;
        };
        batch(0, Math.min(BATCH, rows));
        let bytes = 0;
        const cpuRates: number[] = [];
        const wallRates: number[] = [];
        for (let round = 0; round < rounds; round++) {
          bytes = 0;
          const t = performance.now();
          const cpu = process.cpuUsage();
          for (let start = 0; start < rows; start += BATCH)
            bytes += batch(start, Math.min(BATCH, rows - start));
          const used = process.cpuUsage(cpu);
          wallRates.push(rows / ((performance.now() - t) / 1000));
          cpuRates.push(rows / ((used.user + used.system) / 1e6));
        }
        const cpuSpread = spread(cpuRates);
        speeds.push({
          step: step.resolved.step.name,
          rowsPerSecond: cpuSpread.median,
          wallRowsPerSecond: spread(wallRates).median,
          bytesPerRow: bytes / rows,
          rounds: cpuSpread,
        });
      }
      speeds.sort((a, b) => a.rowsPerSecond - b.rowsPerSecond);
      out.push({
        id,
        kb: Math.round(size / 1024),
        steps: speeds.length,
        readMs: Math.round(readMs),
        slowest: speeds[0]!,
        medianRowsPerSecond: speeds[Math.floor(speeds.length / 2)]!.rowsPerSecond,
        fastestRowsPerSecond: speeds.at(-1)!.rowsPerSecond,
        peakHeapMiB: Math.round(peak / 2 ** 20),
      });
    } catch (e) {
      out.push({
        id,
        kb: Math.round(size / 1024),
        steps: 0,
        readMs: 0,
        slowest: {
          step: "",
          rowsPerSecond: 0,
          wallRowsPerSecond: 0,
          bytesPerRow: 0,
          rounds: { median: 0, min: 0, max: 0 },
        },
        medianRowsPerSecond: 0,
        fastestRowsPerSecond: 0,
        peakHeapMiB: Math.round(peak / 2 ** 20),
        error: (e as Error).message.split("\n")[0]!,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

export function printDocumentSpeeds(
  rows: number,
  results: readonly DocumentSpeed[],
  say = console.log,
): void {
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  say(
    `generation from documents (bench/documents.ts): ${fmt(rows)} rows per step, medians of rounds, one thread, NDJSON by the run's column encoder (target: >= 20,000 rows/s per step)`,
  );
  for (const r of results) {
    if (r.error) {
      say(`  ${r.id} (${r.kb} KB): ${r.error}`);
      continue;
    }
    say(
      `  ${r.id} (${r.kb} KB, ${r.steps} step${r.steps > 1 ? "s" : ""}, read in ${fmt(r.readMs)} ms): slowest ${r.slowest.step} ${fmt(r.slowest.rowsPerSecond)} rows/s (${fmt(r.slowest.rounds.min)}–${fmt(r.slowest.rounds.max)}; ${fmt(r.slowest.wallRowsPerSecond)} by the clock, ${fmt(r.slowest.bytesPerRow)} B/row), median ${fmt(r.medianRowsPerSecond)}, fastest ${fmt(r.fastestRowsPerSecond)} rows/s; peak heap ${r.peakHeapMiB} MiB`,
    );
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const rows = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 50_000);
  const idsArg = process.argv.find((a) => a.startsWith("--ids="));
  const ids = idsArg ? new Set(idsArg.slice(6).split(",")) : undefined;
  const stepsArg = process.argv.find((a) => a.startsWith("--steps="));
  const steps = stepsArg ? new Set(stepsArg.slice(8).split(",")) : undefined;
  printDocumentSpeeds(rows, await runDocumentsBenchmark(rows, ids, steps));
}
