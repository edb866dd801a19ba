import type { Data } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import type { AvroComplex, AvroNames, AvroSchema } from "./avro-schema.ts";

/** Writes row i of a column (never null: nulls are the unions' business) as Avro binary. */
export type AvroValueWriter = (out: ByteSink, i: number) => void;

/** The Avro schema a step's values are written with, resolved once; `where` names the step for errors. */
export interface AvroWriterScope {
  readonly names: AvroNames;
  readonly where: string;
}

/** A column whose type cannot be written as the schema's Avro type: the field, both types and what to do. */
export function mismatch(scope: AvroWriterScope, at: string, avro: string, data: Data): RowforgeError {
  return new RowforgeError(
    "RF_FORMAT_TYPE_UNSUPPORTED",
    `${scope.where}: field ${at} is ${String(data.type)} in the step, which cannot be written as Avro ${avro}`,
    {
      hint: "give the field a type that matches the Avro schema, or leave it to the schema (metadataSourceType avro)",
    },
  );
}

/** A null in a column whose Avro type has no null branch. */
export const nullRefused = (scope: AvroWriterScope, at: string) =>
  new RowforgeError(
    "RF_SCHEMA_VALUE_INVALID",
    `${scope.where}: field ${at} is null, which its Avro type does not allow`,
    {
      hint: "make the schema's type a union with null, or the field not nullable (no enableNull)",
    },
  );

/** The null branch of a union: `"null"` or `{type: "null"}`. */
export const isNullBranch = (b: AvroSchema) =>
  b === "null" || (typeof b === "object" && !Array.isArray(b) && (b as AvroComplex).type === "null");
