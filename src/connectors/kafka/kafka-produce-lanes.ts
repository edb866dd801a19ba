import type { Producer } from "@platformatic/kafka";
import { RowforgeError } from "../../errors/index.ts";
import type { MessageFrames } from "../messaging/message-frames.ts";
import { ProduceSocket, type ProduceSocketLibrary } from "./kafka-produce-socket.ts";
import {
  type BatchStamp,
  type EncodedRequest,
  ProduceRequestEncoder,
  type RecordSlots,
} from "./produce-request-encoder.ts";

export interface LaneOptions {
  /** How errors name the step and its destination. */
  readonly where: string;
  readonly topic: string;
  readonly acks: number;
  readonly timeoutMs: number;
  readonly batchBytes: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  readonly connectTimeoutMs: number;
  readonly clientId: string;
  /** The Produce version (9 to 11: the same request layout). */
  readonly version: number;
  /** The idempotent producer's id and epoch; undefined when the step is not idempotent. */
  readonly producer: { readonly producerId: bigint; readonly producerEpoch: number } | undefined;
}

/**
 * Requests in flight to one partition at once: the most an idempotent producer may have
 * (the broker keeps the last five batches of each producer to tell a retry from a new batch).
 */
export const MAX_IN_FLIGHT_PER_PARTITION = 5;
/** Sequence numbers wrap at the int32 maximum (as Kafka's own producer does). */
const SEQUENCE_WRAP = 2 ** 31;

interface Lane {
  sequence: number;
  inFlight: number;
  /** Settles once the send before handed all its requests to the connection. */
  turn: Promise<void>;
  /** Who waits for a request slot, first come first served (their batches keep the rows' order). */
  readonly waiting: (() => void)[];
}

/** A send's result for one partition: records acknowledged, and the error that ended it (if any). */
export interface LaneOutcome {
  readonly acknowledged: number;
  readonly error?: unknown;
}

/** Does the client's error (or any it nests) say it may be tried again? */
function retriable(e: unknown): boolean {
  const seen = new Set<unknown>();
  const any = (x: unknown, test: (o: Record<string, unknown>) => boolean): boolean => {
    if (x === null || typeof x !== "object" || seen.has(x)) return false;
    seen.add(x);
    const o = x as Record<string, unknown>;
    if (test(o)) return true;
    const nested = Array.isArray(o.errors) ? (o.errors as unknown[]) : [];
    return nested.some((n) => any(n, test)) || any(o.cause, test);
  };
  return !any(e, (o) => o.canRetry === false);
}

/** Is it the broker saying it already has this batch (a retry of one it wrote)? */
function duplicate(e: unknown): boolean {
  const errors = (e as { errors?: unknown[] } | undefined)?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((x) => (x as { apiId?: unknown }).apiId === "DUPLICATE_SEQUENCE_NUMBER")
  );
}

/**
 * Sends a topic's records as produce requests the step encodes itself (produce-request-encoder):
 * one lane per partition, at most five requests in flight on each, sequence numbers per
 * partition when idempotent, each request retried with the same bytes (so the broker drops a
 * duplicate) on the client's retriable errors, after a fresh look at the partition's leader.
 * Buffers are reused once the broker answered: what is in flight bounds the memory.
 */
export class ProduceLanes {
  private readonly lanes = new Map<number, Lane>();
  private readonly leaders = new Map<number, ProduceSocket>();
  /** Each leader broker's socket, by host:port. */
  private readonly sockets = new Map<string, Promise<ProduceSocket>>();
  private readonly buffers: Buffer[] = [];
  private readonly encoder: ProduceRequestEncoder;
  private readonly producer: Producer<Buffer, Buffer, Buffer, Buffer>;
  private readonly o: LaneOptions;
  private readonly lib: ProduceSocketLibrary & { readonly crc32c: (bytes: Buffer) => number };

  constructor(
    producer: Producer<Buffer, Buffer, Buffer, Buffer>,
    o: LaneOptions,
    slots: RecordSlots,
    lib: ProduceSocketLibrary & { readonly crc32c: (bytes: Buffer) => number },
  ) {
    this.producer = producer;
    this.o = o;
    this.lib = lib;
    this.encoder = new ProduceRequestEncoder(o.topic, slots, o.acks, o.timeoutMs, lib.crc32c);
  }

  private lane(partition: number): Lane {
    let lane = this.lanes.get(partition);
    if (!lane) {
      lane = { sequence: 0, inFlight: 0, turn: Promise.resolve(), waiting: [] };
      this.lanes.set(partition, lane);
    }
    return lane;
  }

  private async acquire(lane: Lane): Promise<void> {
    if (lane.inFlight < MAX_IN_FLIGHT_PER_PARTITION && lane.waiting.length === 0) {
      lane.inFlight++;
      return;
    }
    // The slot is handed over by release (inFlight stays counted).
    await new Promise<void>((resolve) => lane.waiting.push(resolve));
  }

