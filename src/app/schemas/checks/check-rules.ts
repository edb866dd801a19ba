import type { ColumnDescription } from "../../../connectors/table-description.ts";
import type { CheckNode, CheckOperand, CompareOp } from "./check-clause.ts";
import { FLIPPED_OP, parseCheckClause } from "./check-clause.ts";

/** One end of a range a CHECK gives a column: a number, a date or time text, or `now`/`today`. */
export interface RuleBound {
  readonly value: number | string;
  readonly exclusive: boolean;
}

/** What CHECK constraints ask of one column's values. */
export interface ColumnRules {
  readonly min?: RuleBound;
  readonly max?: RuleBound;
  /** The only values allowed (IN, =). */
  readonly values?: readonly (string | number | boolean)[];
  /** Values not allowed (NOT IN, <>). */
  readonly notValues?: readonly (string | number | boolean)[];
  /** Characters of text values (length(x) ...). */
  readonly minLen?: number;
  readonly maxLen?: number;
  /** A regular expression (or LIKE pattern, translated) the values match. */
  readonly regex?: string;
}

/** `left op right` between two columns of the row (`end_date > start_date`). */
export interface ColumnRelation {
  readonly left: string;
  readonly op: CompareOp;
  readonly right: string;
}

/** What one CHECK constraint says, column by column, or why rowforge does not understand it. */
export type CheckReading =
  | {
      readonly ok: true;
      readonly rules: ReadonlyMap<string, ColumnRules>;
      readonly relations: readonly ColumnRelation[];
    }
  | { readonly ok: false; readonly reason: string };

class NotUnderstood extends Error {}
const refuse = (reason: string): never => {
  throw new NotUnderstood(reason);
};

const NEGATED: Readonly<Record<CompareOp, CompareOp>> = {
  "<": ">=",
  "<=": ">",
  ">": "<=",
  ">=": "<",
  "=": "<>",
  "<>": "=",
};

const LENGTH_FUNCTIONS = new Set(["length", "char_length", "character_length", "len"]);
const TRIM_FUNCTIONS = new Set(["trim", "btrim", "ltrim", "rtrim"]);
/** Functions that stand for the current date or time: bounds relative to the run's time. */
const NOW_FUNCTIONS: Readonly<Record<string, string>> = {
  now: "now",
  current_timestamp: "now",
  localtimestamp: "now",
  sysdate: "now",
  utc_timestamp: "now",
  current_date: "today",
  curdate: "today",
  utc_date: "today",
};

/**
 * Reads a CHECK condition into rules per column (ranges, allowed and refused values, text
 * lengths, patterns) and comparisons between columns. `columns` are the table's, found by
 * name ignoring case. Anything else (arithmetic, OR across columns, functions other than
 * lengths, trims and the current time) is not understood, with the reason.
 */
