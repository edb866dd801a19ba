import { RowforgeError } from "../../errors/index.ts";
import type { EncodedSegment, SegmentAssembler } from "../format.ts";
import { readStruct, type TList, TStruct, TType, writeStruct } from "./thrift-compact.ts";

/**
 * Parquet files put together from row groups encoded apart. A worker writes its rows as a
 * whole Parquet file of one row group (parquet-wasm); the segment is that file and its footer
 * (column chunks, then their column and offset indexes, then the footer). The calling thread appends the
 * column chunks, keeps the indexes (a few bytes per page) until the end, and writes them and one
 * footer listing every row group, each offset moved by where its row group landed.
 */

const MAGIC = new TextEncoder().encode("PAR1");

/** FileMetaData, RowGroup, ColumnChunk, ColumnMetaData, OffsetIndex and PageLocation field ids. */
const F = {
  fileNumRows: 3,
  fileRowGroups: 4,
  groupColumns: 1,
  groupFileOffset: 5,
  groupOrdinal: 7,
  chunkFileOffset: 2,
  chunkMeta: 3,
  chunkOffsetIndexOffset: 4,
  chunkOffsetIndexLength: 5,
  chunkColumnIndexOffset: 6,
  chunkColumnIndexLength: 7,
  metaDataPageOffset: 9,
  metaIndexPageOffset: 10,
  metaDictionaryPageOffset: 11,
  metaBloomFilterOffset: 14,
  offsetIndexPages: 1,
  pageOffset: 1,
} as const;

/** What crosses from the worker with a row group's bytes. */
export interface ParquetSegmentMeta {
  /** The one-row-group file's FileMetaData (compact Thrift). */
  readonly footer: Uint8Array;
}

const broken = (what: string) => new RowforgeError("RF_INTERNAL", `Parquet row group: ${what}`);

/** A whole Parquet file of one row group as a segment: the file, and its footer apart. */
export function segmentOfFile(file: Uint8Array, rows: number): EncodedSegment {
  const n = file.length;
  const tail = new DataView(file.buffer, file.byteOffset + n - 8, 8);
  const footerLength = tail.getUint32(0, true);
  const footerStart = n - 8 - footerLength;
  if (footerStart < 4 || tail.getUint32(4, true) !== 0x31524150) throw broken("not a Parquet file");
  const meta: ParquetSegmentMeta = { footer: new Uint8Array(file.subarray(footerStart, n - 8)) };
  // The whole file crosses (its buffer is transferred, not copied); the assembler takes its body.
  return { bytes: file, meta, rows };
}

const asBig = (v: unknown): bigint | undefined => (typeof v === "bigint" ? v : undefined);

/** Moves an i64 offset field by `delta` when present. */
function shift(s: TStruct, id: number, delta: bigint): void {
  const v = asBig(s.get(id));
  if (v !== undefined) s.set(id, TType.I64, v + delta);
}

interface PendingIndex {
  readonly chunk: TStruct;
  readonly offsetField: number;
  readonly lengthField: number;
  readonly bytes: Uint8Array;
}

export class ParquetAssembler implements SegmentAssembler {
  private offset = 0;
  private rows = 0n;
  private readonly groups: TStruct[] = [];
  private readonly columnIndexes: PendingIndex[] = [];
  private readonly offsetIndexes: PendingIndex[] = [];
  private template: TStruct | undefined;
  private readonly empty: () => Uint8Array[];

  /** `empty`: the bytes of a file with no row (a step of no rows). */
  constructor(empty: () => Uint8Array[]) {
    this.empty = empty;
  }

