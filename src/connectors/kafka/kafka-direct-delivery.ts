import type { Producer } from "@platformatic/kafka";
import type { MessageFrames } from "../messaging/message-frames.ts";
import { partBuffer } from "../messaging/part-buffer.ts";
import { CLIENT_ID } from "./kafka-client.ts";
import { kafkaError } from "./kafka-errors.ts";
import type { KafkaMessageParts } from "./kafka-message-parts.ts";
import type { KafkaOptions } from "./kafka-options.ts";
import { type LaneOutcome, ProduceLanes } from "./kafka-produce-lanes.ts";
import { partitionOf, partitionOutOfRange, rowName } from "./kafka-row-partition.ts";
import { FIRST_FLEXIBLE_PRODUCE_VERSION } from "./produce-request-encoder.ts";

/** How a step's rows reach the broker. */
export interface KafkaDelivery {
  /** Sends rows [from, to) of the frames and says how many records the broker acknowledged. */
  send(frames: MessageFrames, from: number, to: number): Promise<LaneOutcome>;
  /** Closes what it opened of its own (the producer is closed by the transport). */
  close(): Promise<void>;
}

type KafkaLibrary = typeof import("@platformatic/kafka");

/**
 * The step's records encoded by rowforge itself, straight from the frames into produce
 * requests (kafka-produce-lanes), when the step sends to one topic without compression and
 * the broker speaks Produce 9 or newer; undefined otherwise (the client then builds each
 * message). Rows go to their partition field's partition, else by their key's murmur2 hash,
 * else round robin, as the client would place them.
 */
export async function directKafkaDelivery(
  lib: KafkaLibrary,
  producer: Producer<Buffer, Buffer, Buffer, Buffer>,
  o: KafkaOptions,
  parts: KafkaMessageParts,
  partitions: number | undefined,
): Promise<KafkaDelivery | undefined> {
  const topic = o.topic;
  if (topic === undefined || partitions === undefined || parts.topic >= 0) return undefined;
  // The requests go over plain sockets of their own: TLS and SASL logins stay with the client.
  if (o.compression !== "none" || o.acks === 0 || o.tls || o.sasl) return undefined;
  let producerInfo: { producerId: bigint; producerEpoch: number } | undefined;
  let version: number;
  try {
    const apis = await producer.listApis();
    version = Math.min(apis.find((a) => a.apiKey === 0)?.maxVersion ?? 0, 11);
    if (o.idempotent) producerInfo = await producer.initIdempotentProducer({});
  } catch (e) {
    throw kafkaError(e, o, `starting a producer for topic "${topic}"`);
  }
  const parsers = { 9: lib.produceV9, 10: lib.produceV10, 11: lib.produceV11 } as const;
  if (version < FIRST_FLEXIBLE_PRODUCE_VERSION) return undefined;
  const lanes = new ProduceLanes(
    producer,
    {
      where: o.where,
      topic,
      acks: o.acks,
      timeoutMs: o.requestTimeoutSeconds * 1000,
      batchBytes: o.batchBytes,
      retries: o.retries,
      retryDelayMs: 250,
      connectTimeoutMs: o.connectTimeoutSeconds * 1000,
      clientId: CLIENT_ID,
      version,
      producer: producerInfo,
    },
    { value: parts.value, key: parts.key, headers: parts.headers },
    {
      // Through a one-buffer DynamicBuffer: the client's CRC copies a plain Buffer first.
      crc32c: (bytes) => lib.crc32c(lib.Writer.create().append(bytes).dynamicBuffer),
      networkError: (message, cause) =>
        new lib.NetworkError(message, cause instanceof Error ? { cause } : {}),
      timeoutError: (message) => new lib.TimeoutError(message),
      parseResponse: (correlationId, apiKey, apiVersion, body) =>
        parsers[version as keyof typeof parsers].parseResponse(
          correlationId,
          apiKey,
          apiVersion,
          lib.Reader.from(body),
        ),
    },
  );
  const close = () => lanes.close();
  if (partitions === 1 && parts.partition < 0)
    return { send: (frames, from, to) => lanes.send(frames, null, from, to, 0), close };

  let roundRobin = 0;
  const partitionOfRow = (frames: MessageFrames, row: number): number => {
    if (parts.partition >= 0) {
      const p = frames.part(row, parts.partition);
      if (p !== null) {
        const partition = partitionOf(p);
        if (!Number.isInteger(partition) || partition >= partitions)
          throw partitionOutOfRange(o.where, rowName(frames, row, parts.key), p, topic, partitions);
        return partition;
      }
    }
    const key = parts.key >= 0 ? frames.part(row, parts.key) : null;
    if (key !== null) return (lib.murmur2(partBuffer(key)) >>> 0) % partitions;
    return roundRobin++ % partitions;
  };

  const send = async (frames: MessageFrames, from: number, to: number): Promise<LaneOutcome> => {
    // Rows grouped by partition, in their order (a counting sort).
    const n = to - from;
    const of = new Int32Array(n);
    const starts = new Int32Array(partitions + 1);
    for (let k = 0; k < n; k++) {
      const p = partitionOfRow(frames, from + k);
      of[k] = p;
      starts[p + 1] = starts[p + 1]! + 1;
    }
    for (let p = 0; p < partitions; p++) starts[p + 1] = starts[p + 1]! + starts[p]!;
    const rows = new Int32Array(n);
    const next = starts.slice(0, partitions);
    for (let k = 0; k < n; k++) {
      const p = of[k]!;
      rows[next[p]!] = from + k;
      next[p] = next[p]! + 1;
    }
    const sends: Promise<LaneOutcome>[] = [];
    for (let p = 0; p < partitions; p++)
      if (starts[p + 1]! > starts[p]!) sends.push(lanes.send(frames, rows, starts[p]!, starts[p + 1]!, p));
    let acknowledged = 0;
    let error: unknown;
    for (const s of await Promise.all(sends)) {
      acknowledged += s.acknowledged;
      error ??= s.error;
    }
    return error === undefined ? { acknowledged } : { acknowledged, error };
  };
  return { send, close };
}
