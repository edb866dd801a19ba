import { type Data, DataType, type Decimal } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { decimalReader } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeBytes, writeLong } from "./avro-binary.ts";
import { numbersOf } from "./avro-column-numbers.ts";
import type { AvroComplex } from "./avro-schema.ts";
import { type AvroValueWriter, type AvroWriterScope, mismatch } from "./avro-writer-scope.ts";

/**
 * Decimals as Avro writes them: the unscaled value at the schema's scale, big-endian two's
 * complement, as bytes (with their length) or as `size` fixed bytes.
 */
export function decimalWriter(
  s: AvroComplex,
  size: number | undefined,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  const scale = s.scale === undefined ? 0 : Number(s.scale);
  let unscaled: (i: number) => bigint;
  const t = data.type;
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const diff = scale - (t as Decimal).scale;
    const f = 10n ** BigInt(Math.abs(diff));
    unscaled = diff === 0 ? read : diff > 0 ? (i) => read(i) * f : (i) => read(i) / f;
  } else {
    const read = numbersOf(data);
    if (!read) throw mismatch(scope, at, `decimal(${s.precision},${scale})`, data);
    unscaled = (i) => BigInt(Math.round(read(i) * 10 ** scale));
  }
  const small = DataType.isDecimal(t) && scale === (t as Decimal).scale ? smallDecimals(data) : undefined;
  return (out, i) => {
    if (small) {
      const v = small(i);
      if (v !== undefined && writeSmallTwosComplement(out, v, size, size === undefined)) return;
    }
    const bytes = twosComplement(unscaled(i), size);
    if (size === undefined) writeBytes(out, bytes);
    else {
      if (bytes.length > size)
        throw new RowforgeError(
          "RF_SCHEMA_VALUE_INVALID",
          `${scope.where}: field ${at} has a decimal too large for its ${size} fixed bytes`,
        );
      out.bytes(bytes);
    }
  };
}

/** Decimal128 values of a column as numbers when they are small (|v| < 2^47), else undefined (the BigInt path). */
function smallDecimals(data: Data): (i: number) => number | undefined {
  const words = data.values as Uint32Array;
  return (i) => {
    const k = i * 4;
    const hi = words[k + 1]! | 0;
    const ext = hi < 0 ? 0xffffffff : 0;
    if (words[k + 2] !== ext || words[k + 3] !== ext) return undefined;
    const v = hi * 4294967296 + words[k]!;
    return v < 140737488355328 && v >= -140737488355328 ? v : undefined;
  };
}

/** A small whole number as big-endian two's complement in the fewest bytes (at most 6), or sign-extended to `size`. */
function writeSmallTwosComplement(
  out: ByteSink,
  v: number,
  size: number | undefined,
  length: boolean,
): boolean {
  let n = 1;
  while (v >= 2 ** (8 * n - 1) || v < -(2 ** (8 * n - 1))) n++;
  const len = size ?? n;
  if (len < n) return false;
  if (length) writeLong(out, len);
  out.ensure(len);
  const b = out.buf;
  const p = out.pos;
  const pad = v < 0 ? 255 : 0;
  for (let k = 0; k < len - n; k++) b[p + k] = pad;
  let x = v < 0 ? 2 ** (8 * n) + v : v;
  for (let k = len - 1; k >= len - n; k--) {
    b[p + k] = x % 256;
    x = Math.floor(x / 256);
  }
  out.pos = p + len;
  return true;
}

/** Big-endian two's complement, in the fewest bytes (or sign-extended to `size`). */
function twosComplement(v: bigint, size: number | undefined): Uint8Array {
  let n = 1;
  while (v >= 1n << BigInt(8 * n - 1) || v < -(1n << BigInt(8 * n - 1))) n++;
  const len = size === undefined ? n : Math.max(size, n);
  const out = new Uint8Array(len);
  let x = v < 0n ? (1n << BigInt(8 * len)) + v : v;
  for (let k = len - 1; k >= 0; k--) {
    out[k] = Number(x & 255n);
    x >>= 8n;
  }
  return out;
}
