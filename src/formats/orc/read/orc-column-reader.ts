import { allocateColumn, type Column, decimalFitsDouble } from "../../../engine/index.ts";
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import { OrcKind } from "../orc-schema.ts";
import { StreamKind } from "../stripe-sink.ts";
import { ORC_EPOCH_SECONDS } from "../timestamp-column.ts";
import { ByteStream, readBooleans, readByteRle, readInts } from "./int-rle-reader.ts";
import { orcReadError } from "./orc-read-error.ts";
import type { OrcTypeNode, StripeStreams } from "./orc-tail-reader.ts";

const VARCHAR = 16;
const CHAR = 17;

/** The Spark type of each ORC scalar kind (char and varchar are strings). */
const ORC_SCALAR_TYPES: ReadonlyMap<number, DataType> = new Map([
  [OrcKind.BOOLEAN, DataTypes.boolean],
  [OrcKind.BYTE, DataTypes.byte],
  [OrcKind.SHORT, DataTypes.short],
  [OrcKind.INT, DataTypes.int],
  [OrcKind.LONG, DataTypes.long],
  [OrcKind.FLOAT, DataTypes.float],
  [OrcKind.DOUBLE, DataTypes.double],
  [OrcKind.STRING, DataTypes.string],
  [VARCHAR, DataTypes.string],
  [CHAR, DataTypes.string],
  [OrcKind.BINARY, DataTypes.binary],
  [OrcKind.TIMESTAMP, DataTypes.timestamp],
  [OrcKind.TIMESTAMP_INSTANT, DataTypes.timestamp],
  [OrcKind.DATE, DataTypes.date],
]);

/** The Spark type of an ORC column; a union is refused. */
export function dataTypeOfOrc(types: readonly OrcTypeNode[], id: number): DataType {
  const t = types[id];
  if (!t) throw orcReadError(`the type tree has no column ${id}`);
  const scalar = ORC_SCALAR_TYPES.get(t.kind);
  if (scalar) return scalar;
  const child = (k: number) => dataTypeOfOrc(types, t.subtypes[k]!);
  switch (t.kind) {
    case OrcKind.DECIMAL:
      return DataTypes.decimal(t.precision || 38, t.precision ? t.scale : 10);
    case OrcKind.LIST:
      return DataTypes.array(child(0));
    case OrcKind.MAP:
      return DataTypes.map(child(0), child(1));
    case OrcKind.STRUCT:
      return DataTypes.struct(t.fieldNames.map((name, k) => ({ name, type: child(k), nullable: true })));
    default:
      throw orcReadError(
        `column ${id} is of ORC type kind ${t.kind} (a union or unknown), which rowforge cannot read`,
      );
  }
}

/**
 * Decodes the columns of one stripe into engine columns (engine/columns/column.ts): `read(id, n)`
 * decodes column `id` for its `n` entries (the stripe's rows at the root, the present rows of
 * a struct parent, the elements of a list).
 */
export class StripeColumnReader {
  private readonly types: readonly OrcTypeNode[];
  private readonly dataTypes: readonly DataType[];
  private readonly s: StripeStreams;
  constructor(types: readonly OrcTypeNode[], dataTypes: readonly DataType[], streams: StripeStreams) {
    this.types = types;
    this.dataTypes = dataTypes;
    this.s = streams;
  }

  private need(id: number, kind: number): Uint8Array {
    const b = this.s.stream(id, kind);
    if (b === undefined) throw orcReadError(`column ${id} has no stream of kind ${kind} in a stripe`);
    return b;
  }

  private v2(id: number): boolean {
    const k = this.s.encoding(id).kind;
    return k === 2 || k === 3;
  }

