import type { DataType } from "../../model/data-type.ts";
import { formatDataType } from "../../model/data-type.ts";
import { civilInto } from "../../util/calendar.ts";
import { allocateColumn, type Column, markNull } from "../columns/column.ts";
import type { SqlAst, SqlScope } from "../sql/index.ts";

/**
 * A derived field's values computed over whole columns, for common expression shapes whose
 * row-by-row result is known exactly: a plain reference to another field of the same type, and
 * year/month/day of a date field. Undefined for anything else, which takes the row-wise
 * compiler (the general path); a kernel gives the same column that path would.
 */
export type SqlKernel = (cols: readonly (Column | undefined)[]) => Column | undefined;

const DATE_PARTS: Readonly<Record<string, number>> = { year: 0, month: 1, day: 2, dayofmonth: 2 };

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

function datePart(col: Column | undefined, part: number, type: DataType): Column | undefined {
  if (col?.shape !== "scalar" || !(col.values instanceof Int32Array)) return undefined;
  const out = allocateColumn(type, col.length);
  if (out.shape !== "scalar" || !(out.values instanceof Int32Array)) return undefined;
  const days = col.values;
  const values = out.values;
  for (let i = 0; i < col.length; i++) {
    if (col.nulls?.[i] === 1) markNull(out, i);
    else values[i] = civilInto(days[i]!)[part]!;
  }
  return out;
}
