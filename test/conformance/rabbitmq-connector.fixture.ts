import { drainQueue, freshName, idsOfJson, queueDepth, rabbitOptions } from "../support/broker-clients.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

/**
 * RabbitMQ destinations: a fresh queue each on the shared node (declared by the run), read back
 * by consuming it. A `jms` connection names RabbitMQ's JMS connection factory, as Data Caterer
 * users write it. A broker keeps what was confirmed before an abort.
 */
export const rabbitmqConnectorFixture: ConnectorFixture = {
  destination: (format) =>
    rabbitOptions(
      freshName("rf_suite"),
      format === "jms" ? { connectionFactory: "com.rabbitmq.jms.admin.RMQConnectionFactory" } : {},
    ),
  readIds: async (_format, options) =>
    idsOfJson((await drainQueue(options.destinationName!)).map((m) => m.content)),
  contents: async (options) => {
    const n = (await queueDepth(options.destinationName!)) ?? 0;
    return Array.from({ length: n }, (_, k) => String(k));
  },
  keepsRowsOnAbort: true,
};
