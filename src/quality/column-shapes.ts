import type { SqlAst } from "../engine/index.ts";
import { astChildren } from "../engine/sql-compiler.ts";
import { type DataType, DataTypes } from "../model/data-type.ts";
import type { ReadShape } from "./batch-rows.ts";

/** How an expression uses a top-level column: whole, only some fields of a struct, or only an array's size. */
type Use =
  | { readonly kind: "all" }
  | { readonly kind: "fields"; readonly names: ReadonlySet<string> }
  | { readonly kind: "size" };

const SIZE_FUNCTIONS = new Set(["size", "cardinality", "array_size"]);

function merge(a: Use | undefined, b: Use): Use {
  if (!a) return b;
  if (a.kind === "all" || b.kind === "all") return { kind: "all" };
  if (a.kind === "fields" && b.kind === "fields")
    return { kind: "fields", names: new Set([...a.names, ...b.names]) };
  if (a.kind === "size" && b.kind === "size") return a;
  return { kind: "all" };
}

/**
 * How an expression uses each top-level column (by lower-case name), so a batch decodes only
 * what it reads: a struct read only through `col.field` gets only those fields, an array read
 * only through size() only its sizes. Undefined (decode everything) when the expression has a
 * lambda, whose parameters could shadow a column.
 */
export function columnUses(ast: SqlAst): Map<string, Use> | undefined {
  const uses = new Map<string, Use>();
  let lambda = false;
  const visit = (n: SqlAst, parent: SqlAst | undefined): void => {
    if (n.kind === "lambda") lambda = true;
    if (n.kind === "column") {
      const name = n.name.toLowerCase();
      const use: Use =
        parent?.kind === "field" && parent.target === n
          ? { kind: "fields", names: new Set([parent.name.toLowerCase()]) }
          : parent?.kind === "call" && SIZE_FUNCTIONS.has(parent.name.toLowerCase())
            ? { kind: "size" }
            : { kind: "all" };
      uses.set(name, merge(uses.get(name), use));
      return;
    }
    for (const c of astChildren(n)) visit(c, n);
  };
  visit(ast, undefined);
  return lambda ? undefined : uses;
}

/** The shape to decode a column of type `t` in for a use, or undefined for its full value. */
export function shapeFor(t: DataType, use: Use | undefined): ReadShape | undefined {
  if (!use || use.kind === "all") return undefined;
  if (use.kind === "size") return t.kind === "array" ? "size" : undefined;
  if (t.kind !== "struct") return undefined;
  const kept = t.fields.filter((f) => use.names.has(f.name.toLowerCase()));
  return kept.length === 0 || kept.length === t.fields.length ? undefined : DataTypes.struct(kept);
}
