import { type Data, DataType, makeData, RecordBatch } from "apache-arrow";

/** A new batch with only the given rows (in the given order): used to split rows by partition. */
export function gatherRows(batch: RecordBatch, rows: Int32Array): RecordBatch {
  const children = batch.data.children.map((c) => gather(c, rows));
  const data = makeData({ type: batch.data.type, length: rows.length, nullCount: 0, children });
  return new RecordBatch(batch.schema, data);
}

function bitAt(bitmap: Uint8Array, j: number): boolean {
  return ((bitmap[j >> 3]! >> (j & 7)) & 1) === 1;
}

function gatherValidity(data: Data, rows: Int32Array): { nullBitmap?: Uint8Array; nullCount: number } {
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0 || data.nullCount === 0) return { nullCount: 0 };
  const out = new Uint8Array(((rows.length + 63) >> 6) << 3);
  let nulls = 0;
  for (let i = 0; i < rows.length; i++) {
    if (bitAt(bitmap, data.offset + rows[i]!)) out[i >> 3]! |= 1 << (i & 7);
    else nulls++;
  }
  return nulls === 0 ? { nullCount: 0 } : { nullBitmap: out, nullCount: nulls };
}

/** Row indexes of a list's children for the given parent rows, and the new offsets. */
function gatherRanges(offsets: Int32Array, rows: Int32Array): { offsets: Int32Array; childRows: Int32Array } {
  const out = new Int32Array(rows.length + 1);
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    total += offsets[rows[i]! + 1]! - offsets[rows[i]!]!;
    out[i + 1] = total;
  }
  const childRows = new Int32Array(total);
  let k = 0;
  for (const r of rows) for (let j = offsets[r]!; j < offsets[r + 1]!; j++) childRows[k++] = j;
  return { offsets: out, childRows };
}

function gather(data: Data, rows: Int32Array): Data {
  const type = data.type;
  const validity = gatherValidity(data, rows);
  const length = rows.length;
  if (DataType.isStruct(type)) {
    // Arrow keeps struct children aligned with the struct (slicing a struct slices its children).
    const children = data.children.map((c) => gather(c, rows));
    return makeData({ type, length, ...validity, children });
  }
  if (DataType.isList(type) || DataType.isMap(type)) {
    const { offsets, childRows } = gatherRanges(data.valueOffsets as Int32Array, rows);
    const child = gather(data.children[0]!, childRows);
    return makeData({ type, length, ...validity, valueOffsets: offsets, child } as never);
  }
  if (DataType.isUtf8(type) || DataType.isBinary(type)) {
    const src = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const offsets = new Int32Array(length + 1);
    let total = 0;
    for (let i = 0; i < length; i++) {
      const r = rows[i]!;
      total += src[r + 1]! - src[r]!;
      offsets[i + 1] = total;
    }
    const out = new Uint8Array(total);
    for (let i = 0; i < length; i++) {
      const r = rows[i]!;
      out.set(bytes.subarray(src[r]!, src[r + 1]!), offsets[i]!);
    }
    return makeData({ type, length, ...validity, valueOffsets: offsets, data: out } as never);
  }
  if (DataType.isBool(type)) {
    const bits = data.values as Uint8Array;
    const out = new Uint8Array(((length + 63) >> 6) << 3);
    for (let i = 0; i < length; i++) if (bitAt(bits, data.offset + rows[i]!)) out[i >> 3]! |= 1 << (i & 7);
    return makeData({ type, length, ...validity, data: out } as never);
  }
  // Fixed-width values (ints, floats, dates, timestamps, decimals): `stride` elements per row.
  const values = data.values as Int32Array | Float64Array | BigInt64Array | Uint32Array;
  const stride = DataType.isDecimal(type) ? 4 : 1;
  const Ctor = values.constructor as new (n: number) => typeof values;
  const out = new Ctor(length * stride);
  for (let i = 0; i < length; i++) {
    const r = rows[i]! * stride;
    for (let s = 0; s < stride; s++) out[i * stride + s] = values[r + s]!;
  }
  return makeData({ type, length, ...validity, data: out } as never);
}
