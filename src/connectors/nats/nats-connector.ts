import { RowforgeError } from "../../errors/index.ts";
import type { PreparingConnector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { connectNats, ensureStream } from "./nats-client.ts";
import { natsKind } from "./nats-kind.ts";
import { NATS_OPTIONS } from "./nats-option-schema.ts";
import { type NatsOptions, natsOptions, readNatsOptions } from "./nats-options.ts";
import { readNatsRows } from "./nats-read-back.ts";
import { natsTransport } from "./nats-transport.ts";

/**
 * NATS (@nats-io/transport-node): each row is one message to the step's subject, through core
 * NATS (acknowledged once flushed) or, with `jetstream: true`, JetStream (acknowledged by a
 * PubAck); headers become NATS headers.
 */
export const natsConnector: PreparingConnector<NatsOptions> = messageConnector({
  ...natsKind,
  optionSchema: NATS_OPTIONS,
  readOptions: readNatsOptions,
  async checkTarget(o) {
    if (!o.jetstream || o.createStream) return;
    const nc = await connectNats(o);
    try {
      await ensureStream(nc, o);
    } finally {
      await nc.close().catch(() => {});
    }
  },
  transport: natsTransport,
  async testConnection(connection) {
    const o = natsOptions(connection.options, `connection "${connection.name}"`, false);
    const nc = await connectNats(o);
    try {
      const version = nc.info?.version;
      const details: Record<string, string | number | boolean> = {
        address: o.address.shown,
        ...(version ? { server: `nats-server ${version}` } : {}),
        jetstream: nc.info?.jetstream === true,
      };
      let about = "";
      if (o.subject && o.jetstream) {
        try {
          details.stream = await ensureStream(nc, o, false);
          details.destinationExists = true;
        } catch (e) {
          if (!(e instanceof RowforgeError) || e.code !== "RF_DESTINATION_NOT_FOUND") throw e;
          details.destinationExists = false;
          about = `; no JetStream stream takes subject ${o.subject}${o.createStream ? " (a run creates one)" : ""}`;
        }
      }
      return {
        success: details.destinationExists !== false || o.createStream,
        message: `connected to nats-server ${version ?? ""} at ${o.address.shown}${about}`.replace("  ", " "),
        details,
      };
    } finally {
      await nc.close().catch(() => {});
    }
  },
  cannotDelete: "NATS messages cannot be taken back once published: delete mode removes nothing",
  readBack: readNatsRows,
});
