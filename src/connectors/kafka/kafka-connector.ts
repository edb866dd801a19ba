import type { PreparingConnector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { checkKafkaTarget, testKafkaConnection } from "./kafka-cluster.ts";
import { kafkaKind } from "./kafka-kind.ts";
import { KAFKA_CONTROL_COLUMNS, kafkaMessageParts } from "./kafka-message-parts.ts";
import { KAFKA_OPTIONS } from "./kafka-option-schema.ts";
import { type KafkaOptions, kafkaWhere, readKafkaOptions } from "./kafka-options.ts";
import { readKafkaRows } from "./kafka-read-back.ts";
import { kafkaTransport } from "./kafka-transport.ts";
import {
  checkValueAccess,
  readValueEncoding,
  structValueColumn,
  type ValueEncoding,
  valueSlot,
} from "./kafka-value-format.ts";

/** A Kafka step's options with how its values are encoded, read once a step. */
export interface KafkaStepOptions extends KafkaOptions {
  readonly encoding: ValueEncoding | undefined;
}

/**
 * Kafka: each row is one record (key, value, headers, partition, topic as Data Caterer's Kafka
 * sink reads them; the row as JSON when there is no value field; Avro or Protobuf values with a
 * schema, in the Confluent wire format with a schema registry), produced with acks all by
 * default; paced by the step's rate or load pattern; every record counted and timed.
 */
export const kafkaConnector: PreparingConnector<KafkaStepOptions> = messageConnector<KafkaStepOptions>({
  ...kafkaKind,
  optionSchema: KAFKA_OPTIONS,
  where: kafkaWhere,
  readOptions(step) {
    const o = readKafkaOptions(step);
    return { ...o, encoding: readValueEncoding(step, o.where) };
  },
  checkAccess: (o, access) => checkValueAccess(o.encoding, o.where, access),
  checkTarget: checkKafkaTarget,
  async connect(_step, o, schema, _schedule, access) {
    const { encoding } = o;
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
