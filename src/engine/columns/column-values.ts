import type { DataType } from "../../model/data-type.ts";
import type { SqlValue } from "../sql/index.ts";
import { allocateColumn, type Column, decimalFitsDouble, isNullAt, markNull } from "./column.ts";

/** The value at row `i` as an expression sees it (see sql-contract.ts for the representation). */
export function valueAt(col: Column, i: number): SqlValue {
  if (isNullAt(col, i)) return null;
  switch (col.shape) {
    case "scalar": {
      const v = col.values[i]!;
      switch (col.type.kind) {
        case "long":
          return BigInt(v as number);
        case "decimal":
          return typeof v === "bigint" ? v : BigInt(v as number);
        case "boolean":
          return v === 1;
        default:
          return v;
      }
    }
    case "list": {
      const out: SqlValue[] = [];
      for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++) out.push(valueAt(col.element, j));
      return out;
    }
    case "map": {
      const out = new Map<SqlValue, SqlValue>();
      for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++)
        out.set(valueAt(col.keys, j), valueAt(col.values, j));
      return out;
    }
    case "struct": {
      if (col.type.kind !== "struct") return {};
      const fields = col.type.fields;
      // Plain objects filled in field order share one hidden class (fast); a field named
      // __proto__ needs a prototype-free object to be an ordinary key.
      const out: Record<string, SqlValue> = hasProtoField(col.type) ? Object.create(null) : {};
      for (let k = 0; k < fields.length; k++) out[fields[k]!.name] = valueAt(col.children[k]!, i);
      return out;
    }
  }
}

const protoFields = new WeakMap<DataType, boolean>();

/** Whether a struct type has a field named __proto__ (decided once per type, not per value). */
function hasProtoField(type: DataType & { kind: "struct" }): boolean {
  let has = protoFields.get(type);
  if (has === undefined) {
    has = type.fields.some((f) => f.name === "__proto__");
    protoFields.set(type, has);
  }
  return has;
}

/** Builds a column from expression results (each of the column's type, or null). */
export function columnFromValues(type: DataType, values: readonly SqlValue[]): Column {
  const n = values.length;
  const col = allocateColumn(type, n);
  switch (col.shape) {
    case "scalar": {
      const out = col.values;
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v === null || v === undefined) {
          markNull(col, i);
          continue;
        }
        switch (type.kind) {
          case "boolean":
            (out as Uint8Array)[i] = v === true ? 1 : 0;
            break;
          case "decimal":
            if (decimalFitsDouble(type.precision)) (out as Float64Array)[i] = Number(v as bigint);
            else (out as bigint[])[i] = typeof v === "bigint" ? v : BigInt(v as number);
            break;
          case "string":
            (out as string[])[i] = typeof v === "string" ? v : String(v);
            break;
          case "binary":
            (out as Uint8Array[])[i] = v as Uint8Array;
            break;
          default:
            (out as Int32Array | Float64Array)[i] = Number(v as number | bigint);
        }
      }
      return col;
    }
    case "list": {
      const elements: SqlValue[] = [];
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v === null || v === undefined) markNull(col, i);
        else for (const e of v as readonly SqlValue[]) elements.push(e);
        col.offsets[i + 1] = elements.length;
      }
      col.element = columnFromValues((type as { element: DataType }).element, elements);
      return col;
    }
    case "map": {
      const keys: SqlValue[] = [];
      const vals: SqlValue[] = [];
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v === null || v === undefined) markNull(col, i);
        else
          for (const [k, x] of v as ReadonlyMap<SqlValue, SqlValue>) {
            keys.push(k);
            vals.push(x);
          }
        col.offsets[i + 1] = keys.length;
      }
      const mt = type as { key: DataType; value: DataType };
      col.keys = columnFromValues(mt.key, keys);
      col.values = columnFromValues(mt.value, vals);
      return col;
    }
    case "struct": {
      if (type.kind !== "struct") return col;
      for (let i = 0; i < n; i++) if (values[i] === null || values[i] === undefined) markNull(col, i);
      type.fields.forEach((f, k) => {
        const child = values.map((v) =>
          v === null || v === undefined ? null : ((v as Record<string, SqlValue>)[f.name] ?? null),
        );
        col.children[k] = columnFromValues(f.type, child);
      });
      return col;
    }
  }
}
