/**
 * Kafka producer throughput (`npm run bench -- --only=messaging`, or run this file alone):
 * `rowforge run` of a plan whose records carry a ~500-byte JSON value, to a topic of one
 * partition with acks=all and an idempotent producer, end to end (process start and generation
 * included), against Kafka's own org.apache.kafka.tools.ProducerPerformance sending the same
 * number of 500-byte records with the same producer settings (batch.size = rowforge's batchSize,
 * 512 KiB unless STEP OPTIONS give another, acks=all, enable.idempotence=true) and --throughput -1
 * to a topic made the same way, in interleaved rounds on one broker. A broker of its own is started with scripts/servers/kafka.sh (and stopped) unless
 * KAFKA_BOOTSTRAP and KAFKA_TOOLS_CLASSPATH name one.
 *
 *   node bench/messaging/kafka.ts [RECORDS] [ROUNDS] [STEP OPTIONS]   (defaults 1000000, 3, none)
 *
 * STEP OPTIONS are more of the step's options as YAML map entries (`batchSize: 900000,
 * maxInFlight: 8`), to compare the sink's settings.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Admin } from "@platformatic/kafka";
import { DEFAULT_BATCH_BYTES } from "../../src/connectors/kafka/kafka-options.ts";
import { runChild } from "../child-run.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../../bin/rowforge.js");
export const RECORD_BYTES = 500;

export interface KafkaBenchRound {
  /** `rowforge run`, spawn to exit, and the step's own rate (connect to last acknowledgement). */
  readonly rowforge: {
    readonly seconds: number;
    readonly messagesPerSecond: number;
    readonly stepMessagesPerSecond: number;
    readonly peakRssMiB?: number;
  };
  /** ProducerPerformance: what it reports (its own clock) and spawn to exit (JVM start included). */
  readonly producerPerformance: {
    readonly messagesPerSecond: number;
    readonly wallSeconds: number;
    readonly wallMessagesPerSecond: number;
  };
  /** rowforge's end-to-end rate / ProducerPerformance's reported rate. */
  readonly ratio: number;
}

/** The producer settings both sides run with. */
export interface KafkaProducerSettings {
  readonly batchBytes: number;
  readonly acks: "all";
  readonly idempotence: true;
}

/** The batch size rowforge's step runs with: its batchSize among the STEP OPTIONS, else the sink's default. */
export function batchBytesOf(stepOptions: string): number {
  const m = /(?:^|,)\s*(?:batchSize|"?batch\.size"?)\s*:\s*"?(\d+)"?/.exec(stepOptions);
  return m ? Number(m[1]) : DEFAULT_BATCH_BYTES;
}

export interface KafkaBenchResult {
  readonly records: number;
  readonly settings: KafkaProducerSettings;
  readonly recordBytes: number;
  /** Bytes of the JSON values rowforge sent, on average. */
  readonly rowforgeValueBytes: number;
  readonly rounds: readonly KafkaBenchRound[];
  readonly median: KafkaBenchRound;
}

/** Long texts a record's note picks from: the value's bulk, generated cheaply (as a ProducerPerformance payload is made before its clock starts). */
const NOTES = Array.from({ length: 8 }, (_, k) =>
  JSON.stringify(`note ${k}: ${"lorem ipsum dolor sit amet consectetur ".repeat(4).slice(0, 150)}`),
).join(", ");

/** ~500 bytes of JSON per record: an account event whose free-text fields fill the rest. */
function planText(bootstrap: string, topic: string, records: number, stepOptions: string): string {
  return `name: kafka_bench
sinkOptions: {seed: "1"}
dataSources:
  - name: bench_kafka
    connection:
      type: kafka
      options: {bootstrapServers: "${bootstrap}"}
    steps:
      - name: events
        options: {topic: ${topic}, acks: all, idempotent: "true"${stepOptions ? `, ${stepOptions}` : ""}}
        count: {records: ${records}}
        fields:
          - {name: key, options: {sql: "account_id"}}
          - {name: id, type: long, options: {sql: '__index_inc'}}
          - {name: account_id, options: {regex: "ACC[0-9]{10}"}}
          - {name: status, options: {oneOf: [open, closed, frozen, pending]}}
          - {name: amount, type: double, options: {min: 1, max: 100000}}
          - {name: currency, options: {oneOf: [EUR, USD, GBP]}}
          - {name: at, type: timestamp, options: {min: '2024-01-01 00:00:00', max: '2025-12-31 23:59:59'}}
          - {name: tags, options: {oneOf: [${NOTES}]}}
          - {name: note, options: {sql: "CONCAT(status, ' ', account_id, ' ', tags)"}}
`;
}

