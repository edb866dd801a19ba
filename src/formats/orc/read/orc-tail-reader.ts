import { type FileHandle, open } from "node:fs/promises";
import { COMPRESSION_BY_CODE, decompressStream } from "./decompress.ts";
import { orcReadError } from "./orc-read-error.ts";
import { packedVarints, protoFields, protoText } from "./proto-reader.ts";

/** One node of the file's type tree (its index is its column id). */
export interface OrcTypeNode {
  readonly kind: number;
  readonly subtypes: readonly number[];
  readonly fieldNames: readonly string[];
  readonly precision: number;
  readonly scale: number;
}

export interface OrcStripeInfo {
  readonly offset: number;
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  readonly rows: number;
}

/** What the tail of an ORC file says: compression, the type tree, the stripes and the row count. */
export interface OrcTail {
  readonly compression: number;
  readonly types: readonly OrcTypeNode[];
  readonly stripes: readonly OrcStripeInfo[];
  readonly rows: number;
}

/** Reads `length` bytes at `position` of an open file. */
export async function readAt(fh: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buf = new Uint8Array(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0)
      throw orcReadError(`the file ends at ${position + done}, inside what its footer points at`);
    done += bytesRead;
  }
  return buf;
}

/** Opens an ORC file and reads its PostScript and Footer (the Metadata of stripe statistics is not needed). */
export async function readOrcTail(path: string): Promise<{ fh: FileHandle; tail: OrcTail }> {
  const fh = await open(path, "r");
  try {
    const size = (await fh.stat()).size;
    const head = await readAt(fh, 0, Math.min(3, size));
    if (size < 4 || new TextDecoder().decode(head) !== "ORC")
      throw orcReadError("the file does not start with ORC's magic bytes (not an ORC file)");
    const last = await readAt(fh, Math.max(0, size - 256), Math.min(256, size));
    const psLength = last[last.length - 1]!;
    if (psLength + 1 > size) throw orcReadError("the PostScript length points before the file's start");
    const ps = await readAt(fh, size - 1 - psLength, psLength);
    let footerLength = 0;
    let compression = 0;
    let metadataLength = 0;
    let magic = "";
    for (const f of protoFields(ps)) {
      if (f.field === 1) footerLength = f.varint;
      else if (f.field === 2) compression = f.varint;
      else if (f.field === 5) metadataLength = f.varint;
      else if (f.field === 8000) magic = protoText(f);
    }
    if (magic !== "ORC") throw orcReadError("no ORC PostScript at the end of the file (not an ORC file)");
    if (COMPRESSION_BY_CODE[compression] === undefined)
      throw orcReadError(`unknown ORC compression code ${compression}`);
    const footerAt = size - 1 - psLength - footerLength;
    if (footerAt < 0 || metadataLength < 0)
      throw orcReadError("the footer length points before the file's start");
    const footer = decompressStream(compression, await readAt(fh, footerAt, footerLength));
    const types: OrcTypeNode[] = [];
    const stripes: OrcStripeInfo[] = [];
    let rows = 0;
    for (const f of protoFields(footer)) {
      if (f.field === 3 && f.bytes) {
        const s = { offset: 0, indexLength: 0, dataLength: 0, footerLength: 0, rows: 0 };
        for (const g of protoFields(f.bytes)) {
          if (g.field === 1) s.offset = g.varint;
          else if (g.field === 2) s.indexLength = g.varint;
          else if (g.field === 3) s.dataLength = g.varint;
          else if (g.field === 4) s.footerLength = g.varint;
          else if (g.field === 5) s.rows = g.varint;
        }
        stripes.push(s);
      } else if (f.field === 4 && f.bytes) {
        const t = { kind: 0, subtypes: [] as number[], fieldNames: [] as string[], precision: 0, scale: 0 };
        for (const g of protoFields(f.bytes)) {
          if (g.field === 1) t.kind = g.varint;
          else if (g.field === 2) t.subtypes.push(...packedVarints(g));
          else if (g.field === 3) t.fieldNames.push(protoText(g));
          else if (g.field === 5) t.precision = g.varint;
          else if (g.field === 6) t.scale = g.varint;
        }
        types.push(t);
      } else if (f.field === 6) rows = f.varint;
    }
    if (types.length === 0) throw orcReadError("the footer has no type tree");
    return { fh, tail: { compression, types, stripes, rows } };
  } catch (e) {
    await fh.close();
    throw e;
  }
}

/** A stripe's streams (decompressed on demand) and column encodings, from its footer. */
export interface StripeStreams {
  /** The bytes of a column's stream of a kind, or undefined when the stripe has none. */
  stream(column: number, kind: number): Uint8Array | undefined;
  /** ColumnEncoding.kind and dictionarySize of a column. */
  encoding(column: number): { kind: number; dictionarySize: number };
}

/** Reads one stripe's bytes and footer. */
export async function readStripe(fh: FileHandle, tail: OrcTail, s: OrcStripeInfo): Promise<StripeStreams> {
  const bytes = await readAt(fh, s.offset, s.indexLength + s.dataLength + s.footerLength);
  const footer = decompressStream(tail.compression, bytes.subarray(s.indexLength + s.dataLength));
  const raw = new Map<string, Uint8Array>();
  const encodings: { kind: number; dictionarySize: number }[] = [];
  let at = 0;
  for (const f of protoFields(footer)) {
    if (f.field === 1 && f.bytes) {
      let kind = 0;
      let column = 0;
      let length = 0;
      for (const g of protoFields(f.bytes)) {
        if (g.field === 1) kind = g.varint;
        else if (g.field === 2) column = g.varint;
        else if (g.field === 3) length = g.varint;
      }
      if (at + length > s.indexLength + s.dataLength) throw orcReadError("a stream runs past its stripe");
      raw.set(`${column}:${kind}`, bytes.subarray(at, at + length));
      at += length;
    } else if (f.field === 2 && f.bytes) {
      const e = { kind: 0, dictionarySize: 0 };
      for (const g of protoFields(f.bytes)) {
        if (g.field === 1) e.kind = g.varint;
        else if (g.field === 2) e.dictionarySize = g.varint;
      }
      encodings.push(e);
    }
  }
  return {
    stream: (column, kind) => {
      const b = raw.get(`${column}:${kind}`);
      return b === undefined ? undefined : decompressStream(tail.compression, b);
    },
    encoding: (column) => encodings[column] ?? { kind: 0, dictionarySize: 0 },
  };
}
