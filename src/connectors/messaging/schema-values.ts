import type { Data } from "apache-arrow";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { AvroNames, type AvroSchema } from "../../formats/avro/avro-schema.ts";
import { avroWriter } from "../../formats/avro/avro-writer.ts";
import { protobufColumnWriter } from "../../formats/protobuf/proto-column-writer.ts";
import { rootFromJson } from "../../formats/protobuf/proto-root.ts";
import type { MessageSlot } from "./message-slot.ts";

/** Parsed schemas by their text: a worker reads a step's schema once, not once per batch. */
const parsed = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let v = parsed.get(key) as T | undefined;
  if (v === undefined) {
    if (parsed.size > 32) parsed.clear();
    v = make();
    parsed.set(key, v);
  }
  return v;
}

const hexBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, "hex"));

/**
 * A message value in a schema's binary encoding: Avro (avro-writer.ts, rowforge's own encoder
 * writing straight from the Arrow columns) or Protobuf (proto-column-writer.ts, likewise from the
 * columns to wire bytes, protobufjs reading only the schema), after the slot's
 * prefix (the Confluent wire format's magic byte, schema id and message indexes).
 */
export function schemaValueWriter(
  slot: MessageSlot,
  data: Data,
  where: string,
): (out: ByteSink, i: number) => void {
  const schemaText = slot.schema ?? "";
  let write: (out: ByteSink, i: number) => void;
  if (slot.as === "avro") {
    const { schema, names } = cached(`avro:${schemaText}`, () => {
      const schema = JSON.parse(schemaText) as AvroSchema;
      const names = new AvroNames(where);
      names.defineTree(schema, "");
      return { schema, names };
    });
    // A file of several named types: the record the step sends is named by the slot.
    const root = slot.message ? names.resolve(slot.message, "", "").schema : schema;
    write = avroWriter(root, data, { names, where }, "", "");
  } else {
    const root = cached(`proto:${schemaText}`, () => rootFromJson(schemaText));
    write = protobufColumnWriter(root.lookupType(slot.message ?? ""), data, where);
  }
  if (slot.prefix === undefined || slot.prefix === "") return write;
  const prefix = hexBytes(slot.prefix);
  return (out, i) => {
    out.bytes(prefix);
    write(out, i);
  };
}
