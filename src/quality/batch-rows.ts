import type { Data, RecordBatch } from "apache-arrow";
import type { SqlValue } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import { formatDate, formatTimestamp } from "../util/calendar.ts";
import { arrowReader, arrowSizes } from "./arrow-values.ts";

/** A pruned type to decode a field in (a struct with fewer fields), or only the sizes of its arrays. */
export type ReadShape = DataType | "size";

/** A field of the data being validated, as its readers give it. */
export interface ReadField {
  readonly name: string;
  readonly type: DataType;
}

/** One batch of rows as checks read it: a value reader per field, made once per batch. */
export class BatchRows {
  readonly length: number;
  readonly fields: readonly ReadField[];
  /** Each field's reader of a (pruned) type, made at its first read (an unread column is never decoded). */
  private readonly readers: readonly ((type: ReadShape | undefined) => (i: number) => SqlValue)[];
  /** Values decoded in a pruned shape (only some fields of a struct, only the sizes of an array), by field and shape. */
  private readonly shapedValues = new Map<string, readonly SqlValue[]>();
  /** Each field's values decoded once per batch, at its first read: checks of one field share them. */
  private readonly decoded: (readonly SqlValue[] | undefined)[];
  /** The Arrow arrays of the fields, when the rows are an Arrow batch (checks may read them directly). */
  readonly arrow: readonly Data[] | undefined;
  /** Columns of this batch made once for every check that reads them (vector-columns.ts: a field's numbers, its NULLs). */
  readonly shared = new Map<string, unknown>();
  constructor(
    fields: readonly ReadField[],
    length: number,
    readers: readonly ((type: ReadShape | undefined) => (i: number) => SqlValue)[],
    decoded: (readonly SqlValue[] | undefined)[] = [],
    arrow?: readonly Data[],
  ) {
    this.fields = fields;
    this.length = length;
    this.readers = readers;
    this.decoded = decoded;
    this.arrow = arrow;
  }
  /** An Arrow batch read back from a source (its columns in the order of `fields`). */
  static ofArrow(fields: readonly ReadField[], batch: RecordBatch): BatchRows {
    return new BatchRows(
      fields,
      batch.numRows,
      fields.map((f, k) => (shape) => {
        const data = batch.data.children[k]!;
        return shape === undefined
          ? arrowReader(data, f.type)
          : shape === "size"
            ? arrowSizes(data)
            : arrowReader(data, shape);
      }),
      [],
      batch.data.children,
    );
  }
  /** Rows built in memory (joined rows), column by column. */
  static ofColumns(
    fields: readonly ReadField[],
    columns: readonly (readonly SqlValue[])[],
    length: number,
  ): BatchRows {
    return new BatchRows(
      fields,
      length,
      columns.map((c) => () => (i: number) => c[i] ?? null),
      [...columns],
    );
  }
  value(field: number, row: number): SqlValue {
    let values = this.decoded[field];
    if (values === undefined) {
      values = this.decode(field, undefined);
      this.decoded[field] = values;
    }
    return values[row] ?? null;
  }
  private decode(field: number, shape: ReadShape | undefined): SqlValue[] {
    const read = this.readers[field]!(shape);
    const out = new Array<SqlValue>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = read(i);
    return out;
  }
  /**
   * A field's values decoded in a shape an expression needs (`key` names the shape): rows built
   * in memory, and a field already decoded in full, give their full values.
   */
  column(field: number, shape: ReadShape | undefined, key: string): readonly SqlValue[] {
    const full = this.decoded[field];
    if (shape === undefined || full !== undefined) {
      this.value(field, 0);
      return this.decoded[field]!;
    }
    const id = `${field}:${key}`;
    let values = this.shapedValues.get(id);
    if (values === undefined) {
      values = this.decode(field, shape);
      this.shapedValues.set(id, values);
    }
    return values;
  }
  /** Readers of single values, for sample records: a sample does not decode whole columns. */
  private rowReaders: (((i: number) => SqlValue) | undefined)[] = [];

  /** Whether a whole record was taken from the batch (a sample): batches of only some columns cannot give one. */
  recorded = false;

  /** Row i as a JSON-safe record (a failing record's sample). */
  record(row: number): Record<string, unknown> {
    this.recorded = true;
    const out: Record<string, unknown> = {};
    this.fields.forEach((f, k) => {
      const decoded = this.decoded[k];
      let v: SqlValue;
      if (decoded !== undefined) v = decoded[row] ?? null;
      else {
        let read = this.rowReaders[k];
        if (read === undefined) {
          read = this.readers[k]!(undefined);
          this.rowReaders[k] = read;
        }
        v = read(row);
      }
      out[f.name] = jsonSafe(v, f.type);
    });
    return out;
  }
}

/** A value as JSON can hold it: dates and timestamps as ISO text, decimals and large longs as text. */
export function jsonSafe(v: SqlValue, type: DataType): unknown {
  if (v === null) return null;
  switch (type.kind) {
    case "date":
      return formatDate(v as number);
    case "timestamp":
      return formatTimestamp(v as number);
    case "long":
      return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
    case "decimal":
      return decimalText(v as bigint, type.scale);
    case "binary":
      return Buffer.from(v as Uint8Array).toString("base64");
    case "array":
    case "map":
      return collectionJson(v, type, jsonSafe);
    case "struct": {
      const o = v as Record<string, SqlValue>;
      return Object.fromEntries(type.fields.map((f) => [f.name, jsonSafe(o[f.name] ?? null, f.type)]));
    }
    default:
      return v;
  }
}

/**
 * An array's or a map's items as JSON, each by `item` (a map as an object whose keys are its
 * keys' text).
 */
export function collectionJson(
  v: SqlValue,
  type: Extract<DataType, { kind: "array" | "map" }>,
  item: (x: SqlValue, type: DataType) => unknown,
): unknown {
  if (type.kind === "array") return (v as readonly SqlValue[]).map((x) => item(x, type.element));
  return Object.fromEntries(
    [...(v as ReadonlyMap<SqlValue, SqlValue>)].map(([k, x]) => [
      String(jsonSafe(k, type.key)),
      item(x, type.value),
    ]),
  );
}

function decimalText(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg ? `-${text}` : text;
}
