/**
 * POST /sample/schema (10 rows, json, every row its own faker values) under load with autocannon, against a bare
 * Fastify route returning a constant, both measured in the same run, servers in their own processes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export interface HttpResult {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/** Starts a Node server process (the script and its arguments) and waits for its "listening on <url>" line. */
export function startListening(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
  });
}

const BODY = JSON.stringify({
  fields: [
    { name: "id", options: { regex: "ACC[0-9]{8}" } },
    { name: "name", options: { expression: "#{Name.name}" } },
    { name: "amount", type: "double", options: { min: 1, max: 1000 } },
    { name: "opened", type: "date" },
    { name: "status", options: { oneOf: ["open", "closed"] } },
  ],
  format: "json",
  sampleSize: 10,
});

async function load(name: string, url: string, seconds: number): Promise<HttpResult> {
  const r = await autocannon({
    url: `${url}/sample/schema`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections: 10,
    duration: seconds,
  });
  return {
    name,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export interface HttpRound {
  readonly bare: HttpResult;
  readonly rowforge: HttpResult;
  /** rowforge's requests per second over the bare route's, measured back to back. */
  readonly ratio: number;
}

export interface HttpBenchmark {
  readonly rounds: readonly HttpRound[];
  /** The round with the median ratio: what is reported. */
  readonly median: HttpRound;
}

/**
 * Alternates the two servers for several rounds after a warm-up of each, so a change in how
 * busy the shared machine is hits both sides of a round alike; the median round is reported.
 */
export async function runHttpBenchmark(seconds = 5, rounds = 3): Promise<HttpBenchmark> {
  const bare = await startListening([here("./bare-server.ts")]);
  const home = mkdtempSync(join(tmpdir(), "rowforge-bench-home-"));
  const rowforge = await startListening([
    here("../bin/rowforge.js"),
    "serve",
    "--port",
    "0",
    "--home",
    home,
    "--log-level",
    "silent",
  ]);
  try {
    await load("warm-up", bare.url, 2);
    await load("warm-up", rowforge.url, 2);
    const measured: HttpRound[] = [];
    for (let k = 0; k < rounds; k++) {
      const b = await load("bare fastify route", bare.url, seconds);
      const r = await load("POST /sample/schema", rowforge.url, seconds);
      measured.push({ bare: b, rowforge: r, ratio: r.requestsPerSecond / b.requestsPerSecond });
    }
    const sorted = [...measured].sort((x, y) => x.ratio - y.ratio);
    return { rounds: measured, median: sorted[Math.floor(sorted.length / 2)]! };
  } finally {
    bare.child.kill();
    rowforge.child.kill();
  }
}