  private release(lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) next();
    else lane.inFlight--;
  }

  /** The socket to the partition's leader (looked up again after a failure). */
  private async leader(partition: number, refresh = false): Promise<ProduceSocket> {
    const known = refresh ? undefined : this.leaders.get(partition);
    if (known?.open) return known;
    const { topic } = this.o;
    const metadata = await this.producer.metadata({
      topics: [topic],
      autocreateTopics: true,
      forceUpdate: refresh,
    });
    const id = metadata.topics.get(topic)?.partitions[partition]?.leader;
    const broker = id === undefined ? undefined : metadata.brokers.get(id);
    if (broker === undefined)
      throw new RowforgeError(
        "RF_DELIVERY_FAILED",
        `${this.o.where}: the brokers name no leader for partition ${partition} of topic "${topic}"`,
        {
          hint: "check that the topic's partitions have a live leader (kafka-topics --describe), then run again",
        },
      );
    const at = `${broker.host}:${broker.port}`;
    let socket = this.sockets.get(at);
    if (!socket || !(await socket.catch(() => undefined))?.open) {
      socket = ProduceSocket.open(
        {
          host: broker.host,
          port: broker.port,
          clientId: this.o.clientId,
          version: this.o.version,
          connectTimeoutMs: this.o.connectTimeoutMs,
          requestTimeoutMs: this.o.timeoutMs,
        },
        this.lib,
      );
      this.sockets.set(at, socket);
    }
    const open = await socket;
    this.leaders.set(partition, open);
    return open;
  }

  /** Sends one request's bytes, retrying them as they are; resolves once the broker wrote them. */
  private request(socket: ProduceSocket, partition: number, bytes: Buffer): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const attempt = (n: number, s: ProduceSocket): void => {
        s.send(bytes).then(resolve, (e: unknown) => {
          if (duplicate(e)) return resolve();
          if (n >= this.o.retries || !retriable(e)) return reject(e);
          setTimeout(
            () => {
              this.leader(partition, true).then((again) => attempt(n + 1, again), reject);
            },
            this.o.retryDelayMs * 2 ** n,
          );
        });
      };
      attempt(0, socket);
    });
  }

  /** Closes the sockets (what still waits fails). */
  async close(): Promise<void> {
    for (const socket of this.sockets.values()) (await socket.catch(() => undefined))?.close();
    this.sockets.clear();
    this.leaders.clear();
  }

  /**
   * Sends rows `rows[from..to)` (rows from..to when `rows` is null) to a partition, in requests
   * of at most batchBytes of records, and says how many the broker acknowledged.
   */
  async send(
    frames: MessageFrames,
    rows: Int32Array | null,
    from: number,
    to: number,
    partition: number,
  ): Promise<LaneOutcome> {
    const lane = this.lane(partition);
    const requests: Promise<void>[] = [];
    const outcome: { acknowledged: number; error?: unknown } = { acknowledged: 0 };
    // Sends hand their requests over one after another, in the order they were called.
    const before = lane.turn;
    let handedOver = (): void => {};
    lane.turn = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    await before;
    try {
      for (let k = from; k < to && outcome.error === undefined; ) {
        await this.acquire(lane);
        let socket: ProduceSocket;
        try {
          socket = await this.leader(partition);
        } catch (e) {
          this.release(lane);
          outcome.error ??= e;
          break;
        }
        const encoded = this.encode(lane, frames, rows, k, to, partition);
        k += encoded.records;
        requests.push(
          this.request(socket, partition, encoded.bytes)
            .then(
              () => {
                outcome.acknowledged += encoded.records;
              },
              (e: unknown) => {
                outcome.error ??= e;
                this.leaders.delete(partition);
              },
            )
            .finally(() => {
              if (this.buffers.length < MAX_IN_FLIGHT_PER_PARTITION * 2) this.buffers.push(encoded.buffer);
              this.release(lane);
            }),
        );
      }
    } finally {
      handedOver();
    }
    await Promise.all(requests);
    return outcome;
  }

  /** The next request of a partition's rows, stamped with the partition's next sequence number. */
  private encode(
    lane: Lane,
    frames: MessageFrames,
    rows: Int32Array | null,
    from: number,
    to: number,
    partition: number,
  ): EncodedRequest {
    const { producer } = this.o;
    const stamp: BatchStamp = producer
      ? { ...producer, baseSequence: lane.sequence }
      : { producerId: -1n, producerEpoch: -1, baseSequence: -1 };
    const encoded = this.encoder.encode(
      this.buffers.pop(),
      frames,
      rows,
      from,
      to,
      partition,
      stamp,
      this.o.batchBytes,
    );
    if (producer) lane.sequence = (lane.sequence + encoded.records) % SEQUENCE_WRAP;
    return encoded;
  }
}