async function startBroker(): Promise<{ bootstrap: string; classpath: string; stop: () => void }> {
  if (process.env.KAFKA_BOOTSTRAP && process.env.KAFKA_TOOLS_CLASSPATH)
    return {
      bootstrap: process.env.KAFKA_BOOTSTRAP,
      classpath: process.env.KAFKA_TOOLS_CLASSPATH,
      stop: () => {},
    };
  const dir = join(mkdtempSync(join(tmpdir(), "rowforge-bench-kafka-")), "kafka");
  const script = here("../../scripts/servers/kafka.sh");
  const out = execFileSync("bash", [script, "start"], {
    encoding: "utf8",
    env: {
      ...process.env,
      ROWFORGE_KAFKA_DIR: dir,
      KAFKA_HEAP: "1G",
      ROWFORGE_KAFKA_WATCH_PID: String(process.pid),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const facts = Object.fromEntries(
    out
      .split("\n")
      .map((l) => /^([A-Z_]+)=(.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
  return {
    bootstrap: facts.KAFKA_BOOTSTRAP!,
    classpath: facts.KAFKA_TOOLS_CLASSPATH!,
    stop: () => execFileSync("bash", [script, "stop", facts.KAFKA_DIR!], { stdio: "ignore" }),
  };
}

async function withAdmin<T>(bootstrap: string, f: (a: Admin) => Promise<T>): Promise<T> {
  const admin = new Admin({ clientId: "rf-bench", bootstrapBrokers: [bootstrap] });
  try {
    return await f(admin);
  } finally {
    await admin.close();
  }
}

/** One partition, the broker's defaults otherwise: the same for both producers. */
const createTopic = (bootstrap: string, topic: string) =>
  withAdmin(bootstrap, (a) => a.createTopics({ topics: [topic], partitions: 1, replicas: 1 }));

const deleteTopic = (bootstrap: string, topic: string) =>
  withAdmin(bootstrap, (a) => a.deleteTopics({ topics: [topic] })).catch(() => {});

async function endOffset(bootstrap: string, topic: string): Promise<number> {
  return withAdmin(bootstrap, async (a) => {
    const [t] = await a.listOffsets({
      topics: [{ name: topic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
    });
    return Number(t?.partitions[0]?.offset ?? 0);
  });
}

async function runRowforge(bootstrap: string, records: number, round: number, stepOptions: string) {
  const topic = `rf_bench_rowforge_${process.pid}_${round}`;
  await createTopic(bootstrap, topic);
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-kafka-plan-"));
  writeFileSync(join(dir, "plan.yaml"), planText(bootstrap, topic, records, stepOptions));
  const r = await runChild(process.execPath, [
    CLI,
    "run",
    join(dir, "plan.yaml"),
    "--json",
    "--quiet",
    "--home",
    join(dir, ".rowforge"),
  ]);
  if (r.code !== 0) throw new Error(`rowforge run failed: ${r.stderr}`);
  const result = JSON.parse(r.stdout) as { steps: { records: number; bytes: number; seconds: number }[] };
  const step = result.steps[0]!;
  const landed = await endOffset(bootstrap, topic);
  if (landed !== records || step.records !== records)
    throw new Error(`rowforge run: ${step.records} acknowledged, ${landed} on the topic, not ${records}`);
  rmSync(dir, { recursive: true, force: true });
  await deleteTopic(bootstrap, topic);
  return {
    seconds: r.seconds,
    messagesPerSecond: records / r.seconds,
    stepMessagesPerSecond: records / step.seconds,
    valueBytes: step.bytes / records,
    ...(r.peakRssMiB === undefined ? {} : { peakRssMiB: r.peakRssMiB }),
  };
}

async function runProducerPerformance(
  bootstrap: string,
  classpath: string,
  records: number,
  round: number,
  settings: KafkaProducerSettings,
) {
  const topic = `rf_bench_perf_${process.pid}_${round}`;
  await createTopic(bootstrap, topic);
  const r = await runChild("java", [
    "-Xmx512m",
    "-cp",
    classpath,
    "org.apache.kafka.tools.ProducerPerformance",
    "--topic",
    topic,
    "--num-records",
    String(records),
    "--record-size",
    String(RECORD_BYTES),
    "--throughput",
    "-1",
    "--producer-props",
    `bootstrap.servers=${bootstrap}`,
    `acks=${settings.acks}`,
    `batch.size=${settings.batchBytes}`,
    `enable.idempotence=${settings.idempotence}`,
  ]);
  if (r.code !== 0) throw new Error(`ProducerPerformance failed: ${r.stderr}`);
  // "1000000 records sent, 98658.2 records/sec (47.04 MB/sec), ..." (the last summary line)
  const m = /(\d+) records sent, ([\d.]+) records\/sec/.exec(r.stdout.trim().split("\n").pop() ?? "");
  if (!m) throw new Error(`ProducerPerformance printed no summary: ${r.stdout.slice(-500)}`);
  await deleteTopic(bootstrap, topic);
  return {
    messagesPerSecond: Number(m[2]),
    wallSeconds: r.seconds,
    wallMessagesPerSecond: records / r.seconds,
  };
}

const median = <T>(xs: readonly T[], by: (x: T) => number): T =>
  [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;

export async function runKafkaBenchmark(
  records = 1_000_000,
  rounds = 5,
  log: (line: string) => void = console.log,
  stepOptions = "",
): Promise<KafkaBenchResult> {
  const settings: KafkaProducerSettings = {
    batchBytes: batchBytesOf(stepOptions),
    acks: "all",
    idempotence: true,
  };
  const broker = await startBroker();
  try {
    const results: KafkaBenchRound[] = [];
    let valueBytes = 0;
    for (let round = 0; round < rounds; round++) {
      // Interleaved, ProducerPerformance first in odd rounds: neither always gets the warmer broker.
      const first = round % 2 === 0;
      const perf0 = first
        ? undefined
        : await runProducerPerformance(broker.bootstrap, broker.classpath, records, round, settings);
      const rf = await runRowforge(broker.bootstrap, records, round, stepOptions);
      const perf =
        perf0 ?? (await runProducerPerformance(broker.bootstrap, broker.classpath, records, round, settings));
      valueBytes = rf.valueBytes;
      const { valueBytes: _, ...rowforge } = rf;
      const r = { rowforge, producerPerformance: perf, ratio: rf.messagesPerSecond / perf.messagesPerSecond };
      results.push(r);
      log(
        `  round ${round + 1}: rowforge run ${Math.round(rf.messagesPerSecond).toLocaleString("en-US")} msg/s end to end (step ${Math.round(rf.stepMessagesPerSecond).toLocaleString("en-US")}), ProducerPerformance ${Math.round(perf.messagesPerSecond).toLocaleString("en-US")} msg/s (wall ${Math.round(perf.wallMessagesPerSecond).toLocaleString("en-US")}): ${(100 * r.ratio).toFixed(0)}%`,
      );
    }
    return {
      records,
      settings,
      recordBytes: RECORD_BYTES,
      rowforgeValueBytes: valueBytes,
      rounds: results,
      median: median(results, (r) => r.ratio),
    };
  } finally {
    broker.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await runKafkaBenchmark(
    Number(process.argv[2] ?? 1_000_000),
    Number(process.argv[3] ?? 5),
    console.log,
    process.argv[4] ?? "",
  );
  console.log(JSON.stringify(r, null, 2));
}
