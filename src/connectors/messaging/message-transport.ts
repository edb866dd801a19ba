import type { MessageFrames } from "./message-frames.ts";
import type { MessageSlot } from "./message-slot.ts";

/** What a destination did with one send of messages. */
export interface SendOutcome {
  readonly acknowledged: number;
  /** Messages the destination refused or that failed after the transport's retries: counted, the step goes on. */
  readonly failed: number;
  /** Each acknowledged message's latency (ms), when the transport knows them apart; else the send's. */
  readonly latenciesMs?: ArrayLike<number>;
  /** HTTP: each answered request's status code (counted in the report's `responses`). */
  readonly statuses?: ArrayLike<number>;
  /** Why the failed ones failed (one sentence, no secrets). */
  readonly error?: string;
}

/**
 * A connection to a broker or HTTP endpoint that sends a step's messages. The message sink
 * (message-sink.ts) paces the rows, bounds what is in flight and counts; a transport only
 * turns rows of message parts into its client's sends.
 */
export interface MessageTransport {
  /** The parts of each row it sends, in the order `send` reads them (MessageFrames slots). */
  readonly slots: readonly MessageSlot[];
  /** Most rows one `send` takes. */
  readonly maxChunkRows: number;
  /** Most sends in flight at once. */
  readonly maxInFlight: number;
  /** Where the messages go (`kafka://host:port/topic`, the URL): the step's outputs. Never a secret. */
  readonly outputs: readonly string[];
  /**
   * Sends rows [from, to) of the frames and resolves once the destination answered for each.
   * Rejects (with a coded error naming the connection) only when the step cannot go on: the
   * connection is lost for good, the login is refused, the topic does not exist. A rejection
   * made with `withOutcome` says how many of the send's messages were acknowledged before it
   * (else none counts as acknowledged).
   */
  send(frames: MessageFrames, from: number, to: number): Promise<SendOutcome>;
  /** Waits for anything the client still buffers, then disconnects. */
  close(): Promise<void>;
  /** Disconnects at once (the step was cancelled or failed). */
  abort(): Promise<void>;
}

/** A send's rejection that still says what became of its messages (some were acknowledged before the connection was lost). */
export const withOutcome = <E extends Error>(error: E, outcome: SendOutcome): E =>
  Object.assign(error, { sendOutcome: outcome });

/** The outcome a rejection carries (withOutcome), if any. */
export const outcomeOf = (error: unknown): SendOutcome | undefined =>
  (error as { sendOutcome?: SendOutcome } | undefined)?.sendOutcome;

/** One message's fate in a send: its latency when acknowledged, else why it failed. */
export type MessageResult = { readonly ms: number } | { readonly error: string };

/** A send's outcome from its messages' results: acknowledged with latencies, failed with the first reason. */
export function outcomeFrom(results: readonly MessageResult[]): SendOutcome {
  const latenciesMs: number[] = [];
  let error: string | undefined;
  for (const r of results) {
    if ("ms" in r) latenciesMs.push(r.ms);
    else error ??= r.error;
  }
  return {
    acknowledged: latenciesMs.length,
    failed: results.length - latenciesMs.length,
    latenciesMs,
    ...(error === undefined ? {} : { error }),
  };
}
