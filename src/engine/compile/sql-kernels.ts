import type { DataType } from "../../model/data-type.ts";
import { formatDataType } from "../../model/data-type.ts";
import { civilInto } from "../../util/calendar.ts";
import { allocateColumn, type Column, markNull } from "../columns/column.ts";
import { valueAt } from "../columns/column-values.ts";
import { compileOrdering, type Ordering, type SqlAst, type SqlScope, type SqlValue } from "../sql/index.ts";

/**
 * A derived field's values computed over whole columns, for common expression shapes whose
 * row-by-row result is known exactly: a plain reference to another field of the same type,
 * year/month/day of a date field, and a field of the first or last element of a sorted array
 * of structs (`element_at(sort_array(history, false), 1).status`: the newest entry's status). Undefined for anything else, which takes the row-wise
 * compiler (the general path); a kernel gives the same column that path would.
 */
export type SqlKernel = (cols: readonly (Column | undefined)[]) => Column | undefined;

const DATE_PARTS: Readonly<Record<string, number>> = { year: 0, month: 1, day: 2, dayofmonth: 2 };

/** Kinds held as whole numbers in Int32Array or Float64Array columns, ordered by difference. */
const WHOLE_NUMBER_KINDS: ReadonlySet<string> = new Set(["int", "short", "byte", "date", "timestamp"]);

/** Types whose values an expression sees and gives back unchanged (a reference copies them as they are). */
const COPIED = new Set([
  "string",
  "byte",
  "short",
  "int",
  "long",
  "float",
  "double",
  "date",
  "timestamp",
  "boolean",
]);

export function sqlKernel(ast: SqlAst, scope: SqlScope, target: DataType): SqlKernel | undefined {
  if (ast.kind === "column") {
    const source = scope.resolve(ast.name);
    if (!source || !COPIED.has(target.kind) || formatDataType(source.type) !== formatDataType(target))
      return undefined;
    return (cols) => copyScalar(cols[source.slot], target);
  }
  if (ast.kind === "field") return sortedElementField(ast.target, ast.name, scope, target);
  if (ast.kind === "call" && ast.args.length === 1 && target.kind === "int") {
    const part = DATE_PARTS[ast.name.toLowerCase()];
    const arg = ast.args[0]!;
    if (part === undefined || arg.kind !== "column") return undefined;
    const source = scope.resolve(arg.name);
    if (source?.type.kind !== "date") return undefined;
    return (cols) => datePart(cols[source.slot], part, target);
  }
  return undefined;
}

/** A copy of a scalar column as the row-wise path builds it: nulls marked, their slots left at the type's default. */
function copyScalar(col: Column | undefined, type: DataType): Column | undefined {
  if (col?.shape !== "scalar") return undefined;
  const out = allocateColumn(type, col.length);
  if (out.shape !== "scalar") return undefined;
  const from = col.values as ArrayLike<unknown>;
  const to = out.values as unknown[];
  for (let i = 0; i < col.length; i++) {
    if (col.nulls?.[i] === 1) markNull(out, i);
    else to[i] = from[i];
  }
  return out;
}

/** Days whose year, month and day were last computed, by slot (days mod 4096): generated dates fall on a few thousand days. */
const PART_SLOTS = 4096;
const partDay = new Float64Array(PART_SLOTS).fill(Number.NaN);
const partValues = new Int32Array(PART_SLOTS * 3);

function datePart(col: Column | undefined, part: number, type: DataType): Column | undefined {
  if (col?.shape !== "scalar" || !(col.values instanceof Int32Array)) return undefined;
  const out = allocateColumn(type, col.length);
  if (out.shape !== "scalar" || !(out.values instanceof Int32Array)) return undefined;
  const days = col.values;
  const values = out.values;
  for (let i = 0; i < col.length; i++) {
    if (col.nulls?.[i] === 1) {
      markNull(out, i);
      continue;
    }
    const day = days[i]!;
    const slot = day & (PART_SLOTS - 1);
    if (partDay[slot] !== day) {
      const c = civilInto(day);
      partValues[slot * 3] = c[0]!;
      partValues[slot * 3 + 1] = c[1]!;
      partValues[slot * 3 + 2] = c[2]!;
      partDay[slot] = day;
    }
    values[i] = partValues[slot * 3 + part]!;
  }
  return out;
}

/** A literal whole number, or its negation (`-1` parses as unary minus). */
function wholeLiteral(ast: SqlAst): number | undefined {
  if (ast.kind === "unary" && ast.op === "-") {
    const inner = wholeLiteral(ast.operand);
    return inner === undefined ? undefined : -inner;
  }
  if (ast.kind !== "literal" || (typeof ast.value !== "number" && typeof ast.value !== "bigint"))
    return undefined;
  return Number(ast.value);
}