export function readCheck(clause: string, columns: readonly ColumnDescription[]): CheckReading {
  const node = parseCheckClause(clause);
  if (!node) return { ok: false, reason: "its SQL is not a condition rowforge reads" };
  const rules = new Map<string, ColumnRules>();
  const relations: ColumnRelation[] = [];
  const column = (name: string): ColumnDescription =>
    columns.find((c) => c.name === name) ??
    columns.find((c) => c.name.toLowerCase() === name.toLowerCase()) ??
    refuse(`it names ${name}, which is not a column of the table`);
  const add = (name: string, r: ColumnRules) => {
    const c = column(name).name;
    rules.set(c, merge(rules.get(c) ?? {}, r));
  };
  const visit = (n: CheckNode, negated: boolean): void => {
    if (n.kind === "and" || n.kind === "or") {
      if (negated) refuse(n.kind === "and" ? "NOT of several conditions" : "NOT of alternatives");
      if (n.kind === "and") for (const item of n.items) visit(item, false);
      else visitOr(n.items);
    } else if (n.kind === "not") visit(n.item, !negated);
    else if (n.kind === "null") {
      // Generated values are never null: IS NOT NULL always holds.
      if (n.negated === negated) refuse("it asks for NULL");
    } else if (n.kind === "value") visitValue(n.value, negated);
    else if (n.kind === "compare") visitCompare(negated ? NEGATED[n.op] : n.op, n.left, n.right);
    else if (n.kind === "between") {
      if (n.negated !== negated) refuse("NOT BETWEEN");
      visitCompare(">=", n.value, n.low);
      visitCompare("<=", n.value, n.high);
    } else if (n.kind === "in") {
      const c = columnOf(n.value) ?? refuse("IN over something other than a column");
      const values = n.list.map((v) => literalOf(v) ?? refuse("IN with a value that is not a constant"));
      add(c, n.negated !== negated ? { notValues: values } : { values });
    } else if (n.kind === "match") {
      if (n.negated !== negated) refuse(`NOT ${n.op.includes("like") ? "LIKE" : "a regular expression"}`);
      const c = columnOf(n.value) ?? refuse("a pattern matched by something other than a column");
      const pattern = literalOf(n.pattern);
      if (typeof pattern !== "string") refuse("a pattern that is not a constant");
      add(c, { regex: n.op === "like" || n.op === "ilike" ? likeToRegex(String(pattern)) : String(pattern) });
    }
  };
  const visitOr = (items: readonly CheckNode[]): void => {
    // `x IS NULL OR ...`: generated values are not null, so the rest must hold.
    const rest = items.filter((i) => !(i.kind === "null" && !i.negated));
    if (rest.length === 1) {
      visit(rest[0]!, false);
      return;
    }
    // `x = 'a' OR x = 'b'` / `x IN (...) OR x = 'c'`: one list of values.
    const values: (string | number | boolean)[] = [];
    let col: string | undefined;
    for (const i of rest) {
      const part =
        i.kind === "compare" && i.op === "="
          ? { c: columnOf(i.left) ?? columnOf(i.right), v: [literalOf(i.right) ?? literalOf(i.left)] }
          : i.kind === "in" && !i.negated
            ? { c: columnOf(i.value), v: i.list.map(literalOf) }
            : undefined;
      if (!part?.c || (col !== undefined && col !== part.c) || part.v.some((v) => v === undefined))
        refuse("OR of conditions that are not values of one column");
      col = part!.c;
      values.push(...(part!.v as (string | number | boolean)[]));
    }
    add(col!, { values });
  };
  const visitValue = (v: CheckOperand, negated: boolean): void => {
    if (v.kind === "column") add(v.name, { values: [!negated] });
    // MariaDB's JSON columns: rowforge writes valid JSON into them.
    else if (!(v.kind === "call" && v.name === "json_valid" && !negated))
      refuse("a condition that is neither a comparison nor a column");
  };
  const visitCompare = (op: CompareOp, left: CheckOperand, right: CheckOperand): void => {
    const lc = columnOf(left);
    const rc = columnOf(right);
    if (lc && rc) {
      relations.push({ left: column(lc).name, op, right: column(rc).name });
      return;
    }
    if (!lc && rc) {
      visitCompare(FLIPPED_OP[op], right, left);
      return;
    }
    const inner = left.kind === "call" && left.args.length === 1 ? columnOf(left.args[0]!) : undefined;
    if (left.kind === "call" && inner && LENGTH_FUNCTIONS.has(left.name)) {
      const n = literalOf(right);
      if (typeof n !== "number") refuse("a length compared with something other than a number");
      add(inner, lengthRule(op, n as number));
      return;
    }
    if (
      left.kind === "call" &&
      inner &&
      TRIM_FUNCTIONS.has(left.name) &&
      op === "<>" &&
      literalOf(right) === ""
    ) {
      add(inner, { minLen: 1 });
      return;
    }
    if (left.kind === "arith" || right.kind === "arith") refuse("arithmetic on its columns");
    if (!lc) refuse("a comparison of something other than a column");
    const bound =
      boundOf(right) ?? refuse("a comparison with something other than a constant or the current time");
    if (op === "=") add(lc!, { values: [bound] });
    else if (op === "<>") add(lc!, { notValues: [bound] });
    else {
      if (typeof bound === "boolean") refuse("an ordering of booleans");
      const end = { value: bound as number | string, exclusive: op === "<" || op === ">" };
      add(lc!, op === ">" || op === ">=" ? { min: end } : { max: end });
    }
  };
  try {
    visit(node, false);
  } catch (e) {
    if (e instanceof NotUnderstood) return { ok: false, reason: e.message };
    throw e;
  }
  return { ok: true, rules, relations };
}

