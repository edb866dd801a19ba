import type { Schema } from "apache-arrow";
import type { MessageSlot } from "../messaging/message-slot.ts";

/** The columns Data Caterer's Kafka sink reads as message parts rather than as the value. */
export const KAFKA_CONTROL_COLUMNS = ["key", "headers", "partition", "topic"] as const;

/** Which frame slot holds which part of a Kafka message (-1: the row has no such column). */
export interface KafkaMessageParts {
  readonly slots: readonly MessageSlot[];
  readonly value: number;
  readonly key: number;
  readonly headers: number;
  readonly partition: number;
  readonly topic: number;
}

/**
 * Reads the step's columns as Data Caterer's Kafka sink does: `key` (text or bytes), `value`
 * (the messageBody helper's JSON, or any column named so), `headers` (array of {key, value},
 * the messageHeaders helper), `partition` (a number) and `topic` (each row's own topic). A
 * step without `value` sends the row as JSON, without those control columns. `valueSlot`
 * replaces the value when the step sends Avro or Protobuf (kafka-value-format.ts).
 */
export function kafkaMessageParts(schema: Schema, valueSlot?: MessageSlot): KafkaMessageParts {
  const columns = new Set(schema.fields.map((f) => f.name));
  const slots: MessageSlot[] = [];
  const slotOf = (column: string, slot: MessageSlot): number =>
    columns.has(column) ? slots.push(slot) - 1 : -1;
  const value = valueSlot
    ? slots.push(valueSlot) - 1
    : columns.has("value")
      ? slotOf("value", { as: "text", column: "value" })
      : slots.push({ as: "row-json", exclude: [...KAFKA_CONTROL_COLUMNS] }) - 1;
  return {
    value,
    key: slotOf("key", { as: "text", column: "key" }),
    headers: slotOf("headers", { as: "headers", column: "headers" }),
    partition: slotOf("partition", { as: "text", column: "partition" }),
    topic: slotOf("topic", { as: "text", column: "topic" }),
    slots,
  };
}
