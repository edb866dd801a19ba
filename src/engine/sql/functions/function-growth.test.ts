/**
 * Every function of the registry declares how large its result can be next to its arguments
 * (SqlFunction.growth), and this test holds each declaration against the function's results:
 * a new function needs an example here, and a class its results keep to.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { TEST_INPUTS, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { isRowforgeError } from "../../../errors/index.ts";
import { compileSql } from "../compile/compile-sql.ts";
import type { SqlValue } from "../sql-contract.ts";
import { SQL_FUNCTIONS } from "./sql-functions.ts";

/** Inputs are this large (characters, bytes, elements, entries); a second run doubles them. */
const SIZE = 300;
/** A `fixed` function's result is never larger than this (a SHA-512 digest in hex). */
const FIXED_MOST = 128;

const scope = testScope({
  s: "string",
  t: "string",
  eszett: "string",
  dotted: "string",
  words: "string",
  pattern: "string",
  a: "array<string>",
  a2: "array<string>",
  ai: "array<int>",
  m: "map<string,int>",
  m2: "map<string,int>",
  bin: "binary",
  n: "int",
  d: "double",
  flag: "boolean",
  day: "date",
  moment: "timestamp",
});

/** A row whose large inputs have `size` characters, bytes, elements or entries. */
function rowOf(size: number): Record<string, SqlValue> {
  const range = Array.from({ length: size }, (_, i) => i);
  return {
    s: "abcde fgh ".repeat(size / 10),
    t: "ab",
    eszett: "ß".repeat(size),
    dotted: "İ".repeat(size),
    words: "ß ".repeat(size / 2),
    pattern: "MMMM ".repeat(size / 5),
    a: range.map((i) => `e${i}`),
    a2: range.map((i) => `f${i}`),
    ai: range,
    m: new Map(range.map((i) => [`k${i}`, i])),
    m2: new Map(range.map((i) => [`j${i}`, i])),
    bin: new Uint8Array(size).fill(97),
    n: 3,
    d: 2.5,
    flag: true,
    day: 19_800,
    moment: 1_710_000_000_000_000,
  };
}

const many = (n: number, arg: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => arg(i)).join(", ");

/**
 * Calls of each function (by one of its names; its aliases are called the same way), with `F`
 * for the name. A `grows` function has a call whose result is larger than every input.
 */
