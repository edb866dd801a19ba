import {
  type DuckDBDataChunk,
  type DuckDBDecimalType,
  type DuckDBListType,
  type DuckDBMapType,
  type DuckDBStructType,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
} from "@duckdb/node-api";
import { columnFromValues, type SqlValue } from "../../engine/index.ts";
import { type DataType, DataTypes } from "../../model/data-type.ts";

/** The Spark type of each DuckDB scalar type that keeps its shape (unsigned ones widened). */
const DUCK_SCALAR_TYPES: ReadonlyMap<DuckDBTypeId, DataType> = new Map([
  [DuckDBTypeId.BOOLEAN, DataTypes.boolean],
  [DuckDBTypeId.TINYINT, DataTypes.byte],
  [DuckDBTypeId.SMALLINT, DataTypes.short],
  [DuckDBTypeId.UTINYINT, DataTypes.short],
  [DuckDBTypeId.INTEGER, DataTypes.int],
  [DuckDBTypeId.USMALLINT, DataTypes.int],
  [DuckDBTypeId.BIGINT, DataTypes.long],
  [DuckDBTypeId.UINTEGER, DataTypes.long],
  [DuckDBTypeId.FLOAT, DataTypes.float],
  [DuckDBTypeId.DOUBLE, DataTypes.double],
  [DuckDBTypeId.DATE, DataTypes.date],
  [DuckDBTypeId.TIMESTAMP, DataTypes.timestamp],
  [DuckDBTypeId.TIMESTAMP_TZ, DataTypes.timestamp],
  [DuckDBTypeId.TIMESTAMP_MS, DataTypes.timestamp],
  [DuckDBTypeId.TIMESTAMP_S, DataTypes.timestamp],
  [DuckDBTypeId.TIMESTAMP_NS, DataTypes.timestamp],
  [DuckDBTypeId.BLOB, DataTypes.binary],
]);

/**
 * The Spark type a DuckDB column reads back as: integers, floats, decimals, dates, timestamps,
 * lists, structs and maps keep their shape; anything else (time, interval, UUID, enum, ...)
 * becomes its text.
 */
export function dataTypeOfDuck(t: DuckDBType): DataType {
  const scalar = DUCK_SCALAR_TYPES.get(t.typeId);
  if (scalar) return scalar;
  switch (t.typeId) {
    case DuckDBTypeId.DECIMAL: {
      const d = t as DuckDBDecimalType;
      return DataTypes.decimal(d.width, d.scale);
    }
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
      return DataTypes.array(dataTypeOfDuck((t as DuckDBListType).valueType));
    case DuckDBTypeId.MAP: {
      const m = t as DuckDBMapType;
      return DataTypes.map(dataTypeOfDuck(m.keyType), dataTypeOfDuck(m.valueType));
    }
    case DuckDBTypeId.STRUCT: {
      const s = t as DuckDBStructType;
      return DataTypes.struct(
        s.entryNames.map((name, k) => ({ name, type: dataTypeOfDuck(s.entryTypes[k]!), nullable: true })),
      );
    }
    default:
      return DataTypes.string;
  }
}

/** A DuckDB value as an expression sees a value of `type` (engine/sql's sql-contract.ts). */
export function sqlValueOfDuck(v: DuckDBValue, type: DataType): SqlValue {
  if (v === null || v === undefined) return null;
  switch (type.kind) {
    case "string":
      return typeof v === "string" ? v : String(v);
    case "boolean":
      return v === true;
    case "long":
      return typeof v === "bigint" ? v : BigInt(v as number);
    case "byte":
    case "short":
    case "int":
    case "float":
    case "double":
      return Number(v);
    case "decimal":
      return (v as { value: bigint }).value;
    case "date":
      return (v as { days: number }).days;
    case "timestamp": {
      const t = v as { micros?: bigint; millis?: bigint; seconds?: bigint; nanos?: bigint };
      if (t.micros !== undefined) return Number(t.micros);
      if (t.millis !== undefined) return Number(t.millis) * 1000;
      if (t.seconds !== undefined) return Number(t.seconds) * 1_000_000;
      return Number((t.nanos ?? 0n) / 1000n);
    }
    case "binary":
      return (v as { bytes: Uint8Array }).bytes;
    case "array":
      return (v as { items: readonly DuckDBValue[] }).items.map((x) => sqlValueOfDuck(x, type.element));
    case "map": {
      const out = new Map<SqlValue, SqlValue>();
      for (const e of (v as { entries: { key: DuckDBValue; value: DuckDBValue }[] }).entries)
        out.set(sqlValueOfDuck(e.key, type.key), sqlValueOfDuck(e.value, type.value));
      return out;
    }
    case "struct": {
      const entries = (v as { entries: Readonly<Record<string, DuckDBValue>> }).entries;
      const out: Record<string, SqlValue> = Object.create(null);
      for (const f of type.fields) out[f.name] = sqlValueOfDuck(entries[f.name] ?? null, f.type);
      return out;
    }
  }
}

/** The columns of a DuckDB chunk as engine columns of the given types. */
export function chunkColumns(chunk: DuckDBDataChunk, types: readonly DataType[]) {
  return types.map((type, k) => {
    const raw = chunk.getColumnValues(k);
    const values = new Array<SqlValue>(raw.length);
    for (let i = 0; i < raw.length; i++) values[i] = sqlValueOfDuck(raw[i]!, type);
    return columnFromValues(type, values);
  });
}
