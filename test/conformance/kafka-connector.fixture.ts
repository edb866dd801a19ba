import { consumeAll, freshTopic, topicSize } from "../support/kafka-topics.ts";
import { kafkaFacts } from "../support/servers.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

/**
 * Kafka destinations: a fresh topic each on the shared broker (made by the broker on first
 * use); ids read back by consuming every record (the row as JSON, no value field). A broker
 * keeps what was sent before an abort.
 */
export const kafkaConnectorFixture: ConnectorFixture = {
  destination: () => ({ "kafka.bootstrap.servers": kafkaFacts().bootstrap, topic: freshTopic("rf_suite") }),
  readIds: async (_format, options) =>
    (await consumeAll(kafkaFacts().bootstrap, options.topic!)).map((r) =>
      String((JSON.parse(r.value) as { id: number }).id),
    ),
  contents: async (options) => {
    const n = await topicSize(kafkaFacts().bootstrap, options.topic!);
    return Array.from({ length: n }, (_, k) => String(k));
  },
  keepsRowsOnAbort: true,
};
