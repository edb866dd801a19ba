import type { ProtoWriter } from "../protobuf/proto-writer.ts";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL_LIMIT = 10n ** 38n;
/** Longer string minimums and maximums are stored as bounds (the specification's 1024-byte rule). */
const MAX_STRING_STAT = 1024;

/**
 * Column statistics (ColumnStatistics): the number of non-null values and whether nulls were
 * seen, plus the per-type part. One instance covers a row group, a stripe or the whole file;
 * `merge` folds a finer one into a coarser one.
 */
export class ColumnStats {
  /** Set by the column writer: values in the row group, stripe or file. */
  count = 0;
  hasNull = false;
  /** Whether min/max hold a value (typed statistics). */
  protected seen = false;

  merge(other: ColumnStats): void {
    this.count += other.count;
    this.hasNull ||= other.hasNull;
  }

  write(w: ProtoWriter): void {
    w.uint(1, this.count);
    this.writeTyped(w);
    w.bool(10, this.hasNull);
  }

  protected writeTyped(_w: ProtoWriter): void {}
}

/** min/max of columns whose values compare with < and > (integers, dates, decimals, child counts). */
abstract class RangeStats<T extends number | bigint> extends ColumnStats {
  min: T;
  max: T;

  constructor(zero: T) {
    super();
    this.min = zero;
    this.max = zero;
  }

  protected include(v: T): void {
    if (!this.seen) {
      this.seen = true;
      this.min = v;
      this.max = v;
    } else if (v < this.min) this.min = v;
    else if (v > this.max) this.max = v;
  }

  override merge(other: ColumnStats): void {
    const o = other as RangeStats<T>;
    if (o.seen) {
      if (!this.seen || o.min < this.min) this.min = o.min;
      if (!this.seen || o.max > this.max) this.max = o.max;
      this.seen = true;
    }
    super.merge(other);
  }
}

/** min/max and a sum that is dropped (null) once it leaves the range the type can store. */
abstract class SummedRangeStats extends RangeStats<number | bigint> {
  sum: number | bigint | null = 0;

  constructor() {
    super(0);
  }

  /** Whether a sum can be stored. */
  protected abstract sumFits(sum: bigint): boolean;

  protected addSum(v: number | bigint): void {
    if (this.sum === null) return;
    if (typeof this.sum === "number" && typeof v === "number" && Number.isSafeInteger(this.sum + v)) {
      this.sum += v;
      return;
    }
    const s = BigInt(this.sum) + BigInt(v);
    this.sum = this.sumFits(s) ? s : null;
  }

  override merge(other: ColumnStats): void {
    const o = other as SummedRangeStats;
    if (o.sum === null) this.sum = null;
    else this.addSum(o.sum);
    super.merge(other);
  }
}

/** min/max/sum of byte, short, int and long columns; the sum is dropped once it leaves int64. */
export class IntegerStats extends SummedRangeStats {
  add(v: number): void {
    this.include(v);
    this.addSum(v);
  }

  addBig(v: bigint): void {
    this.include(v);
    this.addSum(v);
  }

  protected sumFits(sum: bigint): boolean {
    return sum >= INT64_MIN && sum <= INT64_MAX;
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(2, (m) => {
      if (this.seen) m.sint(1, this.min).sint(2, this.max);
      if (this.sum !== null) m.sint(3, this.sum);
    });
  }
}

/** One total that adds up across row groups and stripes (lengths, true values, sums of doubles). */
abstract class TotalStats extends ColumnStats {
  sum = 0;

  override merge(other: ColumnStats): void {
    this.sum += (other as TotalStats).sum;
    super.merge(other);
  }
}

/** min/max/sum of float and double columns; NaN takes no part in min/max, a non-finite sum is dropped. */
export class DoubleStats extends TotalStats {
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  add(v: number): void {
    this.sum += v;
    if (Number.isNaN(v)) return;
    this.seen = true;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  override merge(other: ColumnStats): void {
    const o = other as DoubleStats;
    if (o.seen) {
      this.seen = true;
      this.min = Math.min(this.min, o.min);
      this.max = Math.max(this.max, o.max);
    }
    super.merge(other);
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(3, (m) => {
      if (this.seen) m.double(1, this.min).double(2, this.max);
      if (Number.isFinite(this.sum)) m.double(3, this.sum);
    });
  }
}

/** min/max (UTF-8 byte order) and total length of string columns. */
export class StringStats extends TotalStats {
  min: Uint8Array | null = null;
  max: Uint8Array | null = null;

  /** Takes a value's bytes; the caller has already compared them, so min/max are copies it owns. */
  setBounds(min: Uint8Array, max: Uint8Array): void {
    if (this.min === null || compareBytes(min, this.min) < 0) this.min = min;
    if (this.max === null || compareBytes(max, this.max) > 0) this.max = max;
  }