const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  // Strings
  concat: ["F(s, s)"],
  concat_ws: ["F(',', s, s)"],
  upper: ["F(eszett)"],
  lower: ["F(s)", "F(dotted)"],
  initcap: ["F(words)"],
  reverse: ["F(s)", "F(a)"],
  length: ["F(s)"],
  octet_length: ["F(eszett)"],
  bit_length: ["F(s)"],
  repeat: ["F(s, 2)"],
  space: ["F(1000)"],
  instr: ["F(s, 'gh')"],
  locate: ["F('gh', s, 2)"],
  translate: ["F(s, 'a', '😀')"],
  ascii: ["F(s)"],
  chr: ["F(65)"],
  startswith: ["F(s, 'ab')"],
  endswith: ["F(s, 'ab')"],
  contains: ["F(s, 'ab')"],
  replace: ["F(s, 'a', 'xyz')", "F(s, ' ')"],
  substring_index: ["F(s, ' ', 2)", "F(s, ' ', -3)"],
  find_in_set: ["F('b', 'a,b,c')"],
  elt: ["F(2, t, s)"],
  levenshtein: ["F(s, t)"],
  soundex: ["F(s)", "F(concat('1', substring(s, 2)))"],
  // Substrings and padding
  substring: ["F(s, 2)", "F(s, -5, 3)"],
  left: ["F(s, 5)"],
  right: ["F(s, 5)"],
  lpad: ["F(s, 1000, 'ab')", "F(s, 5)"],
  rpad: ["F(s, 1000)"],
  trim: ["F(s)", "F(s, 'ab')"],
  btrim: ["F(s)"],
  ltrim: ["F(s)"],
  rtrim: ["F(s)"],
  split_part: ["F(s, ' ', 2)"],
  overlay: ["F(s, s, 2, 0)", "F(s, t, 3)"],
  // Regular expressions
  regexp_replace: ["F(s, 'a', 'xyz')", "F(s, '', '-')"],
  regexp_extract: ["F(s, '([a-z]+)', 1)"],
  regexp_extract_all: ["F(s, '[a-z]', 0)", "F(s, '', 0)"],
  rlike: ["F(s, 'gh')"],
  regexp_count: ["F(s, 'a')"],
  regexp_substr: ["F(s, '[a-z ]+')"],
  regexp_instr: ["F(s, 'gh')"],
  split: ["F(s, ' ')", "F(s, '')"],
  // Formatting
  format_string: ["F('%s-%s', s, s)", "F('%2000d', n)"],
  format_number: ["F(d, 1000)", "F(d, '#,##0.00')"],
  // Encodings
  base64: ["F(s)"],
  unbase64: ["F(base64(s))"],
  hex: ["F(s)", "F(n)"],
  unhex: ["F(hex(s))"],
  bin: ["F(n)"],
  conv: ["F('255', 10, 2)"],
  to_binary: ["F(eszett, 'utf-8')", "F(hex(s), 'hex')"],
  encode: ["F(eszett, 'UTF-8')"],
  decode: ["F(bin, 'UTF-8')", "F(n, 3, s, t)"],
  url_encode: ["F(eszett)"],
  url_decode: ["F(url_encode(s))"],
  try_url_decode: ["F(s)"],
  uuid: ["F()"],
  // Math and arithmetic
  pow: ["F(d, 2)"],
  sqrt: ["F(d)"],
  cbrt: ["F(d)"],
  exp: ["F(d)"],
  expm1: ["F(d)"],
  ln: ["F(d)"],
  log: ["F(d)", "F(2, d)"],
  log10: ["F(d)"],
  log2: ["F(d)"],
  log1p: ["F(d)"],
  sin: ["F(d)"],
  cos: ["F(d)"],
  tan: ["F(d)"],
  cot: ["F(d)"],
  sec: ["F(d)"],
  csc: ["F(d)"],
  asin: ["F(0.5)"],
  acos: ["F(0.5)"],
  atan: ["F(d)"],
  atan2: ["F(d, d)"],
  sinh: ["F(d)"],
  cosh: ["F(d)"],
  tanh: ["F(d)"],
  asinh: ["F(d)"],
  acosh: ["F(d)"],
  atanh: ["F(0.5)"],
  degrees: ["F(d)"],
  radians: ["F(d)"],
  hypot: ["F(d, d)"],
  rint: ["F(d)"],
  e: ["F()"],
  pi: ["F()"],
  rand: ["F()", "F(7)"],
  randn: ["F()"],
  abs: ["F(n)"],
  negative: ["F(n)"],
  positive: ["F(n)"],
  sign: ["F(d)"],
  round: ["F(d, 1)"],
  bround: ["F(d, 1)"],
  floor: ["F(d)"],
  ceil: ["F(d)"],
  mod: ["F(n, 2)"],
  pmod: ["F(n, 2)"],
  div: ["F(n, 2)"],
  greatest: ["F(s, t)", "F(n, 4)"],
  least: ["F(s, t)"],
  factorial: ["F(n)"],
  shiftleft: ["F(n, 1)"],
  shiftright: ["F(n, 1)"],
  shiftrightunsigned: ["F(n, 1)"],
  // Dates and times
  year: ["F(day)"],
  quarter: ["F(day)"],
  month: ["F(day)"],
  day: ["F(day)"],
  dayofweek: ["F(day)"],
  weekday: ["F(day)"],
  dayofyear: ["F(day)"],
  weekofyear: ["F(day)"],
  hour: ["F(moment)"],
  minute: ["F(moment)"],
  second: ["F(moment)"],
  date_part: ["F('YEAR', day)"],
  dayname: ["F(day)"],
  monthname: ["F(day)"],
  date_add: ["F(day, 1)"],
  date_sub: ["F(day, 1)"],
  datediff: ["F(day, day)"],
  add_months: ["F(day, 1)"],
  months_between: ["F(moment, moment)"],
  last_day: ["F(day)"],
  next_day: ["F(day, 'Mon')"],
  make_date: ["F(2024, 1, 2)"],
  make_timestamp: ["F(2024, 1, 2, 3, 4, 5)"],
  current_date: ["F()"],
  current_timestamp: ["F()"],
  current_timezone: ["F()"],
  to_date: ["F('2024-01-02')"],
  to_timestamp: ["F('2024-01-02 03:04:05')"],
  date_format: ["F(day, pattern)"],
  unix_timestamp: ["F(moment)"],
  to_unix_timestamp: ["F(moment)"],
  from_unixtime: ["F(0, pattern)"],
  date_trunc: ["F('YEAR', moment)"],
  trunc: ["F(day, 'YEAR')"],
  timestamp_seconds: ["F(1)"],
  timestamp_millis: ["F(1)"],
  timestamp_micros: ["F(1)"],
  unix_seconds: ["F(moment)"],
  unix_millis: ["F(moment)"],
  unix_micros: ["F(moment)"],
  unix_date: ["F(day)"],
  date_from_unix_date: ["F(1)"],
  from_utc_timestamp: ["F(moment, 'UTC')"],
  to_utc_timestamp: ["F(moment, 'UTC')"],
  // Arrays
  array: [`F(${many(SIZE * 2 + 2, () => "t")})`, "F(s, s)"],
  size: ["F(a)", "F(m)"],
  array_size: ["F(a)"],
  element_at: ["F(a, 1)", "F(m, 'k1')"],
  try_element_at: ["F(a, 0)", "F(a, 2)"],
  get: ["F(a, 0)"],
  sort_array: ["F(a)", "F(a, false)"],
  array_sort: ["F(a)", "F(a, (x, y) -> 0)"],
  array_contains: ["F(a, 'e1')"],
  array_position: ["F(a, 'e1')"],
  array_remove: ["F(a, 'e1')"],
  array_max: ["F(a)"],
  array_min: ["F(a)"],
  array_join: ["F(a, s)", "F(a, ',', 'n')"],
  arrays_overlap: ["F(a, a2)"],
  arrays_zip: ["F(a, a2)"],
  flatten: ["F(array(a, a2))"],
  shuffle: ["F(a)"],
  slice: ["F(a, 2, 5)"],
  sequence: ["F(1, 1000)", "F(day, day + 1000)"],
  array_repeat: ["F(t, 1000)"],
  array_compact: ["F(a)"],
  array_append: ["F(F(a, 'x'), 'y')"],
  array_prepend: ["F(F(a, 'x'), 'y')"],
  // Higher-order functions
  transform: ["F(a, x -> x)", "F(a, (x, i) -> concat(x, 'y'))"],
  filter: ["F(a, x -> true)"],
  exists: ["F(a, x -> x = 'q')"],
  forall: ["F(a, x -> x = 'q')"],
  aggregate: ["F(a, '', (acc, x) -> x)", "F(ai, 0, (acc, x) -> acc + x, acc -> acc * 2)"],
  zip_with: ["F(a, a2, (x, y) -> x)"],
  map_filter: ["F(m, (k, v) -> true)"],
  transform_keys: ["F(m, (k, v) -> upper(k))"],
  transform_values: ["F(m, (k, v) -> v + 1)"],
  map_zip_with: ["F(m, m2, (k, v1, v2) -> v1)"],
  array_distinct: ["F(a)"],
  array_union: ["F(a, a2)"],
  array_intersect: ["F(a, a2)"],
  array_except: ["F(a, a2)"],
  // Maps and structs
  map: [`F(${many(SIZE * 2 + 2, (i) => `'k${i}', n`)})`],
  map_keys: ["F(m)"],
  map_values: ["F(m)"],
  map_entries: ["F(m)"],
  map_from_arrays: ["F(a, ai)"],
  map_from_entries: ["F(map_entries(m))"],
  map_concat: ["F(m, m2)"],
  map_contains_key: ["F(m, 'k1')"],
  str_to_map: ["F(array_join(a, ','))", "F('a:1,b:2')"],
  struct: [`F(${many(SIZE * 2 + 2, () => "n")})`],
  named_struct: [`F(${many(SIZE * 2 + 2, (i) => `'f${i}', n`)})`],
  // JSON, hashes, conditionals, other
  to_json: ["F(array(s))", "F(m)"],
  hash: ["F(s)"],
  xxhash64: ["F(s)"],
  crc32: ["F(s)"],
  md5: ["F(s)"],
  sha1: ["F(s)"],
  sha2: ["F(s, 512)"],
  if: ["F(flag, s, t)"],
  coalesce: ["F(s, t)"],
  nvl: ["F(s, t)"],
  nvl2: ["F(s, s, t)"],
  nullif: ["F(s, t)"],
  isnull: ["F(s)"],
  isnotnull: ["F(s)"],
  isnan: ["F(d)"],
  nanvl: ["F(d, d)"],
  equal_null: ["F(s, t)"],
  zeroifnull: ["F(n)"],
  nullifzero: ["F(n)"],
  monotonically_increasing_id: ["F()"],
  spark_partition_id: ["F()"],
  typeof: ["F(s)"],
  input_file_name: ["F()"],
  raise_error: ["F(s)"],
};

