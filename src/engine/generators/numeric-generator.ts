import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { type Column, decimalFitsDouble } from "../columns/column.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import type { FieldGenerator } from "./field-generator.ts";

/** Data Caterer's default ranges per numeric type. */
export const NUMERIC_DEFAULTS: Readonly<Record<string, readonly [number, number]>> = {
  byte: [0, 127],
  short: [0, 1000],
  int: [0, 100000],
  long: [0, 100000],
  float: [0, 100000],
  double: [0, 100000],
  decimal: [0, 100000],
};

const LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  int: [-2147483648, 2147483647],
  long: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

export interface NumericSpec {
  readonly type: DataType;
  readonly options: FieldOptions;
  readonly key: number;
  readonly rowCount: number;
  /** Uniqueness asked for by the user (refused when impossible) or implied by a foreign key (best effort). */
  readonly unique: "none" | "explicit" | "implicit";
  readonly fieldPath: string;
}

/** Numbers in [min, max] (uniform, normal or exponential), rounded, unique by permutation, or incremental. */
export function createNumericGenerator(spec: NumericSpec): FieldGenerator {
  const { type, options: o } = spec;
  const kind = type.kind;
  const integral = kind === "int" || kind === "long" || kind === "short" || kind === "byte";
  const [defMin, defMax] = NUMERIC_DEFAULTS[kind] ?? [0, 100000];
  const min = typeof o.min === "number" ? o.min : o.min !== undefined ? Number(o.min) : defMin;
  let max = typeof o.max === "number" ? o.max : o.max !== undefined ? Number(o.max) : Math.max(defMax, min);
  const scale = type.kind === "decimal" ? type.scale : 0;
  const factor = 10 ** scale;
  const rnd = new RowRandom(spec.key);
  const write = writerFor(type);

  if (o.incremental !== undefined) {
    const start = o.incremental;
    return { type, fill: (pos, out) => fillEach(pos, out, (p) => start + p, write) };
  }

  if (spec.unique !== "none") {
    // Unique values are distinct points of the range the type can hold: whole numbers for
    // integral types, 10^-scale steps for decimals (10^-round when rounded), a fine grid for
    // doubles and floats; a permutation of the row index picks one point per row.
    const step = integral ? 1 : uniqueStep(kind, min, max, o.round, scale);
    const lo = Math.ceil(min / step - 1e-9);
    let hi = Math.floor(max / step + 1e-9);
    if (o.max === undefined && lo + spec.rowCount - 1 > hi) {
      hi = lo + spec.rowCount - 1;
      max = hi * step;
    }
    const size = hi - lo + 1;
    if (size >= spec.rowCount && size > 0) {
      const n = Math.min(size, Number.MAX_SAFE_INTEGER);
      const perm = createPermutation(n, spec.key);
      // Dividing by 10^k (not multiplying by 10^-k) gives the double nearest the decimal.
      const inv = step < 1 ? Math.round(1 / step) : 0;
      const at = inv > 0 ? (k: number) => k / inv : (k: number) => k * step;
      return { type, fill: (pos, out) => fillEach(pos, out, (p) => at(lo + perm(p % n)), write) };
    }
    if (spec.unique === "explicit") {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `field "${spec.fieldPath}" asks for ${spec.rowCount} unique values but the range ${min}..${max} holds only ${Math.max(size, 0)}${integral ? "" : ` in steps of ${step}`}`,
        { hint: "widen min/max, lower the record count, or drop isUnique" },
      );
    }
  }

  const span = max - min;
  const draw = distributionDraw(o, min, max, rnd);
  const round = o.round;
  return {
    type,
    fill(pos, out) {
      fillEach(
        pos,
        out,
        (p) => {
          rnd.at(p);
          if (integral) return draw ? Math.round(draw()) : min + rnd.int(Math.floor(span) + 1);
          let x = draw ? draw() : min + rnd.float() * span;
          if (round !== undefined) x = Math.round(x * 10 ** round) / 10 ** round;
          return kind === "decimal" ? Math.round(x * factor) / factor : x;
        },
        write,
      );
    },
  };
}

/**
 * The spacing of unique non-integral values: 10^-round when rounded, 10^-scale for decimals,
 * else the smallest power of ten that the type still tells apart across the range (about 2^-40
 * of the largest magnitude for doubles, 2^-20 for floats, which are stored in 32 bits).
 */
function uniqueStep(
  kind: string,
  min: number,
  max: number,
  round: number | undefined,
  scale: number,
): number {
  if (round !== undefined) return 10 ** -round;
  if (kind === "decimal") return 10 ** -scale;
  const magnitude = Math.max(Math.abs(min), Math.abs(max), 1);
  const finest = magnitude * 2 ** (kind === "float" ? -20 : -40);
  return 10 ** Math.ceil(Math.log10(finest));
}

function distributionDraw(
  o: FieldOptions,
  min: number,
  max: number,
  rnd: RowRandom,
): (() => number) | undefined {
  const clamp = (x: number) => Math.min(max, Math.max(min, x));
  if (o.distribution === "normal" || (o.mean !== undefined && o.stddev !== undefined)) {
    const mean = o.mean ?? (min + max) / 2;
    const sd = o.stddev ?? (max - min) / 6;
    return () => clamp(mean + sd * rnd.normal());
  }
  if (o.distribution === "exponential") {
    const rate = o.distributionRateParam ?? 1;
    return () => clamp(min + (max - min) * (-Math.log(1 - rnd.float()) / rate));
  }
  return undefined;
}

type Writer = (out: Column, i: number, x: number) => void;

function writerFor(type: DataType): Writer {
  const limits = LIMITS[type.kind];
  if (type.kind === "decimal") {
    const factor = 10 ** type.scale;
    if (decimalFitsDouble(type.precision)) {
      return (out, i, x) => {
        (out as { values: Float64Array }).values[i] = Math.round(x * factor);
      };
    }
    return (out, i, x) => {
      (out as { values: bigint[] }).values[i] = BigInt(Math.round(x * factor));
    };
  }
  if (limits) {
    const [lo, hi] = limits;
    return (out, i, x) => {
      (out as { values: Int32Array | Float64Array }).values[i] = x < lo ? lo : x > hi ? hi : Math.trunc(x);
    };
  }
  return (out, i, x) => {
    (out as { values: Float64Array }).values[i] = x;
  };
}

function fillEach(pos: Float64Array, out: Column, value: (p: number) => number, write: Writer): void {
  for (let i = 0; i < pos.length; i++) write(out, i, value(pos[i]!));
}
