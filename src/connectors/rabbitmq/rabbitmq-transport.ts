import { RowforgeError } from "../../errors/index.ts";
import type { MessageBodyParts } from "../messaging/message-body-parts.ts";
import { type HeaderPart, headerTexts, type MessageFrames } from "../messaging/message-frames.ts";
import {
  type MessageTransport,
  outcomeFrom,
  type SendOutcome,
  withOutcome,
} from "../messaging/message-transport.ts";
import { partBuffer } from "../messaging/part-buffer.ts";
import { connectRabbit, ensureDestination, rabbitError } from "./rabbitmq-client.ts";
import type { RabbitOptions } from "./rabbitmq-options.ts";

/** AMQP headers from a row's headers: text values (a later key wins), null for a header without a value. */
function amqpHeaders(parts: readonly HeaderPart[] | null): Record<string, string | null> | undefined {
  if (parts === null) return undefined;
  return Object.fromEntries(headerTexts(parts));
}

/** A new error like `e` (each rejection gets its own: withOutcome marks it). */
const copy = (e: RowforgeError): RowforgeError => new RowforgeError(e.code, e.message, { hint: e.hint });

type Confirmed = { readonly ms: number } | { readonly error: string };

/**
 * Publishes each row as one AMQP message on a confirm channel: a send resolves when the broker
 * confirmed (or refused) every message of it. The step's queue is declared (durable) when
 * missing unless `declare: false`. A lost connection rejects the send with how many of its
 * messages the broker had confirmed.
 */
export async function rabbitTransport(o: RabbitOptions, parts: MessageBodyParts): Promise<MessageTransport> {
  const conn = await connectRabbit(o);
  let lost: RowforgeError | undefined;
  const loseWith = (e: unknown) => {
    lost ??= rabbitError(e, o.where, o.address.shown);
  };
  /** The connection or channel closed without saying why (the broker went away). */
  const closed = (what: string) => () => {
    lost ??= new RowforgeError(
      "RF_BROKER_UNREACHABLE",
      `${o.where}: the connection to ${o.address.shown} was lost (${what} closed)`,
    );
  };
  try {
    await ensureDestination(conn, o);
    const ch = await conn.model.createConfirmChannel();
    conn.model.on("close", (e?: Error) => (e ? loseWith(e) : closed("Connection")()));
    ch.on("error", loseWith);
    ch.on("close", closed("Channel"));
    const contentType = o.contentType ?? parts.contentType;
    let closing = false;

    const publish = (frames: MessageFrames, row: number): Promise<Confirmed> => {
      const headers = parts.headers >= 0 ? amqpHeaders(frames.headers(row, parts.headers)) : undefined;
      const t0 = performance.now();
      return new Promise<Confirmed>((resolve) => {
        try {
          ch.publish(
            o.exchange,
            o.routingKey,
            partBuffer(frames.part(row, parts.body)),
            { persistent: o.persistent, contentType, ...(headers ? { headers } : {}) },
            (err: unknown) =>
              resolve(
                err
                  ? { error: lost ? lost.message : "the broker refused the message (nack)" }
                  : { ms: performance.now() - t0 },
              ),
          );
        } catch (e) {
          loseWith(e);
          resolve({ error: lost?.message ?? String(e) });
        }
      });
    };

    return {
      slots: parts.slots,
      maxChunkRows: o.batchSize,
      maxInFlight: o.maxInFlight,
      outputs: [o.output],
      async send(frames, from, to): Promise<SendOutcome> {
        if (lost) throw copy(lost);
        const confirmed = await Promise.all(
          Array.from({ length: to - from }, (_, k) => publish(frames, from + k)),
        );
        const outcome = outcomeFrom(confirmed);
        if (lost && !closing) throw withOutcome(copy(lost), outcome);
        return outcome;
      },
      // Every send settled before close: a connection lost after that lost nothing.
      async close() {
        closing = true;
        await ch.close().catch(() => {});
        await conn.model.close().catch(() => {});
      },
      async abort() {
        closing = true;
        await conn.model.close().catch(() => {});
      },
    };
  } catch (e) {
    await conn.model.close().catch(() => {});
    throw e;
  }
}
