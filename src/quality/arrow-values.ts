import { DataType as A, type DataType as ArrowType, type Data, type RecordBatch } from "apache-arrow";
import type { SqlValue } from "../engine/index.ts";
import { isValid, utf8Reader } from "../formats/arrow-values/arrow-cells.ts";
import { type DataType, DataTypes } from "../model/data-type.ts";

/** The Spark type of an Arrow type (what rowforge writes, and what the readers give back). */
export function dataTypeOfArrow(t: ArrowType): DataType {
  if (A.isInt(t)) {
    const bits = (t as unknown as { bitWidth: number }).bitWidth;
    return bits === 8
      ? DataTypes.byte
      : bits === 16
        ? DataTypes.short
        : bits === 32
          ? DataTypes.int
          : DataTypes.long;
  }
  if (A.isFloat(t))
    return (t as unknown as { precision: number }).precision === 1 ? DataTypes.float : DataTypes.double;
  if (A.isBool(t)) return DataTypes.boolean;
  if (A.isDecimal(t)) {
    const d = t as unknown as { precision: number; scale: number };
    return DataTypes.decimal(d.precision, d.scale);
  }
  if (A.isDate(t)) return DataTypes.date;
  if (A.isTimestamp(t)) return DataTypes.timestamp;
  if (A.isBinary(t)) return DataTypes.binary;
  if (A.isList(t)) return DataTypes.array(dataTypeOfArrow(t.children[0]!.type));
  if (A.isMap(t)) {
    const entries = t.children[0]!.type.children;
    return DataTypes.map(dataTypeOfArrow(entries[0]!.type), dataTypeOfArrow(entries[1]!.type));
  }
  if (A.isStruct(t))
    return DataTypes.struct(
      t.children.map((f) => ({ name: f.name, type: dataTypeOfArrow(f.type), nullable: true })),
    );
  return DataTypes.string;
}

/** The schema of a batch as Spark types, by field. */
export const fieldsOf = (batch: Pick<RecordBatch, "schema">): { name: string; type: DataType }[] =>
  batch.schema.fields.map((f) => ({ name: f.name, type: dataTypeOfArrow(f.type) }));

type Reader = (i: number) => SqlValue;

/**
 * Reads row i of an Arrow array as an expression sees it (engine/sql's sql-contract.ts): longs
 * as bigint, decimals as unscaled bigint, dates as days, timestamps as microseconds.
 */
export function arrowReader(data: Data, type: DataType): Reader {
  const inner = valueReader(data, type);
  if (data.nullCount === 0) return inner;
  return (i) => (isValid(data, i) ? inner(i) : null);
}

function valueReader(data: Data, type: DataType): Reader {
  const values = data.values as ArrayLike<number | bigint>;
  switch (type.kind) {
    case "string": {
      if (!A.isUtf8(data.type)) return () => null;
      return utf8Reader(data);
    }
    case "boolean": {
      const bits = data.values as Uint8Array;
      return (i) => {
        const j = data.offset + i;
        return ((bits[j >> 3]! >> (j & 7)) & 1) === 1;
      };
    }
    case "long":
      return (i) => BigInt(values[i]!);
    case "byte":
    case "short":
    case "int":
    case "float":
    case "double":
    case "date":
      return (i) => Number(values[i]!);
    case "timestamp":
      return timestampReader(data);
    case "decimal": {
      const words = data.values as Uint32Array;
      return (i) => {
        let v = 0n;
        for (let w = 3; w >= 0; w--) v = (v << 32n) | BigInt(words[i * 4 + w]!);
        return BigInt.asIntN(128, v);
      };
    }
    case "binary": {
      const offsets = data.valueOffsets as Int32Array;
      const bytes = data.values as Uint8Array;
      return (i) => bytes.subarray(offsets[i]!, offsets[i + 1]!);
    }
    case "array": {
      const offsets = data.valueOffsets as Int32Array;
      const element = arrowReader(data.children[0]!, type.element);
      return (i) => {
        const out: SqlValue[] = [];
        for (let j = offsets[i]!; j < offsets[i + 1]!; j++) out.push(element(j));
        return out;
      };
    }
    case "map": {
      const offsets = data.valueOffsets as Int32Array;
      const entries = data.children[0]!;
      const key = arrowReader(entries.children[0]!, type.key);
      const value = arrowReader(entries.children[1]!, type.value);
      return (i) => {
        const out = new Map<SqlValue, SqlValue>();
        for (let j = offsets[i]!; j < offsets[i + 1]!; j++) out.set(key(j), value(j));
        return out;
      };
    }
    case "struct": {
      // By name: a pruned struct type reads only some of the data's children.
      const names = (data.type.children as { name: string }[]).map((c) => c.name.toLowerCase());
      const children = type.fields.map((f, k) => {
        const at = names.indexOf(f.name.toLowerCase());
        return arrowReader(data.children[at < 0 ? k : at]!, f.type);
      });
      const keys = type.fields.map((f) => f.name);
      // Plain objects filled in field order share one hidden class (fast); only a field named
      // __proto__ needs a prototype-free object (which V8 keeps as a slow dictionary).
      const plain = !keys.includes("__proto__");
      return (i) => {
        const out: Record<string, SqlValue> = plain ? {} : Object.create(null);
        for (let k = 0; k < children.length; k++) out[keys[k]!] = children[k]!(i);
        return out;
      };
    }
  }
}

/** Microseconds since the epoch from any Arrow timestamp unit. */
function timestampReader(data: Data): Reader {
  const values = data.values as ArrayLike<number | bigint>;
  const unit = (data.type as unknown as { unit: number }).unit; // 0 s, 1 ms, 2 us, 3 ns
  const factor = [1_000_000, 1_000, 1, 0.001][unit] ?? 1;
  return (i) => Math.round(Number(values[i]!) * factor);
}

/** Arrays of the right length only (their elements never read: an expression that takes only their size). */
export function arrowSizes(data: Data): (i: number) => SqlValue {
  const offsets = data.valueOffsets as Int32Array | undefined;
  const valid = (i: number) => isValid(data, i);
  return (i) => (!valid(i) ? null : new Array<SqlValue>(offsets ? offsets[i + 1]! - offsets[i]! : 0));
}