  read(id: number, n: number): Column {
    const t = this.types[id]!;
    const type = this.dataTypes[id]!;
    const presentBytes = this.s.stream(id, StreamKind.PRESENT);
    const present = presentBytes ? readBooleans(presentBytes, n) : undefined;
    let k = n;
    if (present) {
      k = 0;
      for (let i = 0; i < n; i++) k += present[i]!;
    }
    const col = allocateColumn(type, n);
    if (present && k < n) {
      const nulls = new Uint8Array(n);
      for (let i = 0; i < n; i++) nulls[i] = 1 - present[i]!;
      col.nulls = nulls;
    }
    /** Puts the k decoded values at the present rows. */
    const scatter = <T>(values: ArrayLike<T>, into: { [i: number]: T }) => {
      if (!present || k === n) {
        for (let i = 0; i < k; i++) into[i] = values[i]!;
        return;
      }
      for (let i = 0, j = 0; i < n; i++) if (present[i] === 1) into[i] = values[j++]!;
    };
    switch (t.kind) {
      case OrcKind.BOOLEAN:
        if (col.shape === "scalar")
          scatter(readBooleans(this.need(id, StreamKind.DATA), k), col.values as Uint8Array);
        return col;
      case OrcKind.BYTE: {
        if (col.shape !== "scalar") return col;
        const bytes = readByteRle(this.need(id, StreamKind.DATA), k);
        scatter(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), col.values as Int32Array);
        return col;
      }
      case OrcKind.SHORT:
      case OrcKind.INT:
      case OrcKind.LONG:
      case OrcKind.DATE:
        if (col.shape === "scalar")
          scatter(
            readInts(k === 0 ? new Uint8Array(0) : this.need(id, StreamKind.DATA), k, true, this.v2(id)),
            col.values as Float64Array,
          );
        return col;
      case OrcKind.FLOAT:
      case OrcKind.DOUBLE: {
        if (col.shape !== "scalar") return col;
        const size = t.kind === OrcKind.FLOAT ? 4 : 8;
        const data = k === 0 ? new Uint8Array(0) : this.need(id, StreamKind.DATA);
        if (data.length < k * size)
          throw orcReadError(`column ${id}'s DATA stream is shorter than its values`);
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        const values = new Float64Array(k);
        for (let i = 0; i < k; i++)
          values[i] = size === 4 ? view.getFloat32(i * 4, true) : view.getFloat64(i * 8, true);
        scatter(values, col.values as Float64Array);
        return col;
      }
      case OrcKind.STRING:
      case VARCHAR:
      case CHAR:
      case OrcKind.BINARY: {
        if (col.shape !== "scalar") return col;
        const text = t.kind !== OrcKind.BINARY;
        scatter(this.bytesValues(id, k, text), col.values as (string | Uint8Array)[]);
        return col;
      }
      case OrcKind.TIMESTAMP:
      case OrcKind.TIMESTAMP_INSTANT: {
        if (col.shape !== "scalar" || k === 0) return col;
        const secs = readInts(this.need(id, StreamKind.DATA), k, true, this.v2(id));
        const nanos = readInts(this.need(id, StreamKind.SECONDARY), k, false, this.v2(id));
        const micros = new Float64Array(k);
        for (let i = 0; i < k; i++) {
          const raw = nanos[i]!;
          const zeros = raw % 8;
          let ns = Math.floor(raw / 8);
          if (zeros !== 0) ns *= 10 ** (zeros + 1);
          let sec = secs[i]! + ORC_EPOCH_SECONDS;
          // Writers store a negative time with a millisecond fraction one second later.
          if (sec < 0 && ns > 999_999) sec -= 1;
          micros[i] = sec * 1_000_000 + Math.floor(ns / 1000);
        }
        scatter(micros, col.values as Float64Array);
        return col;
      }
      case OrcKind.DECIMAL: {
        if (col.shape !== "scalar" || type.kind !== "decimal" || k === 0) return col;
        const data = new ByteStream(this.need(id, StreamKind.DATA));
        const scales = readInts(this.need(id, StreamKind.SECONDARY), k, true, this.v2(id));
        const values: (bigint | number)[] = new Array(k);
        const asDouble = decimalFitsDouble(type.precision);
        for (let i = 0; i < k; i++) {
          let v = data.bigSvarint();
          const diff = type.scale - scales[i]!;
          if (diff > 0) v *= 10n ** BigInt(diff);
          else if (diff < 0) v /= 10n ** BigInt(-diff);
          values[i] = asDouble ? Number(v) : v;
        }
        scatter(values, col.values as (bigint | number)[]);
        return col;
      }
      case OrcKind.LIST:
      case OrcKind.MAP: {
        if (col.shape !== "list" && col.shape !== "map") return col;
        const lengths = readInts(
          k === 0 ? new Uint8Array(0) : this.need(id, StreamKind.LENGTH),
          k,
          false,
          this.v2(id),
        );
        let total = 0;
        for (let i = 0, j = 0; i < n; i++) {
          if (!present || present[i] === 1) total += lengths[j++]!;
          col.offsets[i + 1] = total;
        }
        if (col.shape === "list") col.element = this.read(t.subtypes[0]!, total);
        else {
          col.keys = this.read(t.subtypes[0]!, total);
          col.values = this.read(t.subtypes[1]!, total);
        }
        return col;
      }
      case OrcKind.STRUCT: {
        if (col.shape !== "struct") return col;
        for (let c = 0; c < t.subtypes.length; c++) {
          const child = this.read(t.subtypes[c]!, k);
          col.children[c] = present && k < n ? spread(child, present, n) : child;
        }
        return col;
      }
      default:
        throw orcReadError(`column ${id} is of ORC type kind ${t.kind}, which rowforge cannot read`);
    }
  }

  /** The k values of a string or binary column, direct or dictionary encoded. */
  private bytesValues(id: number, k: number, text: boolean): (string | Uint8Array)[] {
    if (k === 0) return [];
    const enc = this.s.encoding(id);
    const v2 = enc.kind === 2 || enc.kind === 3;
    const decoder = new TextDecoder();
    const slice = (data: Uint8Array, lengths: Float64Array, count: number): (string | Uint8Array)[] => {
      const out: (string | Uint8Array)[] = new Array(count);
      let at = 0;
      for (let i = 0; i < count; i++) {
        const len = lengths[i]!;
        if (at + len > data.length)
          throw orcReadError(`column ${id}'s DATA stream is shorter than its lengths`);
        const b = data.subarray(at, at + len);
        out[i] = text ? decoder.decode(b) : b.slice();
        at += len;
      }
      return out;
    };
    if (enc.kind === 1 || enc.kind === 3) {
      const size = enc.dictionarySize;
      const dictData = this.s.stream(id, StreamKind.DICTIONARY_DATA) ?? new Uint8Array(0);
      const lengths = readInts(
        size === 0 ? new Uint8Array(0) : this.need(id, StreamKind.LENGTH),
        size,
        false,
        v2,
      );
      const dict = slice(dictData, lengths, size);
      const indices = readInts(this.need(id, StreamKind.DATA), k, false, v2);
      const out: (string | Uint8Array)[] = new Array(k);
      for (let i = 0; i < k; i++) {
        const v = dict[indices[i]!];
        if (v === undefined) throw orcReadError(`column ${id} points past its dictionary of ${size} entries`);
        out[i] = v;
      }
      return out;
    }
    const lengths = readInts(this.need(id, StreamKind.LENGTH), k, false, v2);
    return slice(this.s.stream(id, StreamKind.DATA) ?? new Uint8Array(0), lengths, k);
  }
}

