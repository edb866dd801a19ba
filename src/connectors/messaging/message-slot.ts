/**
 * One part of a message a transport asks the workers for, per row:
 * - `text`: a column's value as bytes (text and binary as they are, other scalars as their
 *   plain text, structs and arrays as JSON);
 * - `json`: a column's value as JSON;
 * - `row-json`: the row as one JSON object, without the `exclude`d columns (a message whose
 *   plan has no `value` field);
 * - `headers`: an array<struct<key, value>> column as key/value byte pairs;
 * - `avro` / `protobuf`: a struct column (or the row without the `exclude`d columns) in the
 *   binary encoding of the slot's schema (schema-values.ts), after the slot's prefix.
 * A missing column is a null part, so transports can ask for every part they understand.
 */
export interface MessageSlot {
  readonly as: "text" | "json" | "row-json" | "headers" | "avro" | "protobuf";
  readonly column?: string;
  readonly exclude?: readonly string[];
  /** `avro`/`protobuf`: the schema (Avro JSON, or protobufjs's JSON of the .proto) and the message's full name. */
  readonly schema?: string;
  readonly message?: string;
  /** Bytes (hex) before each value: the Confluent wire format's magic byte and schema id. */
  readonly prefix?: string;
}
