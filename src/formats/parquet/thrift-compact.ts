import { RowforgeError } from "../../errors/index.ts";

/**
 * Thrift's compact protocol, read into a plain tree and written back: enough to move Parquet
 * metadata (FileMetaData, OffsetIndex) from one file into another with its offsets shifted.
 * Every field is kept, known or not, so what is written back is what was read, bar the edits.
 */

/** Compact-protocol type codes (BOOL is stored as TRUE; its value says which). */
export const TType = {
  TRUE: 1,
  FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
} as const;

export type TValue = boolean | number | bigint | Uint8Array | TList | TMap | TStruct;

export interface TList {
  readonly elemType: number;
  readonly items: TValue[];
  /** SET (10) or LIST (9). */
  readonly setType: number;
}

export interface TMap {
  readonly keyType: number;
  readonly valueType: number;
  readonly entries: [TValue, TValue][];
}

export interface TField {
  readonly id: number;
  readonly type: number;
  value: TValue;
}

/** A struct: its fields in the order they came. */
export class TStruct {
  readonly fields: TField[] = [];

  get(id: number): TValue | undefined {
    return this.fields.find((f) => f.id === id)?.value;
  }

  struct(id: number): TStruct | undefined {
    const v = this.get(id);
    return v instanceof TStruct ? v : undefined;
  }

  list(id: number): TList | undefined {
    const v = this.get(id);
    return typeof v === "object" && v !== null && "items" in v ? v : undefined;
  }

  /** Sets a field (added in id order when absent). */
  set(id: number, type: number, value: TValue): void {
    const f = this.fields.find((x) => x.id === id);
    if (f) {
      if (f.type !== type) throw malformed(`field ${id} changes type`);
      f.value = value;
      return;
    }
    const at = this.fields.findIndex((x) => x.id > id);
    this.fields.splice(at < 0 ? this.fields.length : at, 0, { id, type, value });
  }
}

const malformed = (what: string) => new RowforgeError("RF_INTERNAL", `Parquet metadata: ${what}`);

class Reader {
  pos = 0;
  private readonly buf: Uint8Array;

  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  byte(): number {
    if (this.pos >= this.buf.length) throw malformed("ends early");
    return this.buf[this.pos++]!;
  }

  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 70n) throw malformed("a varint is too long");
    }
  }

  zigzag(): bigint {
    const n = this.varint();
    return (n >> 1n) ^ -(n & 1n);
  }

  value(type: number): TValue {
    switch (type) {
      case TType.TRUE:
      case TType.FALSE:
        return this.byte() === 1;
      case TType.BYTE: {
        const b = this.byte();
        return b > 127 ? b - 256 : b;
      }
      case TType.I16:
      case TType.I32:
        return Number(this.zigzag());
      case TType.I64:
        return this.zigzag();
      case TType.DOUBLE: {
        if (this.pos + 8 > this.buf.length) throw malformed("ends early");
        const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true);
        this.pos += 8;
        return v;
      }
      case TType.BINARY: {
        const n = Number(this.varint());
        if (this.pos + n > this.buf.length) throw malformed("ends early");
        const v = this.buf.slice(this.pos, this.pos + n);
        this.pos += n;
        return v;
      }
      case TType.LIST:
      case TType.SET: {
        const head = this.byte();
        const elemType = head & 0x0f;
        const size = head >> 4 === 0x0f ? Number(this.varint()) : head >> 4;
        const items: TValue[] = [];
        for (let i = 0; i < size; i++) items.push(this.value(elemType));
        return { elemType, items, setType: type };
      }
      case TType.MAP: {
        const size = Number(this.varint());
        const kinds = size > 0 ? this.byte() : 0;
        const keyType = kinds >> 4;
        const valueType = kinds & 0x0f;
        const entries: [TValue, TValue][] = [];
        for (let i = 0; i < size; i++) entries.push([this.value(keyType), this.value(valueType)]);
        return { keyType, valueType, entries };
      }
      case TType.STRUCT:
        return this.struct();
      default:
        throw malformed(`unknown type ${type}`);
    }
  }

  struct(): TStruct {
    const s = new TStruct();
    let last = 0;
    for (;;) {
      const head = this.byte();
      if (head === 0) return s;
      const type = head & 0x0f;
      const delta = head >> 4;
      const id = delta === 0 ? Number(this.zigzag()) : last + delta;
      last = id;
      if (type === TType.TRUE || type === TType.FALSE) {
        s.fields.push({ id, type: TType.TRUE, value: type === TType.TRUE });
      } else s.fields.push({ id, type, value: this.value(type) });
    }
  }
}

class Writer {
  private buf = new Uint8Array(1024);
  private len = 0;

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.len++] = b & 0xff;
  }

  varint(n: bigint): void {
    let v = n;
    do {
      const low = Number(v & 0x7fn);
      v >>= 7n;
      this.byte(v > 0n ? low | 0x80 : low);
    } while (v > 0n);
  }

  zigzag(n: bigint): void {
    this.varint(n >= 0n ? n << 1n : (-n << 1n) - 1n);
  }

  value(type: number, v: TValue): void {
    switch (type) {
      case TType.TRUE:
      case TType.FALSE:
        this.byte(v === true ? 1 : 2);
        return;
      case TType.BYTE:
        this.byte(Number(v));
        return;
      case TType.I16:
      case TType.I32:
      case TType.I64:
        this.zigzag(BigInt(v as number | bigint));
        return;
      case TType.DOUBLE: {
        this.ensure(8);
        new DataView(this.buf.buffer, this.len, 8).setFloat64(0, v as number, true);
        this.len += 8;
        return;
      }
      case TType.BINARY: {
        const bytes = v as Uint8Array;
        this.varint(BigInt(bytes.length));
        this.ensure(bytes.length);
        this.buf.set(bytes, this.len);
        this.len += bytes.length;
        return;
      }
      case TType.LIST:
      case TType.SET: {
        const l = v as TList;
        if (l.items.length < 15) this.byte((l.items.length << 4) | l.elemType);
        else {
          this.byte(0xf0 | l.elemType);
          this.varint(BigInt(l.items.length));
        }
        for (const item of l.items) this.value(l.elemType, item);
        return;
      }
      case TType.MAP: {
        const m = v as TMap;
        this.varint(BigInt(m.entries.length));
        if (m.entries.length === 0) return;
        this.byte((m.keyType << 4) | m.valueType);
        for (const [k, val] of m.entries) {
          this.value(m.keyType, k);
          this.value(m.valueType, val);
        }
        return;
      }
      case TType.STRUCT:
        this.struct(v as TStruct);
        return;
      default:
        throw malformed(`unknown type ${type}`);
    }
  }

  struct(s: TStruct): void {
    let last = 0;
    for (const f of s.fields) {
      const type =
        f.type === TType.TRUE || f.type === TType.FALSE ? (f.value ? TType.TRUE : TType.FALSE) : f.type;
      const delta = f.id - last;
      if (delta > 0 && delta <= 15) this.byte((delta << 4) | type);
      else {
        this.byte(type);
        this.zigzag(BigInt(f.id));
      }
      last = f.id;
      if (type !== TType.TRUE && type !== TType.FALSE) this.value(type, f.value);
    }
    this.byte(0);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Reads one struct from the start of `bytes`. */
export function readStruct(bytes: Uint8Array): TStruct {
  return new Reader(bytes).struct();
}

/** The compact-protocol bytes of a struct. */
export function writeStruct(s: TStruct): Uint8Array {
  const w = new Writer();
  w.struct(s);
  return w.finish();
}
