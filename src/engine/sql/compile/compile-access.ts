/**
 * Reading inside values: `s.field` (struct field, case-insensitive like Spark; on an array of
 * structs the field of every element; on a map the value under that key), `a[i]` (0-based, NULL
 * out of range), `m[key]` and `s['field']`.
 */
import { didYouMean } from "../../../errors/index.ts";
import { type DataType, DataTypes, type StructField, type StructType } from "../../../model/data-type.ts";
import { strict2 } from "../functions/strict-evaluators.ts";
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import { isAtomicType } from "../types/common-types.ts";
import { boundOf, constantTyped, folded, type Typed } from "../types/typed.ts";
import { compileEquality } from "../values/compare-values.ts";
import { budgeted, valueLimits } from "../values/value-budget.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

type Struct = { readonly [field: string]: SqlValue };

function findField(t: StructType, name: string, env: CompileEnv, pos: number): StructField {
  const exact = t.fields.find((f) => f.name === name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  const matches = t.fields.filter((f) => f.name.toLowerCase() === lower);
  if (matches.length === 1) return matches[0]!;
  const names = t.fields.map((f) => f.name);
  if (matches.length > 1) {
    throw env.error(
      pos,
      `field "${name}" is ambiguous: the struct has ${matches.map((f) => `"${f.name}"`).join(" and ")}`,
      "write the name with its exact case in backquotes",
    );
  }
  const suggestion = didYouMean(name, names);
  throw env.error(
    pos,
    `the struct has no field "${name}"${suggestion ? `; ${suggestion}` : ""}`,
    `its fields are: ${names.join(", ") || "(none)"}`,
  );
}

function mapLookup(
  mapType: Extract<DataType, { kind: "map" }>,
): (m: ReadonlyMap<SqlValue, SqlValue>, k: SqlValue) => SqlValue {
  if (isAtomicType(mapType.key) && mapType.key.kind !== "binary") return (m, k) => m.get(k) ?? null;
  const eq = compileEquality(mapType.key);
  return (m, k) => {
    for (const [key, value] of m) if (key !== null && eq(key, k)) return value;
    return null;
  };
}

/** `target.name`. */
export function compileField(target: Typed, name: string, env: CompileEnv, pos: number): Typed {
  const t = target.type;
  const e = target.evaluate;
  if (t.kind === "null") return constantTyped(t, null);
  if (t.kind === "struct") {
    const field = findField(t, name, env, pos);
    const key = field.name;
    const evaluate: SqlEvaluator = (ctx) => {
      const v = e(ctx);
      return v === null ? null : ((v as Struct)[key] ?? null);
    };
    return folded(field.type, evaluate, [target], boundOf(target));
  }
  if (t.kind === "array" && t.element.kind === "struct") {
    const field = findField(t.element, name, env, pos);
    const key = field.name;
    const evaluate: SqlEvaluator = (ctx) => {
      const v = e(ctx);
      if (v === null) return null;
      return (v as readonly SqlValue[]).map((s) => (s === null ? null : ((s as Struct)[key] ?? null)));
    };
    // A new array of the members: counted against the row like the values functions build.
    const limits = valueLimits(env.inputs);
    return folded(
      DataTypes.array(field.type),
      budgeted("the field access", "input", evaluate, limits),
      [target],
      boundOf(target),
    );
  }
  if (t.kind === "map" && t.key.kind === "string") {
    const lookup = mapLookup(t);
    const evaluate: SqlEvaluator = (ctx) => {
      const v = e(ctx);
      return v === null ? null : lookup(v as ReadonlyMap<SqlValue, SqlValue>, name);
    };
    return folded(t.value, evaluate, [target], boundOf(target));
  }
  throw env.error(
    pos,
    `cannot read field "${name}" of a value of type ${typeName(t)}`,
    "only structs (and arrays of structs, and maps with string keys) have fields",
  );
}

/** `target[index]`. */
export function compileSubscript(target: Typed, indexIn: Typed, env: CompileEnv, pos: number): Typed {
  const t = target.type;
  const e = target.evaluate;
  if (t.kind === "null") return constantTyped(t, null);
  if (t.kind === "array") {
    if (!["int", "short", "byte", "long", "string", "null"].includes(indexIn.type.kind)) {
      throw env.error(pos, `an array subscript must be an integer, but has type ${typeName(indexIn.type)}`);
    }
    const index = coerce(indexIn, DataTypes.int, env, pos, "the subscript");
    const evaluate = strict2<readonly SqlValue[], number>(e, index.evaluate, (v, i) => v[i] ?? null);
    return folded(t.element, evaluate, [target, index], boundOf(target));
  }
  if (t.kind === "map") {
    const key = coerce(indexIn, t.key, env, pos, "the map key");
    const lookup = mapLookup(t);
    const evaluate = strict2<ReadonlyMap<SqlValue, SqlValue>, SqlValue>(e, key.evaluate, lookup);
    return folded(t.value, evaluate, [target, key], boundOf(target));
  }
  if (t.kind === "struct") {
    const name = indexIn.constant?.value;
    if (typeof name !== "string")
      throw env.error(pos, "a struct subscript must be a constant field name such as s['name']");
    return compileField(target, name, env, pos);
  }
  throw env.error(
    pos,
    `cannot subscript a value of type ${typeName(t)}`,
    "only arrays, maps and structs take [...]",
  );
}
