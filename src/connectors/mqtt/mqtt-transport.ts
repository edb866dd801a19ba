import type { MqttClient } from "mqtt";
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
import { connectMqtt } from "./mqtt-client.ts";
import type { MqttOptions } from "./mqtt-options.ts";

/** MQTT 5 user properties from a row's headers (a repeated key keeps every value). */
function userProperties(parts: readonly HeaderPart[] | null): Record<string, string | string[]> | undefined {
  if (parts === null || parts.length === 0) return undefined;
  const props: Record<string, string | string[]> = {};
  for (const [key, v] of headerTexts(parts)) {
    const value = v ?? "";
    const had = props[key];
    props[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return props;
}

type Published = { readonly ms: number } | { readonly error: string };

/**
 * Publishes each row as one MQTT message to the step's topic at its QoS (1 by default: a
 * message is acknowledged by the broker's PUBACK; QoS 0 counts it once written). Headers are
 * MQTT 5 user properties. The connection does not reconnect: a lost one rejects the send with
 * how many of its messages the broker had acknowledged.
 */
export async function mqttTransport(o: MqttOptions, parts: MessageBodyParts): Promise<MessageTransport> {
  const client: MqttClient = await connectMqtt(o);
  let lost: string | undefined;
  let lostSignal: () => void = () => {};
  const lostPromise = new Promise<void>((resolve) => {
    lostSignal = resolve;
  });
  let closing = false;
  const onLost = (e?: Error) => {
    if (closing) return;
    lost ??= e?.message
      ? `the connection to ${o.address.shown} was lost (${e.message})`
      : `the connection to ${o.address.shown} was lost`;
    lostSignal();
  };
  client.on("close", () => onLost());
  client.on("error", onLost);
  const lostError = () => new RowforgeError("RF_BROKER_UNREACHABLE", `${o.where}: ${lost}`);
  const withHeaders = parts.headers >= 0 && o.protocolVersion === 5;

  const publish = (frames: MessageFrames, row: number): Promise<Published> => {
    const user = withHeaders ? userProperties(frames.headers(row, parts.headers)) : undefined;
    const t0 = performance.now();
    const sent = client
      .publishAsync(o.topic, partBuffer(frames.part(row, parts.body)), {
        qos: o.qos,
        retain: o.retain,
        ...(o.protocolVersion === 5
          ? { properties: { contentType: parts.contentType, ...(user ? { userProperties: user } : {}) } }
          : {}),
      })
      .then(
        (): Published => ({ ms: performance.now() - t0 }),
        (e: unknown): Published => ({ error: e instanceof Error ? e.message : String(e) }),
      );
    // A publish whose acknowledgement never comes (the broker went away) ends with the connection.
    return Promise.race([sent, lostPromise.then((): Published => ({ error: lost ?? "connection lost" }))]);
  };

  return {
    slots: parts.slots,
    maxChunkRows: 64,
    maxInFlight: o.maxInFlight,
    outputs: [o.output],
    async send(frames, from, to): Promise<SendOutcome> {
      if (lost) throw lostError();
      const results = await Promise.all(
        Array.from({ length: to - from }, (_, k) => publish(frames, from + k)),
      );
      const outcome = outcomeFrom(results);
      if (lost) throw withOutcome(lostError(), outcome);
      return outcome;
    },
    async close() {
      closing = true;
      await client.endAsync().catch(() => {});
    },
    async abort() {
      closing = true;
      await client.endAsync(true).catch(() => {});
    },
  };
}
