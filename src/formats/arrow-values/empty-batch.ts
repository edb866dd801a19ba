import {
  type Data,
  type DataType,
  type Field,
  makeData,
  RecordBatch,
  type Schema,
  Struct,
} from "apache-arrow";

function emptyData(type: DataType): Data {
  const t = type as DataType & { children?: Field[] };
  if (t.typeId === 12 /* List */ || t.typeId === 17 /* Map */) {
    return makeData({
      type: type as never,
      length: 0,
      nullCount: 0,
      valueOffsets: new Int32Array(1),
      child: emptyData(t.children![0]!.type),
    } as never);
  }
  if (t.typeId === 13 /* Struct */) {
    return makeData({
      type: type as never,
      length: 0,
      nullCount: 0,
      children: (t.children ?? []).map((c) => emptyData(c.type)),
    } as never);
  }
  if (t.typeId === 5 /* Utf8 */ || t.typeId === 4 /* Binary */) {
    return makeData({
      type: type as never,
      length: 0,
      nullCount: 0,
      valueOffsets: new Int32Array(1),
      data: new Uint8Array(0),
    } as never);
  }
  return makeData({ type: type as never, length: 0, nullCount: 0 } as never);
}

/** A batch of the schema with no rows (Arrow JS cannot build one from a schema alone). */
export function emptyBatch(schema: Schema): RecordBatch {
  const data = makeData({
    type: new Struct(schema.fields as never),
    length: 0,
    nullCount: 0,
    children: schema.fields.map((f) => emptyData(f.type)),
  });
  return new RecordBatch(schema, data);
}