/** A struct child decoded for the struct's present rows, spread over all its rows (null where the struct is). */
function spread(col: Column, present: Uint8Array, n: number): Column {
  const out = allocateColumn(col.type, n);
  const nulls = new Uint8Array(n);
  const map = new Int32Array(n);
  for (let i = 0, j = 0; i < n; i++) {
    if (present[i] === 1) {
      map[i] = j;
      nulls[i] = col.nulls?.[j] ?? 0;
      j++;
    } else {
      map[i] = -1;
      nulls[i] = 1;
    }
  }
  out.nulls = nulls;
  switch (out.shape) {
    case "scalar": {
      const from = (col as typeof out).values as unknown as unknown[];
      const to = out.values as unknown as unknown[];
      for (let i = 0; i < n; i++) if (map[i]! >= 0) to[i] = from[map[i]!];
      return out;
    }
    case "list":
    case "map": {
      const src = col as typeof out;
      for (let i = 0; i < n; i++) {
        const j = map[i]!;
        out.offsets[i + 1] = j >= 0 ? src.offsets[j + 1]! : out.offsets[i]!;
      }
      if (out.shape === "list" && src.shape === "list") out.element = src.element;
      if (out.shape === "map" && src.shape === "map") {
        out.keys = src.keys;
        out.values = src.values;
      }
      return out;
    }
    case "struct": {
      const src = col as typeof out;
      // The child's own children cover its present rows: spread them over the parent's present rows too.
      const mask = new Uint8Array(n);
      for (let i = 0; i < n; i++) mask[i] = map[i]! >= 0 ? 1 : 0;
      for (let c = 0; c < src.children.length; c++) out.children[c] = spread(src.children[c]!, mask, n);
      return out;
    }
  }
}
