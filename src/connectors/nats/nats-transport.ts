import type { MsgHdrs, NatsConnection } from "@nats-io/transport-node";
import { RowforgeError } from "../../errors/index.ts";
import type { MessageBodyParts } from "../messaging/message-body-parts.ts";
import { headerTexts, type MessageFrames } from "../messaging/message-frames.ts";
import {
  type MessageTransport,
  outcomeFrom,
  type SendOutcome,
  withOutcome,
} from "../messaging/message-transport.ts";
import { connectNats, ensureStream } from "./nats-client.ts";
import type { NatsOptions } from "./nats-options.ts";

const EMPTY = new Uint8Array(0);
/**
 * Publishes each row as one NATS message to the step's subject. Core NATS: a send is
 * acknowledged once flushed (the server answered a PING sent after it); JetStream
 * (`jetstream: true`): each message by its PubAck, on a stream that takes the subject (made
 * when `createStream: true`). Headers become NATS headers. No reconnects: a lost connection
 * rejects the send with how many of its messages were acknowledged.
 */
export async function natsTransport(o: NatsOptions, parts: MessageBodyParts): Promise<MessageTransport> {
  const nc: NatsConnection = await connectNats(o);
  const [{ jetstream }, { headers: natsHeaders }] = await Promise.all([
    import("@nats-io/jetstream").then((m) => m.default),
    import("@nats-io/transport-node").then((m) => m.default),
  ]);
  let closing = false;
  let lost: string | undefined;
  // Settles when the connection ends: a flush or publish waiting for a server that went away ends with it.
  const ended = nc.closed().then((e) => {
    if (!closing)
      lost ??= `the connection to ${o.address.shown} was lost${e instanceof Error ? ` (${e.message})` : ""}`;
  });
  const orLost = <T>(p: Promise<T>): Promise<T> =>
    Promise.race([
      p,
      ended.then((): never => {
        throw new RowforgeError("RF_BROKER_UNREACHABLE", `${o.where}: ${lost ?? "the connection closed"}`);
      }),
    ]);
  const lostError = () => new RowforgeError("RF_BROKER_UNREACHABLE", `${o.where}: ${lost}`);
  try {
    if (o.jetstream) await ensureStream(nc, o);
  } catch (e) {
    await nc.close().catch(() => {});
    throw e;
  }
  const js = o.jetstream ? jetstream(nc, { timeout: 10_000 }) : undefined;

  const headersOf = (frames: MessageFrames, row: number): MsgHdrs | undefined => {
    if (parts.headers < 0) return undefined;
    const pairs = frames.headers(row, parts.headers);
    if (pairs === null || pairs.length === 0) return undefined;
    const h = natsHeaders();
    for (const [key, value] of headerTexts(pairs)) h.append(key, value ?? "");
    return h;
  };

  const core = async (frames: MessageFrames, from: number, to: number): Promise<SendOutcome> => {
    const t0 = performance.now();
    let published = 0;
    let refused: string | undefined;
    for (let row = from; row < to; row++) {
      if (lost || nc.isClosed()) break;
      const h = headersOf(frames, row);
      try {
        nc.publish(o.subject, frames.part(row, parts.body) ?? EMPTY, h ? { headers: h } : undefined);
        published++;
      } catch (e) {
        // A message the client refuses (larger than the server's max_payload): counted, the step goes on.
        refused ??= e instanceof Error ? e.message : String(e);
      }
    }
    const failedHere = to - from - published;
    const flushed =
      lost || nc.isClosed()
        ? false
        : await orLost(nc.flush()).then(
            () => true,
            () => false,
          );
    if (!flushed) {
      lost ??= `the connection to ${o.address.shown} was lost`;
      throw withOutcome(lostError(), { acknowledged: 0, failed: to - from, error: lost });
    }
    const ms = performance.now() - t0;
    return {
      acknowledged: published,
      failed: failedHere,
      latenciesMs: new Array<number>(published).fill(ms),
      ...(refused === undefined ? {} : { error: refused }),
    };
  };

  const jetStreamSend = async (frames: MessageFrames, from: number, to: number): Promise<SendOutcome> => {
    const results = await Promise.all(
      Array.from({ length: to - from }, async (_, k) => {
        const row = from + k;
        const h = headersOf(frames, row);
        const t0 = performance.now();
        try {
          await orLost(
            js!.publish(o.subject, frames.part(row, parts.body) ?? EMPTY, h ? { headers: h } : {}),
          );
          return { ms: performance.now() - t0 };
        } catch (e) {
          return { error: e instanceof Error ? e.message : String(e) };
        }
      }),
    );
    const outcome = outcomeFrom(results);
    if (lost || nc.isClosed()) {
      lost ??= `the connection to ${o.address.shown} was lost`;
      throw withOutcome(lostError(), outcome);
    }
    return outcome;
  };

  return {
    slots: parts.slots,
    maxChunkRows: o.batchSize,
    maxInFlight: o.maxInFlight,
    outputs: [o.output],
    async send(frames, from, to) {
      if (lost) throw lostError();
      return js ? jetStreamSend(frames, from, to) : core(frames, from, to);
    },
    async close() {
      closing = true;
      await nc.drain().catch(() => {});
    },
    async abort() {
      closing = true;
      await nc.close().catch(() => {});
    },
  };
}