  append(segment: EncodedSegment): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (this.offset === 0) {
      out.push(MAGIC.slice());
      this.offset = MAGIC.length;
    }
    const { footer } = segment.meta as ParquetSegmentMeta;
    if (segment.bytes.length < 12 + footer.length) throw broken("a segment is shorter than its footer");
    const meta = readStruct(footer);
    const groups = meta.list(F.fileRowGroups)?.items ?? [];
    const g = groups[0];
    if (groups.length !== 1 || !(g instanceof TStruct))
      throw broken("a segment must hold exactly one row group");
    const chunks = (g.list(F.groupColumns)?.items ?? []) as TStruct[];
    // The segment is the worker's whole file: "PAR1", the column chunks, their indexes (from the
    // first index offset on), the footer.
    const bodyStart = 4n;
    let dataEnd = BigInt(segment.bytes.length - 8 - footer.length);
    for (const c of chunks) {
      for (const id of [F.chunkColumnIndexOffset, F.chunkOffsetIndexOffset]) {
        const at = asBig(c.get(id));
        if (at !== undefined && at < dataEnd) dataEnd = at;
      }
    }
    const delta = BigInt(this.offset) - bodyStart;
    const slice = (at: bigint, length: unknown): Uint8Array => {
      const from = Number(at);
      // A copy: the segment's memory is released once its data is written.
      return new Uint8Array(segment.bytes.subarray(from, from + Number(length)));
    };
    for (const c of chunks) {
      // Deprecated, and 0 from parquet-rs: moved only when a writer filled it in.
      if ((asBig(c.get(F.chunkFileOffset)) ?? 0n) > 0n) shift(c, F.chunkFileOffset, delta);
      const cm = c.struct(F.chunkMeta);
      if (cm)
        for (const id of [
          F.metaDataPageOffset,
          F.metaIndexPageOffset,
          F.metaDictionaryPageOffset,
          F.metaBloomFilterOffset,
        ])
          shift(cm, id, delta);
      const columnIndex = asBig(c.get(F.chunkColumnIndexOffset));
      if (columnIndex !== undefined) {
        this.columnIndexes.push({
          chunk: c,
          offsetField: F.chunkColumnIndexOffset,
          lengthField: F.chunkColumnIndexLength,
          bytes: slice(columnIndex, c.get(F.chunkColumnIndexLength)),
        });
      }
      const offsetIndex = asBig(c.get(F.chunkOffsetIndexOffset));
      if (offsetIndex !== undefined) {
        const index = readStruct(slice(offsetIndex, c.get(F.chunkOffsetIndexLength)));
        for (const page of (index.list(F.offsetIndexPages)?.items ?? []) as TStruct[])
          shift(page, F.pageOffset, delta);
        this.offsetIndexes.push({
          chunk: c,
          offsetField: F.chunkOffsetIndexOffset,
          lengthField: F.chunkOffsetIndexLength,
          bytes: writeStruct(index),
        });
      }
    }
    shift(g, F.groupFileOffset, delta);
    g.set(F.groupOrdinal, TType.I16, this.groups.length);
    this.groups.push(g);
    this.template ??= meta;
    this.rows += BigInt(segment.rows);
    const data = segment.bytes.subarray(Number(bodyStart), Number(dataEnd));
    out.push(data);
    this.offset += data.length;
    return out;
  }

  end(): Uint8Array[] {
    const meta = this.template;
    if (!meta) return this.empty();
    const out: Uint8Array[] = [];
    // Column indexes, then offset indexes, as a Parquet writer lays them out.
    for (const p of [...this.columnIndexes, ...this.offsetIndexes]) {
      p.chunk.set(p.offsetField, TType.I64, BigInt(this.offset));
      p.chunk.set(p.lengthField, TType.I32, p.bytes.length);
      out.push(p.bytes);
      this.offset += p.bytes.length;
    }
    meta.set(F.fileNumRows, TType.I64, this.rows);
    const groups: TList = { elemType: TType.STRUCT, items: this.groups, setType: TType.LIST };
    meta.set(F.fileRowGroups, TType.LIST, groups);
    const footer = writeStruct(meta);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, footer.length, true);
    out.push(footer, length, MAGIC.slice());
    return out;
  }
}
