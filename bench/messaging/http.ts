/**
 * The HTTP sink against autocannon: the same receiver (bench/receiver-server.ts, its own
 * process), the same ~500-byte JSON POST bodies and the same number of connections; autocannon's
 * requests per second is what a dedicated load generator gets from this receiver on this
 * machine, `rowforge run` of a plan of that many POSTs (bench/plans/http-sink) is measured by
 * its own delivery report (acknowledged / seconds from first send to last answer). Rounds
 * alternate the two; the median round is reported.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { runChild } from "../child-run.ts";
import { startListening } from "../http.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CONNECTIONS = 32;

const startReceiver = () => startListening([here("../receiver-server.ts")]);

/** A body like the plan's rows, about 500 bytes. */
const BODY = JSON.stringify({
  event_id: 123456,
  account_id: "ACC12345678",
  name: "Marjorie Kuhlman",
  email: "marjorie.kuhlman@example.com",
  amount: 512.3456789012,
  status: "pending",
  created: "2026-05-17T08:31:02.123456Z",
  notes: Array.from({ length: 31 }, (_, i) => "abcdefgh".slice(0, 4 + (i % 5)))
    .join(" ")
    .padEnd(320, "x"),
});

export interface HttpSinkRound {
  readonly autocannonPerSecond: number;
  readonly rowforgePerSecond: number;
  readonly rowforgeP99Ms: number | undefined;
  readonly ratio: number;
}

export interface HttpSinkBenchmark {
  readonly bodyBytes: number;
  readonly requests: number;
  readonly rounds: readonly HttpSinkRound[];
  readonly median: HttpSinkRound;
}

async function cannon(url: string, seconds: number): Promise<number> {
  const r = await autocannon({
    url: `${url}/ingest/autocannon`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (r.errors > 0 || r.non2xx > 0)
    throw new Error(`autocannon: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return r.requests.average;
}

async function rowforge(url: string, requests: number): Promise<{ perSecond: number; p99?: number }> {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-http-"));
  try {
    const task = readFileSync(here("../plans/http-sink/task/events.yaml"), "utf8").replace(
      "records: 100000",
      `records: ${requests}`,
    );
    writeFileSync(join(dir, "plan.yaml"), readFileSync(here("../plans/http-sink/plan.yaml"), "utf8"));
    mkdirSync(join(dir, "task"));
    writeFileSync(join(dir, "task", "events.yaml"), task);
    writeFileSync(
      join(dir, "application.conf"),
      `http {\n  receiver {\n    url = "${url}/ingest/rowforge"\n    method = "POST"\n    concurrency = "${CONNECTIONS}"\n  }\n}\n`,
    );
    const r = await runChild(process.execPath, [
      here("../../bin/rowforge.js"),
      "run",
      join(dir, "plan.yaml"),
      "-c",
      join(dir, "application.conf"),
      "--json",
      "--quiet",
    ]);
    if (r.code !== 0) throw new Error(`rowforge run failed: ${r.stderr}${r.stdout}`);
    const result = JSON.parse(r.stdout) as {
      steps: { delivery?: { acknowledged: number; achievedRate: number; latencyMs?: { p99: number } } }[];
    };
    const d = result.steps[0]!.delivery!;
    if (d.acknowledged !== requests)
      throw new Error(`rowforge: ${d.acknowledged} of ${requests} acknowledged`);
    return { perSecond: d.achievedRate, ...(d.latencyMs ? { p99: d.latencyMs.p99 } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runHttpSinkBenchmark(seconds = 5, rounds = 3): Promise<HttpSinkBenchmark> {
  const receiver = await startReceiver();
  try {
    await cannon(receiver.url, 2);
    const measured: HttpSinkRound[] = [];
    for (let k = 0; k < rounds; k++) {
      const a = await cannon(receiver.url, seconds);
      // As many requests as autocannon sent in the same time: both runs take about as long.
      const requests = Math.max(10_000, Math.round(a * seconds));
      const r = await rowforge(receiver.url, requests);
      measured.push({
        autocannonPerSecond: a,
        rowforgePerSecond: r.perSecond,
        rowforgeP99Ms: r.p99,
        ratio: r.perSecond / a,
      });
    }
    const sorted = [...measured].sort((x, y) => x.ratio - y.ratio);
    return {
      bodyBytes: Buffer.byteLength(BODY),
      requests: Math.round(measured[0]!.autocannonPerSecond * seconds),
      rounds: measured,
      median: sorted[Math.floor(sorted.length / 2)]!,
    };
  } finally {
    receiver.child.kill();
  }
}

// Run on its own: node bench/messaging/http.ts
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const b = await runHttpSinkBenchmark(5, 3);
  for (const r of b.rounds)
    console.log(
      `autocannon ${Math.round(r.autocannonPerSecond)}/s, rowforge ${Math.round(r.rowforgePerSecond)}/s (p99 ${r.rowforgeP99Ms} ms): ${(r.ratio * 100).toFixed(0)}%`,
    );
  console.log(`median: ${(b.median.ratio * 100).toFixed(0)}% of autocannon (body ${b.bodyBytes} bytes)`);
}
