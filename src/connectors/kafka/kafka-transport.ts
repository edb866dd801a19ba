import type { MessageToProduce } from "@platformatic/kafka";
import { RowforgeError } from "../../errors/index.ts";
import type { MessageFrames } from "../messaging/message-frames.ts";
import type { MessageTransport, SendOutcome } from "../messaging/message-transport.ts";
import { partBuffer } from "../messaging/part-buffer.ts";
import { bounded, clientOptions } from "./kafka-client.ts";
import { directKafkaDelivery, type KafkaDelivery } from "./kafka-direct-delivery.ts";
import { brokersText, kafkaError } from "./kafka-errors.ts";
import type { KafkaMessageParts } from "./kafka-message-parts.ts";
import type { KafkaOptions } from "./kafka-options.ts";
import { partitionOf, partitionOutOfRange, rowName } from "./kafka-row-partition.ts";

type Message = MessageToProduce<Buffer, Buffer, Buffer, Buffer>;

/** Null bytes on the wire (length -1): the client writes a null key, value or header value for null. */
const NULL_BYTES = null as unknown as Buffer;
/** Bytes a record costs beyond its key, value and headers (record header, varints), roughly. */
const RECORD_OVERHEAD = 24;

/**
 * Sends a step's rows as Kafka records through one @platformatic/kafka producer: each send
 * (the sink's chunk of rows) becomes produce requests of at most `batchBytes` each, in flight
 * together; failures are retried (`retries`), and what still fails ends the step with the
 * count of records the broker acknowledged. A step with one topic and no compression has its
 * requests encoded straight from the frames (kafka-direct-delivery); otherwise the client
 * builds them from messages whose keys, values and headers are views of the frames.
 */
