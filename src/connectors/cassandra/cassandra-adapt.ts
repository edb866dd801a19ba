import type { DataType as ArrowType } from "apache-arrow";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import { cassandraDriver } from "./cassandra-driver.ts";
import { cqlColumnType } from "./cassandra-types.ts";

/** A value (never null) made fit for a column of another CQL type than its field's own. */
export type ValueAdapter = (value: unknown) => unknown;

const DAY_MS = 86_400_000;
const TEXT = new Set(["text", "varchar", "ascii"]);
const INTEGER = new Set(["int", "smallint", "tinyint"]);
const LONG = new Set(["bigint", "varint", "counter"]);
const FLOATING = new Set(["double", "float"]);

/** A value as text: numbers plainly, dates `yyyy-MM-dd`, timestamps ISO 8601, binary base64, collections as JSON. */
function textOf(kind: string, v: unknown): string {
  if (typeof v === "string") return v;
  if (kind === "timestamp") return new Date(v as number).toISOString();
  if (Buffer.isBuffer(v)) return v.toString("base64");
  if (typeof v === "object") {
    return JSON.stringify(v, (_k, x: unknown) =>
      typeof x === "bigint"
        ? x.toString()
        : x instanceof Map
          ? Object.fromEntries(x)
          : Buffer.isBuffer(x)
            ? x.toString("base64")
            : x,
    );
  }
  return String(v);
}

/**
 * How a field's values reach an existing table's column of another type, as the Spark
 * connector converts them: anything into text columns as text; whole numbers between int and
 * bigint; numbers and decimals into double, float or decimal; dates into timestamps (midnight
 * UTC) and timestamps into dates. Undefined when the types agree or no conversion applies (the
 * driver then refuses the value, and the step names its row).
 */
export function columnAdapter(source: ArrowType, cqlType: string): ValueAdapter | undefined {
  const target = cqlType.trim().toLowerCase();
  if (target === cqlColumnType(source)) return undefined;
  const kind = rowforgeKindOf(source);
  if (TEXT.has(target)) return kind === "string" ? undefined : (v) => textOf(kind, v);
  if (LONG.has(target) && ["int", "short", "byte", "decimal", "double", "float", "string"].includes(kind)) {
    return (v) => BigInt(typeof v === "number" ? Math.trunc(v) : String(v).replace(/\.0*$/, ""));
  }
  if (INTEGER.has(target) && ["long", "decimal", "string"].includes(kind)) return (v) => Number(v);
  if (FLOATING.has(target) && ["long", "decimal", "string", "int", "short", "byte"].includes(kind)) {
    return (v) => Number(v);
  }
  if (target === "decimal" && ["int", "long", "short", "byte", "double", "float"].includes(kind)) {
    return (v) => String(v);
  }
  if (target === "timestamp" && kind === "date") return (v) => Date.parse(String(v));
  if (target === "date" && kind === "timestamp") {
    // One argument: days since the epoch (the typings know only year, month, day).
    const LocalDate = cassandraDriver().types.LocalDate as unknown as new (days: number) => unknown;
    return (v) => new LocalDate(Math.floor((v as number) / DAY_MS));
  }
  return undefined;
}