  override merge(other: ColumnStats): void {
    const o = other as StringStats;
    if (o.min && o.max) this.setBounds(o.min, o.max);
    super.merge(other);
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(4, (m) => {
      if (this.min && this.max) {
        if (this.min.length <= MAX_STRING_STAT) m.bytes(1, this.min);
        if (this.max.length <= MAX_STRING_STAT) m.bytes(2, this.max);
      }
      m.sint(3, this.sum);
      if (this.min && this.min.length > MAX_STRING_STAT) m.bytes(4, utf8Prefix(this.min));
      const upper = this.max && this.max.length > MAX_STRING_STAT ? upperBound(this.max) : null;
      if (upper) m.bytes(5, upper);
    });
  }
}

/** Total byte length of binary columns. */
export class BinaryStats extends TotalStats {
  protected override writeTyped(w: ProtoWriter): void {
    w.message(8, (m) => m.sint(1, this.sum));
  }
}

/** The number of true values of boolean columns (the false count follows from the value count). */
export class BooleanStats extends TotalStats {
  protected override writeTyped(w: ProtoWriter): void {
    w.message(5, (m) => m.packedUints(1, [this.sum]));
  }
}

/** min/max as days since 1970-01-01 for date columns. */
export class DateStats extends RangeStats<number> {
  constructor() {
    super(0);
  }

  add(v: number): void {
    this.include(v);
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(7, (m) => {
      if (this.seen) m.sint(1, this.min).sint(2, this.max);
    });
  }
}

/** min/max of timestamp columns: UTC milliseconds plus the nanoseconds below the millisecond. */
export class TimestampStats extends ColumnStats {
  minSec = 0;
  minNanos = 0;
  maxSec = 0;
  maxNanos = 0;

  add(sec: number, nanos: number): void {
    if (!this.seen) {
      this.seen = true;
      this.minSec = this.maxSec = sec;
      this.minNanos = this.maxNanos = nanos;
    } else this.include(sec, nanos);
  }

  private include(sec: number, nanos: number): void {
    if (sec < this.minSec || (sec === this.minSec && nanos < this.minNanos)) {
      this.minSec = sec;
      this.minNanos = nanos;
    }
    if (sec > this.maxSec || (sec === this.maxSec && nanos > this.maxNanos)) {
      this.maxSec = sec;
      this.maxNanos = nanos;
    }
  }

  override merge(other: ColumnStats): void {
    const o = other as TimestampStats;
    if (o.seen && !this.seen) {
      this.seen = true;
      this.minSec = o.minSec;
      this.minNanos = o.minNanos;
      this.maxSec = o.maxSec;
      this.maxNanos = o.maxNanos;
    } else if (o.seen) {
      this.include(o.minSec, o.minNanos);
      this.include(o.maxSec, o.maxNanos);
    }
    super.merge(other);
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(9, (m) => {
      if (!this.seen) return;
      const minNs = this.minNanos % 1_000_000;
      const maxNs = this.maxNanos % 1_000_000;
      m.sint(3, this.minSec * 1000 + Math.floor(this.minNanos / 1_000_000));
      m.sint(4, this.maxSec * 1000 + Math.floor(this.maxNanos / 1_000_000));
      // Stored plus one, so that the protobuf default 0 reads as "not recorded".
      if (minNs !== 0) m.uint(5, minNs + 1);
      if (maxNs !== 999_999) m.uint(6, maxNs + 1);
    });
  }
}

/** min/max/sum of decimal columns as decimal strings; the sum is dropped past 38 digits. */
export class DecimalStats extends SummedRangeStats {
  private readonly scale: number;

  constructor(scale: number) {
    super();
    this.scale = scale;
  }

  add(unscaled: number | bigint): void {
    this.include(unscaled);
    this.addSum(unscaled);
  }

  protected sumFits(sum: bigint): boolean {
    return sum > -DECIMAL_LIMIT && sum < DECIMAL_LIMIT;
  }

  protected override writeTyped(w: ProtoWriter): void {
    w.message(6, (m) => {
      if (this.seen)
        m.string(1, decimalText(this.min, this.scale)).string(2, decimalText(this.max, this.scale));
      if (this.sum !== null) m.string(3, decimalText(this.sum, this.scale));
    });
  }
}

/** Child counts of list and map columns: the fewest and most children of a value, and their total. */
export class CollectionStats extends RangeStats<number> {
  totalChildren = 0;

  constructor() {
    super(0);
  }

  add(children: number): void {
    this.include(children);
    this.totalChildren += children;
  }

  override merge(other: ColumnStats): void {
    this.totalChildren += (other as CollectionStats).totalChildren;
    super.merge(other);
  }

  protected override writeTyped(w: ProtoWriter): void {
    if (!this.seen) return;
    w.message(12, (m) => m.uint(1, this.min).uint(2, this.max).uint(3, this.totalChildren));
  }
}

/** Unscaled integer and scale as decimal text: (12345, 2) → "123.45". */
export function decimalText(unscaled: number | bigint, scale: number): string {
  const negative = unscaled < 0;
  let digits = (negative ? -BigInt(unscaled) : BigInt(unscaled)).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Unsigned lexicographic comparison of byte strings (the order of UTF-8 code points). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The longest prefix of at most 1024 bytes that ends on a UTF-8 character boundary. */
function utf8Prefix(bytes: Uint8Array): Uint8Array {
  let end = MAX_STRING_STAT;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** A string of at most 1024 bytes above every string with this prefix: the prefix with its last character incremented. */
function upperBound(bytes: Uint8Array): Uint8Array | null {
  const prefix = new TextDecoder().decode(utf8Prefix(bytes));
  const chars = Array.from(prefix);
  const last = chars.pop();
  if (last === undefined) return null;
  let cp = last.codePointAt(0)! + 1;
  if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xe000;
  if (cp > 0x10ffff) return null;
  return new TextEncoder().encode(chars.join("") + String.fromCodePoint(cp));
}
