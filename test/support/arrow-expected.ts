import { type Data, DataType, type Decimal, type RecordBatch, type Struct } from "apache-arrow";

/**
 * The values of a batch read straight from its Arrow buffers, in a plain form shared by the
 * read-back tests: an independent reading (not the encoders' code) of what was generated.
 */
export type Plain = string | number | boolean | null | Plain[] | { [k: string]: Plain };
export type Kind =
  | "string"
  | "int"
  | "float"
  | "decimal"
  | "date"
  | "timestamp"
  | "binary"
  | "bool"
  | "list"
  | "struct"
  | "map";

export interface Column {
  readonly name: string;
  readonly kind: Kind;
  readonly values: Plain[];
}

const valid = (d: Data, i: number) => {
  const b = d.nullBitmap;
  if (!b || b.length === 0 || d.nullCount === 0) return true;
  const j = d.offset + i;
  return ((b[j >> 3]! >> (j & 7)) & 1) === 1;
};

export function kindOf(t: DataType): Kind {
  if (DataType.isUtf8(t)) return "string";
  if (DataType.isInt(t)) return "int";
  if (DataType.isFloat(t)) return "float";
  if (DataType.isDecimal(t)) return "decimal";
  if (DataType.isDate(t)) return "date";
  if (DataType.isTimestamp(t)) return "timestamp";
  if (DataType.isBinary(t)) return "binary";
  if (DataType.isBool(t)) return "bool";
  if (DataType.isList(t)) return "list";
  if (DataType.isMap(t)) return "map";
  if (DataType.isStruct(t)) return "struct";
  throw new Error(`unexpected type ${String(t)}`);
}

/** Value i of an Arrow array: decimals as exact text, dates as yyyy-mm-dd, timestamps as epoch microseconds. */
export function plainAt(d: Data, i: number): Plain {
  if (!valid(d, i)) return null;
  const j = d.offset + i;
  const t = d.type;
  switch (kindOf(t)) {
    case "string":
    case "binary": {
      const o = d.valueOffsets as Int32Array;
      const bytes = (d.values as Uint8Array).subarray(o[j]!, o[j + 1]!);
      return DataType.isUtf8(t)
        ? new TextDecoder().decode(bytes)
        : `b64:${Buffer.from(bytes).toString("base64")}`;
    }
    case "int":
    case "float":
    case "timestamp":
      return Number((d.values as ArrayLike<number | bigint>)[j]!);
    case "date":
      return new Date(Number((d.values as Int32Array)[j]!) * 86_400_000).toISOString().slice(0, 10);
    case "bool":
      return (((d.values as Uint8Array)[j >> 3]! >> (j & 7)) & 1) === 1;
    case "decimal": {
      const w = d.values as Uint32Array;
      let x = 0n;
      for (let k = 3; k >= 0; k--) x = (x << 32n) | BigInt(w[j * 4 + k]!);
      if (x >= 1n << 127n) x -= 1n << 128n;
      const scale = (t as Decimal).scale;
      const neg = x < 0n;
      const digits = (neg ? -x : x).toString().padStart(scale + 1, "0");
      return `${neg ? "-" : ""}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
    }
    case "list": {
      const o = d.valueOffsets as Int32Array;
      const out: Plain[] = [];
      for (let k = o[j]!; k < o[j + 1]!; k++) out.push(plainAt(d.children[0]!, k - d.children[0]!.offset));
      return out;
    }
    case "map": {
      const o = d.valueOffsets as Int32Array;
      const entries = d.children[0]!;
      const out: { [k: string]: Plain } = {};
      for (let k = o[j]!; k < o[j + 1]!; k++)
        out[String(plainAt(entries.children[0]!, k))] = plainAt(entries.children[1]!, k);
      return out;
    }
    case "struct": {
      const out: { [k: string]: Plain } = {};
      (t as Struct).children.forEach((f, k) => {
        out[f.name] = plainAt(d.children[k]!, i);
      });
      return out;
    }
  }
}

export function columnsOf(batch: RecordBatch): Column[] {
  return batch.schema.fields.map((f, k) => {
    const d = batch.data.children[k]!;
    return {
      name: f.name,
      kind: kindOf(f.type),
      values: Array.from({ length: batch.numRows }, (_, i) => plainAt(d, i)),
    };
  });
}

/** Kinds of the children of nested Arrow types, by path (`a`, `a[]`, `a.b`, `m{}`). */
export function nestedKinds(batch: RecordBatch): Map<string, DataType> {
  const out = new Map<string, DataType>();
  const walk = (path: string, t: DataType) => {
    out.set(path, t);
    if (DataType.isList(t)) walk(`${path}[]`, t.children[0]!.type);
    if (DataType.isMap(t)) walk(`${path}{}`, t.children[0]!.type.children[1]!.type);
    if (DataType.isStruct(t)) for (const c of t.children) walk(`${path}.${c.name}`, c.type);
  };
  for (const f of batch.schema.fields) walk(f.name, f.type);
  return out;
}