/** The rules of several constraints on one column, all holding, or why they cannot be combined. */
export function mergeRules(a: ColumnRules, b: ColumnRules): ColumnRules | string {
  try {
    return merge(a, b);
  } catch (e) {
    if (e instanceof NotUnderstood) return e.message;
    throw e;
  }
}

const columnOf = (o: CheckOperand): string | undefined => (o.kind === "column" ? o.name : undefined);

function literalOf(o: CheckOperand): string | number | boolean | undefined {
  return o.kind === "literal" && o.value !== null ? o.value : undefined;
}

/** A constant, or `now`/`today` for the current time and date. */
function boundOf(o: CheckOperand): string | number | boolean | undefined {
  if (o.kind === "call" && o.args.length === 0 && NOW_FUNCTIONS[o.name]) return NOW_FUNCTIONS[o.name];
  return literalOf(o);
}

function lengthRule(op: CompareOp, n: number): ColumnRules {
  switch (op) {
    case ">":
      return { minLen: Math.floor(n) + 1 };
    case ">=":
      return { minLen: Math.ceil(n) };
    case "<":
      return { maxLen: Math.ceil(n) - 1 };
    case "<=":
      return { maxLen: Math.floor(n) };
    case "=":
      return { minLen: n, maxLen: n };
    default:
      return refuse("a length that must differ from a number");
  }
}

/** A LIKE pattern as a regular expression: `%` any few characters, `_` one, the rest literally. */
export function likeToRegex(like: string): string {
  let out = "";
  for (let i = 0; i < like.length; i++) {
    const ch = like[i]!;
    if (ch === "\\" && i + 1 < like.length) out += escapeRegex(like[++i]!);
    else if (ch === "%") out += "[A-Za-z0-9]{0,8}";
    else if (ch === "_") out += "[A-Za-z0-9]";
    else out += escapeRegex(ch);
  }
  return out;
}

const escapeRegex = (ch: string): string => (/[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch);

/**
 * Two constraints' rules on one column, both holding; throws (a NotUnderstood, caught by
 * mergeRules's callers through readCheck) when they cannot be combined.
 */
function merge(a: ColumnRules, b: ColumnRules): ColumnRules {
  const tighter = (
    x: RuleBound | undefined,
    y: RuleBound | undefined,
    low: boolean,
  ): RuleBound | undefined => {
    if (!x || !y) return x ?? y;
    if (typeof x.value !== typeof y.value) return refuse("bounds of different kinds on one column");
    if (x.value === y.value) return { value: x.value, exclusive: x.exclusive || y.exclusive };
    return x.value > y.value === low ? x : y;
  };
  if (a.regex !== undefined && b.regex !== undefined && a.regex !== b.regex)
    return refuse("two patterns on one column");
  const min = tighter(a.min, b.min, true);
  const max = tighter(a.max, b.max, false);
  const minLen = Math.max(a.minLen ?? 0, b.minLen ?? 0);
  const maxLen = Math.min(a.maxLen ?? Infinity, b.maxLen ?? Infinity);
  const values =
    a.values && b.values ? a.values.filter((v) => b.values!.includes(v)) : (a.values ?? b.values);
  const notValues = [...(a.notValues ?? []), ...(b.notValues ?? [])];
  const regex = a.regex ?? b.regex;
  return {
    ...(min ? { min } : {}),
    ...(max ? { max } : {}),
    ...(values ? { values } : {}),
    ...(notValues.length > 0 ? { notValues } : {}),
    ...(minLen > 0 ? { minLen } : {}),
    ...(maxLen < Infinity ? { maxLen } : {}),
    ...(regex !== undefined ? { regex } : {}),
  };
}
