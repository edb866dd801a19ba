/**
 * The `messaging` bench group (`npm run bench -- --only=messaging`): each message sink against
 * its broker's own producer tool, in interleaved rounds on a broker of the bench's own. One
 * file per sink (kafka.ts, ...) and one entry in MESSAGING_BENCHES: another sink adds its file
 * and its line.
 */
import type { CaseSummary } from "../case-summary.ts";
import { PEER_SETTINGS } from "../peers.ts";
import { load1, spread } from "../rounds.ts";
import { runHttpSinkBenchmark } from "./http.ts";
import { runKafkaBenchmark } from "./kafka.ts";

/** What one sink's bench prints: its table row (sink, baseline, messages/s of each, ratio), its result for the results file and its summary line. */
export interface MessagingBenchOutcome {
  readonly row: readonly string[];
  readonly result: unknown;
  readonly summary: Omit<CaseSummary, "load1">;
}

export interface MessagingBench {
  readonly name: string;
  run(quick: boolean, rounds: number, log: (line: string) => void): Promise<MessagingBenchOutcome>;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export const MESSAGING_BENCHES: readonly MessagingBench[] = [
  {
    name: "http",
    async run(quick, rounds) {
      const r = await runHttpSinkBenchmark(quick ? 2 : 5, rounds);
      const m = r.median;
      const ratio = spread(r.rounds.map((x) => x.ratio));
      return {
        row: [
          `http, POSTs of ${r.bodyBytes} B JSON, 32 connections`,
          "autocannon (same receiver, body and connections)",
          `${fmt(m.rowforgePerSecond)} (p99 ${m.rowforgeP99Ms} ms)`,
          fmt(m.autocannonPerSecond),
          `${(100 * ratio.median).toFixed(0)}%${quick ? "" : ratio.median >= 0.6 ? " ok" : " MISSED"} (target >= 60%)`,
          r.rounds.map((x) => `${(100 * x.ratio).toFixed(0)}%`).join(", "),
        ],
        result: r,
        summary: {
          section: "messaging",
          name: `http step, POSTs of ${r.bodyBytes} B JSON, 32 connections`,
          unit: "req/s",
          rounds: r.rounds.length,
          value: spread(r.rounds.map((x) => x.rowforgePerSecond)),
          peer: {
            name: "autocannon",
            value: spread(r.rounds.map((x) => x.autocannonPerSecond)),
            ratio,
            means: "rowforge / autocannon",
          },
          target: ">= 60% of autocannon",
          met: ratio.median >= 0.6,
        },
      };
    },
  },
  {
    name: "kafka",
    async run(quick, rounds, log) {
      const r = await runKafkaBenchmark(quick ? 100_000 : 1_000_000, rounds, log);
      const m = r.median;
      const ratio = spread(r.rounds.map((x) => x.ratio));
      return {
        row: [
          `kafka, ${fmt(r.records)} x ~${r.recordBytes} B JSON, acks=all, idempotent, batchSize ${r.settings.batchBytes}, 1 partition`,
          `ProducerPerformance (batch.size=${r.settings.batchBytes}, acks=all, enable.idempotence=true, --throughput -1)`,
          `${fmt(m.rowforge.messagesPerSecond)} (step ${fmt(m.rowforge.stepMessagesPerSecond)})`,
          fmt(m.producerPerformance.messagesPerSecond),
          `${(100 * ratio.median).toFixed(0)}%${quick ? "" : ratio.median >= 0.9 ? " ok" : " MISSED"} (target >= 90%)`,
          r.rounds.map((x) => `${(100 * x.ratio).toFixed(0)}%`).join(", "),
        ],
        result: r,
        summary: {
          section: "messaging",
          name: `kafka, ${fmt(r.records)} records of ~${r.recordBytes} B, acks=all, idempotent, batch ${r.settings.batchBytes} B, end to end`,
          unit: "msg/s",
          rounds: r.rounds.length,
          value: spread(r.rounds.map((x) => x.rowforge.messagesPerSecond)),
          peer: {
            name: "Kafka ProducerPerformance",
            value: spread(r.rounds.map((x) => x.producerPerformance.messagesPerSecond)),
            ratio,
            means: "rowforge / ProducerPerformance",
          },
          target: ">= 90% of ProducerPerformance",
          met: ratio.median >= 0.9,
        },
      };
    },
  },
];

/** Runs every messaging bench (or the named ones) and returns their rows and results. */
export async function runMessagingBenchmarks(
  quick: boolean,
  rounds: number,
  log: (line: string) => void,
  names?: ReadonlySet<string>,
): Promise<{
  head: string[];
  rows: string[][];
  results: Record<string, unknown>;
  cases: CaseSummary[];
  peers: Record<string, string>;
}> {
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  const cases: CaseSummary[] = [];
  const peers: Record<string, string> = {};
  for (const b of MESSAGING_BENCHES) {
    if (names && !names.has(b.name)) continue;
    log(`${b.name}:`);
    const start = load1();
    const o = await b.run(quick, rounds, log);
    rows.push([...o.row]);
    results[b.name] = o.result;
    cases.push({ ...o.summary, load1: { start, end: load1() } });
    const peer = o.summary.peer?.name as keyof typeof PEER_SETTINGS | undefined;
    if (peer) peers[peer] = PEER_SETTINGS[peer];
  }
  return {
    head: [
      "sink",
      "baseline",
      "rowforge run msg/s (end to end)",
      "baseline msg/s",
      "ratio (median)",
      "rounds",
    ],
    rows,
    results,
    cases,
    peers,
  };
}
