import { RowforgeError } from "../../errors/index.ts";
import type { PreparingConnector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { connectRabbit, ensureDestination } from "./rabbitmq-client.ts";
import { rabbitmqKind } from "./rabbitmq-kind.ts";
import { RABBITMQ_OPTIONS } from "./rabbitmq-option-schema.ts";
import { type RabbitOptions, rabbitOptions, readRabbitOptions } from "./rabbitmq-options.ts";
import { rabbitTransport } from "./rabbitmq-transport.ts";

/**
 * RabbitMQ over AMQP 0-9-1 (amqplib): `rabbitmq` connections, and Data Caterer's `jms`
 * connections whose connectionFactory is RabbitMQ's. Each row is one persistent message to the
 * step's queue (`destinationName`, declared when missing) or to an exchange with a routing key,
 * confirmed by the broker (publisher confirms).
 */
export const rabbitmqConnector: PreparingConnector<RabbitOptions> = messageConnector({
  ...rabbitmqKind,
  optionSchema: RABBITMQ_OPTIONS,
  readOptions: readRabbitOptions,
  transport: rabbitTransport,
  async testConnection(connection) {
    const c = connection.options;
    const named = c.destinationName ?? c.queue ?? c.exchange;
    const o = rabbitOptions(c, connection.type.toLowerCase(), `connection "${connection.name}"`, false);
    const conn = await connectRabbit(o);
    try {
      const details: Record<string, string | number | boolean> = {
        server: conn.server,
        address: o.address.shown,
        virtualHost: o.vhost,
      };
      let about = "";
      if (named !== undefined && (o.queue || o.exchange)) {
        try {
          const found = await ensureDestination(conn, { ...o, declare: false });
          details.destinationExists = true;
          if (found.messages !== undefined) details.messages = found.messages;
        } catch (e) {
          if (!(e instanceof RowforgeError) || e.code !== "RF_DESTINATION_NOT_FOUND") throw e;
          details.destinationExists = false;
          about =
            o.queue === undefined
              ? "; its exchange does not exist"
              : "; its queue does not exist yet (a run declares it)";
        }
      }
      return {
        success: details.destinationExists !== false || o.queue !== undefined,
        message: `connected to ${conn.server} at ${o.address.shown}, virtual host "${o.vhost}"${about}`,
        details,
      };
    } finally {
      await conn.model.close().catch(() => {});
    }
  },
  cannotDelete: "RabbitMQ messages cannot be taken back once published: delete mode removes nothing",
  // Reading a queue takes its messages: get + nack(requeue) would mark them redelivered, count
  // against a quorum queue's delivery limit (dead-lettering them) and hide them from the real
  // consumers meanwhile. So validations refuse rather than disturb the queue.
  cannotReadBack:
    "reading a RabbitMQ queue takes its messages from the consumers it is for (and requeueing them marks them redelivered and counts against a quorum queue's delivery limit), so rowforge does not read queues",
});