/** Characters, bytes, elements, entries or fields of a result; 0 for numbers, booleans and NULL. */
function unitsOf(v: SqlValue): number {
  if (typeof v === "string" || v instanceof Uint8Array || Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (v !== null && typeof v === "object") return Object.keys(v).length;
  return 0;
}

/** The largest result of the examples of the function named `name`, with inputs of `size`. */
function largestResult(name: string, examples: readonly string[], size: number): number {
  const row = scope.row(rowOf(size));
  let largest = 0;
  for (const example of examples) {
    const sql = example.replaceAll("F(", `${name}(`);
    let value: SqlValue;
    try {
      value = compileSql(sql, scope, TEST_INPUTS).evaluate(row);
    } catch (e) {
      // raise_error raises, as it should; any other error is the example's fault.
      assert.ok(isRowforgeError(e) && name === "raise_error", `${sql}: ${String(e)}`);
      continue;
    }
    largest = Math.max(largest, unitsOf(value));
  }
  return largest;
}

/** The examples of a name: its own, or those of a name defined with it (an alias has the same doc). */
function examplesOf(name: string): readonly string[] | undefined {
  const fn = SQL_FUNCTIONS.get(name)!;
  const group = [...SQL_FUNCTIONS.values()].filter((f) => f.doc === fn.doc && f.growth === fn.growth);
  return group.map((f) => EXAMPLES[f.name]).find((e) => e !== undefined);
}

it("every function of the registry declares its growth class, and its results keep to it", () => {
  const wrong: string[] = [];
  for (const [name, fn] of SQL_FUNCTIONS) {
    assert.ok(["fixed", "input", "grows"].includes(fn.growth), `${name} declares growth "${fn.growth}"`);
    const examples = examplesOf(name);
    if (examples === undefined) {
      wrong.push(`${name} has no example`);
      continue;
    }
    const [once, twice] = [largestResult(name, examples, SIZE), largestResult(name, examples, SIZE * 2)];
    if (fn.growth === "fixed" && Math.max(once, twice) > FIXED_MOST)
      wrong.push(`${name} is declared fixed but made ${twice} units`);
    if (fn.growth === "input" && (once > SIZE + 1 || twice > SIZE * 2 + 1))
      wrong.push(`${name} is declared input but made ${once} from ${SIZE}, ${twice} from ${SIZE * 2}`);
    if (fn.growth === "grows" && once <= SIZE + 1)
      wrong.push(`${name} is declared grows but no example made more than its inputs (${once})`);
  }
  assert.deepEqual(wrong, []);
});
