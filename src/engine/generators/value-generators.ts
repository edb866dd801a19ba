import { hash } from "node:crypto";
import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { WeightedValue } from "../../model/field-options.ts";
import { firstAbove } from "../../util/first-above.ts";
import type { Column } from "../columns/column.ts";
import type { FakerExpression, FakerPools } from "../faker/index.ts";
import type { RegexGenerator } from "../regex/index.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import { expressionPools } from "./faker-pools.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { randomUuid } from "./text-generators.ts";
import { writeScalar } from "./write-scalar.ts";

type Scalar = string | number | boolean | null;
export type Uniqueness = "none" | "explicit" | "implicit";

/** The same value in every row. */
export function createStaticGenerator(type: DataType, value: Scalar): FieldGenerator {
  return {
    type,
    fill(pos, out) {
      for (let i = 0; i < pos.length; i++) writeScalar(out, i, value);
    },
  };
}

/** How a field's values are drawn: its key, whether they must be unique over `rowCount` rows, and its path for messages. */
export interface ValueDraw {
  readonly key: number;
  readonly unique: Uniqueness;
  readonly rowCount: number;
  readonly fieldPath: string;
}

/** Picks from a list, weighted when the values carry weights; unique by permutation when asked. */
export function createOneOfGenerator(
  type: DataType,
  values: readonly WeightedValue[],
  { key, unique, rowCount, fieldPath }: ValueDraw,
): FieldGenerator {
  const rnd = new RowRandom(key);
  const n = values.length;
  const list = values.map((v) => v.value);
  if (unique !== "none" && n >= rowCount) {
    const perm = createPermutation(n, key);
    return { type, fill: (pos, out) => fillScalars(pos, out, (p) => list[perm(p % n)]!) };
  }
  if (unique === "explicit") {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `field "${fieldPath}" asks for ${rowCount} unique values from a oneOf list of ${n}`,
      {
        hint: "add values, lower the record count, or drop isUnique",
      },
    );
  }
  if (values.some((v) => v.weight !== undefined)) {
    const cumulative = new Float64Array(n);
    let total = 0;
    values.forEach((v, i) => {
      total += v.weight ?? 0;
      cumulative[i] = total;
    });
    return {
      type,
      fill: (pos, out) =>
        fillScalars(pos, out, (p) => list[firstAbove(cumulative, rnd.at(p).float() * total)]!),
    };
  }
  return { type, fill: (pos, out) => fillScalars(pos, out, (p) => list[rnd.at(p).int(n)]!) };
}

/** Strings matching a regex; unique by mapping a permuted index through the pattern's space. */
export function createRegexGenerator(
  type: DataType,
  regex: RegexGenerator,
  { key, unique, rowCount, fieldPath }: ValueDraw,
): FieldGenerator {
  const rnd = new RowRandom(key);
  if (unique !== "none") {
    const size = regex.size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(regex.size);
    if (size >= rowCount) {
      const perm = createPermutation(size, key);
      return { type, fill: (pos, out) => fillScalars(pos, out, (p) => regex.nth(perm(p % size))) };
    }
    if (unique === "explicit") {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `field "${fieldPath}" asks for ${rowCount} unique values but regex "${regex.pattern}" can produce only ${size}`,
        { hint: "widen the pattern, lower the record count, or drop isUnique" },
      );
    }
  }
  if (type.kind === "string") {
    return {
      type,
      fill: (pos, out) => regex.fillColumn(rnd, pos, (out as { values: string[] }).values),
    };
  }
  return { type, fill: (pos, out) => fillScalars(pos, out, (p) => regex.generate(rnd.at(p))) };
}

/** Datafaker expressions: pooled in fast mode (realistic, cheap), one evaluation per row otherwise. */
export function createExpressionGenerator(
  type: DataType,
  expr: FakerExpression,
  key: number,
  fastMode: boolean,
  unique: Uniqueness = "none",
  rowCount = 0,
  fieldPath = "",
  maxLen?: number,
): FieldGenerator {
  const rnd = new RowRandom(key);
  let pools: FakerPools | undefined;
  const cut = maxLen === undefined ? (v: string) => v : (v: string) => cutText(v, maxLen);
  let next = (p: number): string => {
    if (!fastMode || expr.callCount === 0) return cut(expr.generate(rnd.at(p)));
    pools ??= expressionPools(expr);
    return cut(expr.generatePooled(rnd.at(p), pools));
  };
  if (unique !== "none" && expr.callCount > 0) {
    let table: readonly string[] | undefined;
    next = (p) => {
      table ??= distinctExpressionValues(expr, rnd, unique, rowCount, fieldPath, cut);
      return table[p % table.length]!;
    };
  }
  if (type.kind === "string") {
    return {
      type,
      fill(pos, out) {
        const values = (out as { values: string[] }).values;
        for (let i = 0; i < pos.length; i++) values[i] = next(pos[i]!);
      },
    };
  }
  return { type, fill: (pos, out) => fillScalars(pos, out, next) };
}

/**
 * The values of a unique expression field, row by row: a Datafaker value can repeat (two people
 * of the same name), so row i takes the i-th distinct value of the expression's stream (made
 * without fast-mode pools, whose few thousand values would repeat soon). Row i's value still
 * depends only on the seed, the field and i. Each thread makes the table once, on first use.
 * Gives up after a few tries per row: an explicit isUnique then fails naming the field; an
 * implicit one (a foreign-key source) repeats the values it found.
 */
function distinctExpressionValues(
  expr: FakerExpression,
  rnd: RowRandom,
  unique: Uniqueness,
  rowCount: number,
  fieldPath: string,
  cut: (value: string) => string,
): readonly string[] {
  const wanted = Math.max(1, rowCount);
  const limit = wanted * 4 + 1000;
  const seen = new Set<string>();
  for (let c = 0; c < limit && seen.size < wanted; c++) seen.add(cut(expr.generate(rnd.at(c))));
  if (seen.size < wanted && unique === "explicit") {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `field "${fieldPath}" asks for ${rowCount} unique values but expression "${expr.source}" gave only ${seen.size} distinct values in ${limit} tries`,
      {
        hint: "combine more Datafaker calls in the expression (#{Name.firstName}.#{Name.lastName}#{Number.digits '4'}), lower the record count, or drop isUnique",
      },
    );
  }
  return [...seen];
}

/** The first `max` characters (code points, as databases count them) of a text. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/** Random version-4 UUIDs, or UUID-shaped digests of `start + row` when incremental. */
export function createUuidGenerator(
  type: DataType,
  key: number,
  incremental: number | undefined,
): FieldGenerator {
  const rnd = new RowRandom(key);
  return {
    type,
    fill: (pos, out) =>
      fillScalars(pos, out, (p) =>
        incremental === undefined ? randomUuid(rnd.at(p)) : uuidFromText(String(incremental + p)),
      ),
  };
}

/** Text of the row number counting from `start` (an `incremental` string field). */
export function createIncrementalTextGenerator(type: DataType, start: number): FieldGenerator {
  return { type, fill: (pos, out) => fillScalars(pos, out, (p) => String(start + p)) };
}

/**
 * A UUID-shaped MD5 digest of a text: the same text always gives the same UUID. One call of
 * `hash` per value: a Hash object made, fed and digested for each was a third of the time of a
 * run of millions of incremental UUIDs.
 */
export function uuidFromText(text: string): string {
  const h = hash("md5", text, "hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function fillScalars(pos: Float64Array, out: Column, value: (p: number) => Scalar): void {
  for (let i = 0; i < pos.length; i++) writeScalar(out, i, value(pos[i]!));
}
