import {
  DataType as A,
  type Data,
  makeData,
  RecordBatch,
  type Schema,
  Struct,
  vectorFromArray,
} from "apache-arrow";

/**
 * Batches decoded with only some columns (a Parquet read of some leaves) brought back to the
 * whole schema: a column or struct field left out comes back all NULL, so readers of the
 * batches find every field where the schema says it is. The NULL columns are made once per read
 * (long enough for the longest batch) and sliced.
 */
export function fullWidth(schema: Schema): (batch: RecordBatch) => RecordBatch {
  // Per column: NULLs of its type for the longest batch seen (power-of-two lengths), sliced to each batch.
  const nulls = new Map<string, Data>();
  const allNull = (key: string, type: A, length: number): Data => {
    let d = nulls.get(key);
    if (d === undefined || d.length < length) {
      let size = 1024;
      while (size < length) size *= 2;
      d = nullData(type, size);
      nulls.set(key, d);
    }
    return d.length === length ? d : d.slice(0, length);
  };
  // `d` (of the type the file gave for what was read) as `type` (the schema's).
  const widen = (key: string, d: Data, type: A): Data => {
    const kept = {
      type,
      offset: d.offset,
      length: d.length,
      nullCount: d.nullCount,
      nullBitmap: d.nullBitmap,
    };
    if (A.isStruct(type) && A.isStruct(d.type)) {
      const got = new Map(d.type.children.map((f, k) => [f.name, d.children[k]!]));
      const children = type.children.map((f) => {
        const child = got.get(f.name);
        return child
          ? widen(`${key}.${f.name}`, child, f.type)
          : allNull(`${key}.${f.name}`, f.type, d.offset + d.length);
      });
      return makeData({ ...kept, children } as never);
    }
    if (A.isList(type) && A.isList(d.type)) {
      const child = widen(`${key}[]`, d.children[0]!, type.children[0]!.type);
      return makeData({ ...kept, valueOffsets: d.valueOffsets as Int32Array, child } as never);
    }
    return d;
  };
  const top = new Struct(schema.fields);
  return (batch) => {
    const got = new Map(batch.schema.fields.map((f, k) => [f.name, batch.data.children[k]!]));
    const children = schema.fields.map((f) => {
      const d = got.get(f.name);
      return d ? widen(f.name, d, f.type) : allNull(f.name, f.type, batch.numRows);
    });
    return new RecordBatch(schema, makeData({ type: top, length: batch.numRows, nullCount: 0, children }));
  };
}

/** `length` NULLs of a type: zeroed buffers for structs, lists, text and numbers, Arrow's builder for the rest. */
function nullData(type: A, length: number): Data {
  const nullBitmap = new Uint8Array((length + 7) >> 3);
  const base = { type, length, nullCount: length, nullBitmap };
  if (A.isStruct(type))
    return makeData({ ...base, children: type.children.map((f) => nullData(f.type, length)) } as never);
  if (A.isList(type))
    return makeData({
      ...base,
      valueOffsets: new Int32Array(length + 1),
      child: nullData(type.children[0]!.type, 0),
    } as never);
  if (A.isUtf8(type) || A.isBinary(type))
    return makeData({ ...base, valueOffsets: new Int32Array(length + 1), data: new Uint8Array(0) } as never);
  if (A.isInt(type) || A.isFloat(type) || A.isDate(type) || A.isTimestamp(type))
    return makeData({ ...base, data: new type.ArrayType(length) } as never);
  return vectorFromArray(new Array<null>(length).fill(null), type).data[0]!;
}
