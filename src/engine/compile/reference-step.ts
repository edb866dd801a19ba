import { DataType as ArrowType, type Table, tableFromIPC, type Vector } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { castColumn } from "../columns/cast-column.ts";
import { allocateColumn, type Column, type ScalarColumn } from "../columns/column.ts";
import { type BatchShape, batchShape, toRecordBatch } from "../columns/to-arrow.ts";
import { effectiveType } from "../generators/create-field-generator.ts";
import type { CompiledStep } from "./compiled-step.ts";

/** The largest whole number a double holds exactly: longer longs are kept as their text. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A reference step (enableReferenceMode): existing rows read by its connector before the run
 * (Arrow IPC of the foreign key's source fields: distinct, without nulls, sorted) stand for
 * its rows; children pick rows of it as they pick rows of a generated parent. Without the
 * data (validate, row estimates) it has no rows, and generating a child of it is refused.
 */
export function compileReferenceStep(resolved: ResolvedStep, ipc: Uint8Array | undefined): CompiledStep {
  const id = stepIdOf(resolved);
  const columns = ipc === undefined ? new Map<string, Column>() : readColumns(tableFromIPC(ipc));
  const rowCount = ipc === undefined ? 0 : (columns.values().next().value?.length ?? 0);
  const declared = resolved.step.fields.filter((f) => f.options.omit !== true);
  // Declared fields keep their types (the data is cast to them); without any, the columns read.
  const output =
    declared.length > 0
      ? declared.map((f) => ({ name: f.name, type: effectiveType(f), nullable: f.nullable }))
      : [...columns.values()].map((c, k) => ({
          name: [...columns.keys()][k]!,
          type: c.type,
          nullable: false,
        }));
  const find = (name: string): Column | undefined => {
    const exact = columns.get(name);
    if (exact) return exact;
    const folded = [...columns.keys()].filter((k) => k.toLowerCase() === name.toLowerCase());
    return folded.length === 1 ? columns.get(folded[0]!) : undefined;
  };
  let shape: BatchShape | undefined;
  const outputColumns = (start: number, count: number): Column[] => {
    const n = Math.max(0, Math.min(count, rowCount - start));
    const rows = new Float64Array(n);
    for (let i = 0; i < n; i++) rows[i] = start + i;
    return output.map((o) => {
      const col = find(o.name);
      if (!col) {
        // A declared field the foreign keys do not read: null in a sample of the step.
        const empty = allocateColumn(o.type, n);
        if (n > 0) empty.nulls = new Uint8Array(n).fill(1);
        return empty;
      }
      return castColumn(gather(col, rows), o.type);
    });
  };
  return {
    id,
    resolved,
    rowCount,
    reseedable: true,
    derivedBytes: 0,
    reference: true,
    output,
    columnsAt(rows, names) {
      if (ipc === undefined) {
        throw new RowforgeError(
          "RF_INTERNAL",
          `step ${id} is reference data (enableReferenceMode) and its rows were not read before generating`,
        );
      }
      return new Map(
        names.map((name) => {
          const col = find(name);
          if (!col) {
            throw new RowforgeError(
              "RF_FOREIGN_KEY_INVALID",
              `reference step ${id} has no field "${name}" in the data read (fields: ${[...columns.keys()].join(", ")})`,
            );
          }
          return [name, gather(col, rows)];
        }),
      );
    },
    columns: outputColumns,
    batch(start, count) {
      shape ??= batchShape(output);
      return toRecordBatch(shape, outputColumns(start, count), count);
    },
  };
}

/** The engine columns of the data read (see connectors/reference/reference-table.ts for its types). */
function readColumns(table: Table): Map<string, Column> {
  const out = new Map<string, Column>();
  for (const field of table.schema.fields) {
    const vector = table.getChild(field.name)!;
    out.set(field.name, toColumn(vector, field.type));
  }
  return out;
}

function toColumn(v: Vector, t: ArrowType): Column {
  const n = v.length;
  if (ArrowType.isInt(t)) {
    const big = fixedValues(v) as BigInt64Array;
    if (big.some((x) => x > SAFE || x < -SAFE)) {
      return scalar(
        { kind: "string" },
        Array.from(big, (x) => x.toString()),
      );
    }
    return scalar({ kind: "long" }, Float64Array.from(big, Number));
  }
  if (ArrowType.isTimestamp(t))
    return scalar({ kind: "timestamp" }, Float64Array.from(fixedValues(v) as BigInt64Array, Number));
  if (ArrowType.isDate(t)) return scalar({ kind: "date" }, Int32Array.from(fixedValues(v) as Int32Array));
  if (ArrowType.isFloat(t))
    return scalar({ kind: "double" }, Float64Array.from(fixedValues(v) as Float64Array));
  if (ArrowType.isBool(t)) {
    const values = new Uint8Array(n);
    for (let i = 0; i < n; i++) values[i] = v.get(i) ? 1 : 0;
    return scalar({ kind: "boolean" }, values);
  }
  const values: string[] = new Array(n);
  for (let i = 0; i < n; i++) values[i] = String(v.get(i) ?? "");
  return scalar({ kind: "string" }, values);
}

/** The fixed-width values of every chunk, in row order. */
function fixedValues(v: Vector): BigInt64Array | Int32Array | Float64Array {
  const chunks = v.data.map((d) => d.values.subarray(d.offset, d.offset + d.length) as BigInt64Array);
  if (chunks.length === 1) return chunks[0]!;
  const Ctor = chunks[0]!.constructor as BigInt64ArrayConstructor;
  const out = new Ctor(v.length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const scalar = (type: DataType, values: ScalarColumn["values"]): ScalarColumn => ({
  shape: "scalar",
  type,
  length: values.length,
  nulls: undefined,
  values,
});

/** The values at `rows` (reference data has no nulls). */
function gather(col: Column, rows: Float64Array): Column {
  const out = allocateColumn(col.type, rows.length) as ScalarColumn;
  const from = (col as ScalarColumn).values;
  const to = out.values as unknown as unknown[];
  for (let i = 0; i < rows.length; i++) to[i] = from[rows[i]!];
  return out;
}