const isCall = (ast: SqlAst, name: string): ast is SqlAst & { kind: "call" } =>
  ast.kind === "call" && ast.name.toLowerCase() === name;

const nullsFirst =
  (inner: Ordering): Ordering =>
  (a, b) =>
    a === null ? (b === null ? 0 : -1) : b === null ? 1 : inner(a, b);

/**
 * `element_at(sort_array(arr[, asc]), 1 | -1).field` over an array of structs with scalar
 * fields: the element sort_array would put first or last, found in one pass with the same
 * ordering (fields in order, NULL first) and the same tie rule (a stable sort keeps equal
 * elements in their order), NULL elements where sort_array puts them.
 */
function sortedElementField(
  target: SqlAst,
  fieldName: string,
  scope: SqlScope,
  type: DataType,
): SqlKernel | undefined {
  if (!COPIED.has(type.kind) || !isCall(target, "element_at") || target.args.length !== 2) return undefined;
  const index = wholeLiteral(target.args[1]!);
  const sorted = target.args[0]!;
  if ((index !== 1 && index !== -1) || !isCall(sorted, "sort_array")) return undefined;
  if (sorted.args.length < 1 || sorted.args.length > 2) return undefined;
  const ascArg = sorted.args[1];
  if (ascArg && (ascArg.kind !== "literal" || typeof ascArg.value !== "boolean")) return undefined;
  const ascending = ascArg?.kind === "literal" ? ascArg.value === true : true;
  const arr = sorted.args[0]!;
  if (arr.kind !== "column") return undefined;
  const source = scope.resolve(arr.name);
  const elementType = source?.type.kind === "array" ? source.type.element : undefined;
  if (!source || elementType?.kind !== "struct") return undefined;
  const orders: Ordering[] = [];
  for (const f of elementType.fields) {
    const order = COPIED.has(f.type.kind) ? compileOrdering(f.type) : undefined;
    if (!order) return undefined;
    orders.push(nullsFirst(order));
  }
  const matches = elementType.fields.flatMap((f, k) =>
    f.name.toLowerCase() === fieldName.toLowerCase() ? [k] : [],
  );
  if (matches.length !== 1 || formatDataType(elementType.fields[matches[0]!]!.type) !== formatDataType(type))
    return undefined;
  const wanted = matches[0]!;
  // Ascending puts NULL elements first, descending last: the end asked for is NULL if any is.
  const nullAtEnd = ascending === (index === 1);
  // The greatest element (ascending, last; descending, first), or the least; ties: the first
  // of equals when taking the first, the last of equals when taking the last.
  const greatest = ascending === (index === -1);
  const firstOfEquals = index === 1;
  return (cols) => {
    const list = cols[source.slot];
    if (list?.shape !== "list" || list.element.shape !== "struct") return undefined;
    const elements = list.element;
    const children = elements.children;
    if (!children.every((c) => c.shape === "scalar")) return undefined;
    const compareAll = (j: number, k: number): number => {
      for (let f = 0; f < orders.length; f++) {
        const c = orders[f]!(valueAt(children[f]!, j), valueAt(children[f]!, k));
        if (c !== 0) return c;
      }
      return 0;
    };
    // A first field of whole numbers without nulls (a timestamp, date or int) orders by its
    // difference, as its ordering does (a - b), without boxing each value: the other fields are
    // read only when two elements tie on it.
    const firstField = children[0];
    const firstValues =
      firstField?.shape === "scalar" &&
      WHOLE_NUMBER_KINDS.has(firstField.type.kind) &&
      (firstField.values instanceof Int32Array || firstField.values instanceof Float64Array) &&
      !firstField.nulls?.includes(1)
        ? firstField.values
        : undefined;
    const compare = firstValues
      ? (j: number, k: number): number => {
          const d = firstValues[j]! - firstValues[k]!;
          return d !== 0 ? d : compareAll(j, k);
        }
      : compareAll;
    const out = allocateColumn(type, list.length);
    if (out.shape !== "scalar") return undefined;
    const field = children[wanted]!;
    if (field.shape !== "scalar") return undefined;
    const to = out.values as unknown[];
    const from = field.values as ArrayLike<unknown>;
    for (let i = 0; i < list.length; i++) {
      let best = -1;
      let sawNull = false;
      if (list.nulls?.[i] !== 1) {
        for (let j = list.offsets[i]!; j < list.offsets[i + 1]!; j++) {
          if (elements.nulls?.[j] === 1) {
            sawNull = true;
            continue;
          }
          if (best < 0) {
            best = j;
            continue;
          }
          const c = greatest ? compare(j, best) : compare(best, j);
          if (c > 0 || (c === 0 && !firstOfEquals)) best = j;
        }
      }
      const value: SqlValue = best < 0 || (sawNull && nullAtEnd) ? null : valueAt(field, best);
      if (value === null) markNull(out, i);
      else to[i] = from[best];
    }
    return out;
  };
}