export async function kafkaTransport(o: KafkaOptions, parts: KafkaMessageParts): Promise<MessageTransport> {
  // The client library loads with the first producer, not at every start.
  const lib = await import("@platformatic/kafka");
  const producer = new lib.Producer<Buffer, Buffer, Buffer, Buffer>({
    ...clientOptions(o, o.maxInFlight),
    acks: o.acks,
    compression: o.compression,
    idempotent: o.idempotent,
    autocreateTopics: true,
  });
  const at = brokersText(o);
  // Connect now (bounded): a broker that is down fails the step before any row is generated.
  let partitions: number | undefined;
  try {
    const topics = o.topic === undefined ? [] : [o.topic];
    const metadata = await bounded(
      o,
      producer.metadata({ topics, autocreateTopics: true }),
      () =>
        new RowforgeError(
          "RF_BROKER_UNREACHABLE",
          `${o.where}: no Kafka broker at ${at} answered within ${o.connectTimeoutSeconds + o.requestTimeoutSeconds} s`,
        ),
    );
    if (o.topic !== undefined) partitions = metadata.topics.get(o.topic)?.partitionsCount;
  } catch (e) {
    await producer.close(true).catch(() => {});
    throw kafkaError(
      e,
      o,
      `connecting for topic ${o.topic ?? "(each row's topic)"}`,
      "RF_BROKER_UNREACHABLE",
    );
  }

  const outputs = new Set<string>();
  const outputOf = (topic: string) => `kafka://${o.brokers[0]}/${topic}`;
  if (o.topic !== undefined) outputs.add(outputOf(o.topic));
  let attempted = 0;
  let acknowledged = 0;
  /** Set when a send failed after others of it went through: the step cannot go on. */
  let broken: RowforgeError | undefined;

  const rowKey = (frames: MessageFrames, row: number): string => rowName(frames, row, parts.key);

  const messageOf = (frames: MessageFrames, row: number): Message => {
    let topic = o.topic;
    if (parts.topic >= 0) {
      const t = frames.text(row, parts.topic);
      if (t !== null && t !== "") {
        topic = t;
        if (outputs.size < 20) outputs.add(outputOf(t));
      }
    }
    if (topic === undefined)
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `${o.where}: ${rowKey(frames, row)} has a null topic and the step names none`,
        {
          hint: "give the step a topic option, or make the topic field never null",
        },
      );
    const value = frames.part(row, parts.value);
    // A null value is a null record value (a tombstone), as Spark's Kafka sink writes it.
    const message: Message = { topic, value: value === null ? NULL_BYTES : partBuffer(value) };
    // A topic of one partition: no key hashing (the client's murmur2 costs ~6% of a run).
    if (partitions === 1 && topic === o.topic) message.partition = 0;
    if (parts.key >= 0) {
      const key = frames.part(row, parts.key);
      if (key !== null) message.key = partBuffer(key);
    }
    if (parts.headers >= 0) {
      const headers = frames.headers(row, parts.headers);
      if (headers !== null && headers.length > 0)
        message.headers = new Map(
          headers.map(([k, v]) => [partBuffer(k), v === null ? NULL_BYTES : partBuffer(v)]),
        );
    }
    if (parts.partition >= 0) {
      const p = frames.part(row, parts.partition);
      if (p !== null) {
        const partition = partitionOf(p);
        if (
          !Number.isInteger(partition) ||
          (partitions !== undefined && topic === o.topic && partition >= partitions)
        )
          throw partitionOutOfRange(o.where, rowKey(frames, row), p, topic, partitions);
        message.partition = partition;
      }
    }
    return message;
  };

  /** Rows [from, to) as groups of records of at most batchBytes each. */
  const groupsOf = (frames: MessageFrames, from: number, to: number): Message[][] => {
    const groups: Message[][] = [];
    let group: Message[] = [];
    let bytes = 0;
    for (let row = from; row < to; row++) {
      const m = messageOf(frames, row);
      let size = RECORD_OVERHEAD + (m.value?.byteLength ?? 0) + (m.key?.byteLength ?? 0);
      if (m.headers instanceof Map)
        for (const [k, v] of m.headers) size += k.byteLength + (v?.byteLength ?? 0) + 8;
      if (group.length > 0 && bytes + size > o.batchBytes) {
        groups.push(group);
        group = [];
        bytes = 0;
      }
      group.push(m);
      bytes += size;
    }
    if (group.length > 0) groups.push(group);
    return groups;
  };

  /** Each send's messages built by the client, in requests of at most batchBytes sent together. */
  const clientSend: KafkaDelivery["send"] = async (frames, from, to) => {
    const groups = groupsOf(frames, from, to);
    const settled = await Promise.allSettled(
      groups.map((messages) => producer.send({ messages, autocreateTopics: true })),
    );
    let ok = 0;
    let error: unknown;
    settled.forEach((s, k) => {
      if (s.status === "fulfilled") ok += groups[k]!.length;
      else error ??= s.reason;
    });
    return error === undefined ? { acknowledged: ok } : { acknowledged: ok, error };
  };
  let deliver: KafkaDelivery;
  try {
    deliver = (await directKafkaDelivery(lib, producer, o, parts, partitions)) ?? {
      send: clientSend,
      close: async () => {},
    };
  } catch (e) {
    await producer.close(true).catch(() => {});
    throw e;
  }

  const doing = (): string =>
    `sending to ${o.topic === undefined ? "the rows' topics" : `topic "${o.topic}"`}`;

  return {
    slots: parts.slots,
    maxChunkRows: o.chunkRows,
    maxInFlight: o.maxInFlight,
    get outputs() {
      return [...outputs];
    },
    async send(frames, from, to): Promise<SendOutcome> {
      if (broken) throw broken;
      attempted += to - from;
      const { acknowledged: ok, error: failure } = await deliver.send(frames, from, to);
      acknowledged += ok;
      if (failure === undefined) return { acknowledged: ok, failed: 0 };
      const error = kafkaError(failure, o, doing());
      if (ok === 0) throw error;
      // Part of this send went through: count it, and end the step at the next send or close.
      broken = error;
      return { acknowledged: ok, failed: to - from - ok, error: error.message };
    },
    async close() {
      await deliver.close();
      if (broken) {
        await producer.close(true).catch(() => {});
        throw new RowforgeError(
          broken.code,
          `${broken.message}; ${acknowledged} of ${attempted} messages were acknowledged`,
        );
      }
      await producer.close();
    },
    async abort() {
      await deliver.close();
      await producer.close(true);
    },
  };
}
