import type { Connector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { checkKafkaTarget, testKafkaConnection } from "./kafka-cluster.ts";
import { KAFKA_CONTROL_COLUMNS, kafkaMessageParts } from "./kafka-message-parts.ts";
import { KAFKA_OPTIONS } from "./kafka-option-schema.ts";
import { kafkaWhere, readKafkaOptions } from "./kafka-options.ts";
import { readKafkaRows } from "./kafka-read-back.ts";
import { kafkaTransport } from "./kafka-transport.ts";
import { checkValueAccess, readValueEncoding, structValueColumn, valueSlot } from "./kafka-value-format.ts";

/**
 * Kafka: each row is one record (key, value, headers, partition, topic as Data Caterer's Kafka
 * sink reads them; the row as JSON when there is no value field; Avro or Protobuf values with a
 * schema, in the Confluent wire format with a schema registry), produced with acks all by
 * default; paced by the step's rate or load pattern; every record counted and timed.
 */
export const kafkaConnector: Connector = messageConnector({
  name: "kafka",
  formats: ["kafka"],
  optionSchema: KAFKA_OPTIONS,
  where: kafkaWhere,
  check: (step) => void readValueEncoding(step, readKafkaOptions(step).where),
  checkAccess: (step, access) => checkValueAccess(step, readKafkaOptions(step).where, access),
  checkTarget: checkKafkaTarget,
  async connect(step, schema, _schedule, access) {
    const o = readKafkaOptions(step);
    const encoding = readValueEncoding(step, o.where);
    const value = encoding
      ? await valueSlot(
          encoding,
          structValueColumn(schema, encoding, o.where),
          KAFKA_CONTROL_COLUMNS,
          o.topic,
          o.where,
          access,
        )
      : undefined;
    return kafkaTransport(o, kafkaMessageParts(schema, value));
  },
  testConnection: testKafkaConnection,
  cannotDelete: "Kafka records cannot be taken back: delete mode removes nothing from the topic",
  readBack: readKafkaRows,
});
