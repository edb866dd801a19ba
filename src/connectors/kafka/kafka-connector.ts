import type { Connector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { checkKafkaTarget, testKafkaConnection } from "./kafka-cluster.ts";
import { kafkaMessageParts } from "./kafka-message-parts.ts";
import { kafkaWhere, readKafkaOptions } from "./kafka-options.ts";
import { readKafkaRows } from "./kafka-read-back.ts";
import { kafkaTransport } from "./kafka-transport.ts";

/**
 * Kafka: each row is one record (key, value, headers, partition, topic as Data Caterer's Kafka
 * sink reads them; the row as JSON when there is no value field), produced with acks all by
 * default; paced by the step's rate or load pattern; every record counted and timed.
 */
export const kafkaConnector: Connector = messageConnector({
  name: "kafka",
  formats: ["kafka"],
  where: kafkaWhere,
  check: (step) => void readKafkaOptions(step),
  checkTarget: checkKafkaTarget,
  connect: (step, schema) => kafkaTransport(readKafkaOptions(step), kafkaMessageParts(schema)),
  testConnection: testKafkaConnection,
  cannotDelete: "Kafka records cannot be taken back: delete mode removes nothing from the topic",
  readBack: readKafkaRows,
});
