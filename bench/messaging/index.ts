/**
 * The `messaging` bench group (`npm run bench -- --only=messaging`): each message sink against
 * its broker's own producer tool, in interleaved rounds on a broker of the bench's own. One
 * file per sink (kafka.ts, ...) and one entry in MESSAGING_BENCHES: another sink adds its file
 * and its line.
 */
import { runKafkaBenchmark } from "./kafka.ts";

/** What one sink's bench prints: its table row (sink, baseline, messages/s of each, ratio) and its result for the results file. */
export interface MessagingBenchOutcome {
  readonly row: readonly string[];
  readonly result: unknown;
}

export interface MessagingBench {
  readonly name: string;
  run(quick: boolean, log: (line: string) => void): Promise<MessagingBenchOutcome>;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export const MESSAGING_BENCHES: readonly MessagingBench[] = [
  {
    name: "kafka",
    async run(quick, log) {
      const r = await runKafkaBenchmark(quick ? 100_000 : 1_000_000, quick ? 1 : 3, log);
      const m = r.median;
      return {
        row: [
          `kafka, ${fmt(r.records)} x ~${r.recordBytes} B JSON, acks=all, 1 partition`,
          "ProducerPerformance (acks=all, --throughput -1)",
          `${fmt(m.rowforge.messagesPerSecond)} (step ${fmt(m.rowforge.stepMessagesPerSecond)})`,
          fmt(m.producerPerformance.messagesPerSecond),
          `${(100 * m.ratio).toFixed(0)}%${quick ? "" : m.ratio >= 0.6 ? " ok" : " MISSED"} (target >= 60%)`,
          r.rounds.map((x) => `${(100 * x.ratio).toFixed(0)}%`).join(", "),
        ],
        result: r,
      };
    },
  },
];

/** Runs every messaging bench (or the named ones) and returns their rows and results. */
export async function runMessagingBenchmarks(
  quick: boolean,
  log: (line: string) => void,
  names?: ReadonlySet<string>,
): Promise<{ head: string[]; rows: string[][]; results: Record<string, unknown> }> {
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  for (const b of MESSAGING_BENCHES) {
    if (names && !names.has(b.name)) continue;
    log(`${b.name}:`);
    const o = await b.run(quick, log);
    rows.push([...o.row]);
    results[b.name] = o.result;
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
  };
}
