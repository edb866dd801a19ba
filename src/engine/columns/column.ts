import type { DataType } from "../../model/data-type.ts";
import { float64s, int32s, uint8s } from "../../util/small-arrays.ts";

/**
 * Generated values of one field for a batch of rows, stored column-wise. Storage by type:
 *
 * | type                 | values                                             |
 * |----------------------|----------------------------------------------------|
 * | byte, short, int     | Int32Array                                         |
 * | long                 | Float64Array of whole numbers (exact to 2^53)      |
 * | float, double        | Float64Array                                       |
 * | decimal(p,s)         | Float64Array of unscaled whole numbers (p <= 15),  |
 * |                      | else an array of bigint unscaled values            |
 * | boolean              | Uint8Array (0/1)                                   |
 * | date                 | Int32Array of days since 1970-01-01                |
 * | timestamp            | Float64Array of microseconds since the epoch (UTC) |
 * | string               | string[]                                           |
 * | binary               | Uint8Array[]                                       |
 * | array<T>             | offsets (n+1) into one child column                |
 * | map<K,V>             | offsets (n+1) into key and value columns           |
 * | struct               | one child column per field                         |
 *
 * `nulls[i] === 1` marks a null (absent when the column has none).
 */
export type Column = ScalarColumn | ListColumn | MapColumn | StructColumn;

export interface ColumnBase {
  readonly type: DataType;
  readonly length: number;
  nulls: Uint8Array | undefined;
}

export interface ScalarColumn extends ColumnBase {
  readonly shape: "scalar";
  readonly values: Int32Array | Float64Array | Uint8Array | string[] | Uint8Array[] | bigint[];
}

export interface ListColumn extends ColumnBase {
  readonly shape: "list";
  readonly offsets: Int32Array;
  element: Column;
}

export interface MapColumn extends ColumnBase {
  readonly shape: "map";
  readonly offsets: Int32Array;
  keys: Column;
  values: Column;
}

export interface StructColumn extends ColumnBase {
  readonly shape: "struct";
  readonly children: Column[];
}

/** Whether a decimal of this precision is stored as doubles (exact) or bigints. */
export const decimalFitsDouble = (precision: number): boolean => precision <= 15;

/** An empty column of `length` rows; list and map children are attached once their sizes are known. */
export function allocateColumn(type: DataType, length: number): Column {
  switch (type.kind) {
    case "byte":
    case "short":
    case "int":
    case "date":
      return { shape: "scalar", type, length, nulls: undefined, values: int32s(length) };
    case "long":
    case "float":
    case "double":
    case "timestamp":
      return { shape: "scalar", type, length, nulls: undefined, values: float64s(length) };
    case "decimal":
      return {
        shape: "scalar",
        type,
        length,
        nulls: undefined,
        values: decimalFitsDouble(type.precision) ? float64s(length) : new Array<bigint>(length).fill(0n),
      };
    case "boolean":
      return { shape: "scalar", type, length, nulls: undefined, values: uint8s(length) };
    case "string":
      return { shape: "scalar", type, length, nulls: undefined, values: new Array<string>(length).fill("") };
    case "binary":
      return {
        shape: "scalar",
        type,
        length,
        nulls: undefined,
        values: new Array<Uint8Array>(length).fill(EMPTY_BYTES),
      };
    case "array":
      return {
        shape: "list",
        type,
        length,
        nulls: undefined,
        offsets: int32s(length + 1),
        element: allocateColumn(type.element, 0),
      };
    case "map":
      return {
        shape: "map",
        type,
        length,
        nulls: undefined,
        offsets: int32s(length + 1),
        keys: allocateColumn(type.key, 0),
        values: allocateColumn(type.value, 0),
      };
    case "struct":
      return {
        shape: "struct",
        type,
        length,
        nulls: undefined,
        children: type.fields.map((f) => allocateColumn(f.type, length)),
      };
  }
}

const EMPTY_BYTES = new Uint8Array(0);

export function markNull(col: Column, i: number): void {
  col.nulls ??= uint8s(col.length);
  col.nulls[i] = 1;
}

export const isNullAt = (col: Column, i: number): boolean => col.nulls !== undefined && col.nulls[i] === 1;
