import { randomBytes } from "node:crypto";
import { Admin, Consumer } from "@platformatic/kafka";

/**
 * Kafka topics for tests: fresh names, creating them, counting what they hold (end offsets),
 * and consuming every record back (bounded in time). Reached through the shared broker's
 * bootstrap (servers.ts kafkaFacts()).
 */

/** A record as a test reads it back. */
export interface ConsumedRecord {
  readonly key: string | null;
  /** The value as text ("" when null). */
  readonly value: string;
  /** The value's bytes as they are (empty when null): Avro and Protobuf values. */
  readonly valueBytes: Buffer;
  /** A null value (a tombstone), not an empty one. */
  readonly nullValue: boolean;
  /** Header key and value (text), in the record's order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly partition: number;
  readonly offset: bigint;
  /** Milliseconds since the epoch (the producer's create time). */
  readonly timestamp: number;
}

export const freshTopic = (prefix = "rf_topic"): string => `${prefix}_${randomBytes(5).toString("hex")}`;

const admin = (bootstrap: string): Admin =>
  new Admin({ clientId: "rf-test-admin", bootstrapBrokers: [bootstrap], retries: 2 });

export async function createTopic(bootstrap: string, topic: string, partitions = 1): Promise<void> {
  const a = admin(bootstrap);
  try {
    await a.createTopics({ topics: [topic], partitions, replicas: 1 });
  } finally {
    await a.close();
  }
}

export async function deleteTopic(bootstrap: string, topic: string): Promise<void> {
  const a = admin(bootstrap);
  try {
    await a.deleteTopics({ topics: [topic] }).catch(() => {});
  } finally {
    await a.close();
  }
}

/** Records a topic holds (the sum of its partitions' end offsets); 0 when it does not exist. */
export async function topicSize(bootstrap: string, topic: string): Promise<number> {
  const a = admin(bootstrap);
  try {
    const m = await a.metadata({ topics: [topic], autocreateTopics: false }).catch(() => undefined);
    const t = m?.topics.get(topic);
    if (!t) return 0;
    const listed = await a.listOffsets({
      topics: [
        {
          name: topic,
          partitions: Array.from({ length: t.partitionsCount }, (_, p) => ({
            partitionIndex: p,
            timestamp: -1n,
          })),
        },
      ],
    });
    return listed.flatMap((x) => x.partitions).reduce((n, p) => n + Number(p.offset), 0);
  } finally {
    await a.close();
  }
}

/** Every record of a topic, from the start: reads until it has what the end offsets say (at most `timeoutMs`). */
export async function consumeAll(
  bootstrap: string,
  topic: string,
  timeoutMs = 30_000,
): Promise<ConsumedRecord[]> {
  const expected = await topicSize(bootstrap, topic);
  const out: ConsumedRecord[] = [];
  if (expected === 0) return out;
  const consumer = new Consumer({
    clientId: "rf-test-consumer",
    groupId: freshTopic("rf_group"),
    bootstrapBrokers: [bootstrap],
  });
  const timer = setTimeout(() => void consumer.close(true).catch(() => {}), timeoutMs);
  try {
    const stream = await consumer.consume({
      topics: [topic],
      mode: "earliest",
      maxWaitTime: 200,
      autocommit: false,
    });
    for await (const m of stream) {
      out.push({
        key: m.key === undefined || m.key === null || m.key.length === 0 ? null : m.key.toString("utf8"),
        value: m.value?.toString("utf8") ?? "",
        valueBytes: m.value ?? Buffer.alloc(0),
        nullValue: m.value === null || m.value === undefined,
        headers: m.headerEntries.map(([k, v]) => [k.toString("utf8"), v?.toString("utf8") ?? ""] as const),
        partition: m.partition,
        offset: m.offset,
        timestamp: Number(m.timestamp),
      });
      if (out.length >= expected) break;
    }
    await stream.close().catch(() => {});
  } finally {
    clearTimeout(timer);
    await consumer.close(true).catch(() => {});
  }
  if (out.length < expected)
    throw new Error(`topic ${topic}: read ${out.length} of ${expected} records in ${timeoutMs} ms`);
  return out;
}
