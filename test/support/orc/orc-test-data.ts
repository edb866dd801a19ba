import type { RecordBatch } from "apache-arrow";
import type { Column } from "../../../src/engine/columns/column.ts";
import { batchShape, toRecordBatch } from "../../../src/engine/columns/to-arrow.ts";
import type { DataType } from "../../../src/model/data-type.ts";

/**
 * Test input written as plain values: `null` is a null; `undefined` (only under a null struct
 * row) is a filler non-null value that ORC must not store. Values by type: integers, floats,
 * dates (days since 1970) and timestamps (microseconds since 1970) as numbers; decimals as
 * unscaled bigints; strings; binary as Uint8Array; arrays; maps as [key, value][]; structs as
 * objects.
 */
export interface TestField {
  readonly name: string;
  readonly type: DataType;
  readonly values: readonly unknown[];
}

export function batchOf(fields: readonly TestField[]): RecordBatch {
  return toRecordBatch(
    batchShape(fields.map((f) => ({ name: f.name, type: f.type, nullable: true }))),
    fields.map((f) => columnOf(f.type, f.values)),
  );
}

/** A rowforge column holding `values` (the engine's own Arrow conversion then applies). */
export function columnOf(type: DataType, values: readonly unknown[]): Column {
  const length = values.length;
  const nulls = values.some((v) => v === null)
    ? Uint8Array.from(values, (v) => (v === null ? 1 : 0))
    : undefined;
  switch (type.kind) {
    case "array": {
      const lists = values.map((v) => (Array.isArray(v) ? v : []));
      return {
        shape: "list",
        type,
        length,
        nulls,
        offsets: offsetsOf(lists),
        element: columnOf(type.element, lists.flat()),
      };
    }
    case "map": {
      const maps = values.map((v) => (Array.isArray(v) ? (v as [unknown, unknown][]) : []));
      return {
        shape: "map",
        type,
        length,
        nulls,
        offsets: offsetsOf(maps),
        keys: columnOf(
          type.key,
          maps.flatMap((m) => m.map((e) => e[0])),
        ),
        values: columnOf(
          type.value,
          maps.flatMap((m) => m.map((e) => e[1])),
        ),
      };
    }
    case "struct":
      return {
        shape: "struct",
        type,
        length,
        nulls,
        children: type.fields.map((f) =>
          columnOf(
            f.type,
            values.map((v) =>
              v === null || v === undefined ? undefined : (v as Record<string, unknown>)[f.name],
            ),
          ),
        ),
      };
    default:
      return { shape: "scalar", type, length, nulls, values: scalarValues(type, values) };
  }
}

function offsetsOf(lists: readonly (readonly unknown[])[]): Int32Array {
  const offsets = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) offsets[i + 1] = offsets[i]! + lists[i]!.length;
  return offsets;
}

function scalarValues(
  type: DataType,
  values: readonly unknown[],
): Extract<Column, { shape: "scalar" }>["values"] {
  const present = (v: unknown): boolean => v !== null && v !== undefined;
  switch (type.kind) {
    case "byte":
    case "short":
    case "int":
    case "date":
      return Int32Array.from(values, (v) => (present(v) ? (v as number) : 7));
    case "long":
    case "float":
    case "double":
    case "timestamp":
      return Float64Array.from(values, (v) => (present(v) ? (v as number) : 7));
    case "boolean":
      return Uint8Array.from(values, (v) => (v === true ? 1 : 0));
    case "decimal":
      return type.precision <= 15
        ? Float64Array.from(values, (v) => (present(v) ? Number(v as bigint) : 7))
        : values.map((v) => (present(v) ? (v as bigint) : 7n));
    case "string":
      return values.map((v) => (present(v) ? (v as string) : "filler"));
    case "binary":
      return values.map((v) => (present(v) ? (v as Uint8Array) : new Uint8Array([7])));
    default:
      throw new Error(`not a scalar type: ${type.kind}`);
  }
}

/** A value as the pyarrow reader script renders it. */
export function rendered(type: DataType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type.kind) {
    case "byte":
    case "short":
    case "int":
    case "long":
      return String(v);
    case "float":
    case "double": {
      const x = type.kind === "float" ? Math.fround(v as number) : (v as number);
      if (Number.isNaN(x)) return "NaN";
      if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
      return x;
    }
    case "decimal":
      return decimalString(v as bigint, type.scale);
    case "date":
      return new Date((v as number) * 86_400_000).toISOString().slice(0, 10);
    case "timestamp":
      return String(BigInt(v as number) * 1000n);
    case "binary":
      return Buffer.from(v as Uint8Array).toString("hex");
    case "array":
      return (v as unknown[]).map((x) => rendered(type.element, x));
    case "map":
      return (v as [unknown, unknown][]).map(([k, x]) => [rendered(type.key, k), rendered(type.value, x)]);
    case "struct":
      return Object.fromEntries(
        type.fields.map((f) => [f.name, rendered(f.type, (v as Record<string, unknown>)[f.name] ?? null)]),
      );
    default:
      return v;
  }
}

export function decimalString(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  let digits = (negative ? -unscaled : unscaled).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Every field's values as rendered by the reader script, keyed by field name. */
export function expectedColumns(fields: readonly TestField[]): Record<string, unknown[]> {
  return Object.fromEntries(fields.map((f) => [f.name, f.values.map((v) => rendered(f.type, v))]));
}
