/**
 * Maps and structs: map, map_keys, map_values, map_entries, map_from_arrays, map_from_entries,
 * map_concat, map_contains_key, str_to_map, struct, named_struct. Map keys follow Spark's
 * default policy: NULL or duplicate keys are errors.
 */
import { type DataType, DataTypes, type StructField } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { arrayArg } from "./array-functions.ts";
import { equalityFor, isPrimitiveKeyType } from "./comparators-and-set-keys.ts";
import { coerceArg, constantArg, rejectLambdas, stringArg } from "./function-args.ts";
import { argsBound, checkValueSize, collectionBound, partsBound, valueLimits } from "./function-bounds.ts";
import { argTypeError, runtimeError, sqlError } from "./function-errors.ts";
import { buildMap } from "./higher-order-functions.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { compileRegex, javaSplit } from "./regex-tools.ts";
import { type CompiledCall, type CompileFn, functionTable } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";
import { S } from "./type-shorthands.ts";

type Values = readonly SqlValue[];
type SqlMap = ReadonlyMap<SqlValue, SqlValue>;

function mapArg(fn: string, args: readonly SqlArg[], i: number) {
  const a = args[i]!;
  if (a.type.kind === "map") return { type: a.type, evaluate: a.evaluate };
  if (isNullLiteral(a)) return { type: DataTypes.map(S, S), evaluate: () => null };
  throw argTypeError(fn, i, "a map", a.type);
}

function compileMap(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  rejectLambdas(fn, args);
  if (args.length % 2 !== 0)
    throw sqlError(fn, "needs an even number of arguments: key1, value1, key2, value2, ...");
  const keys = args.filter((_, i) => i % 2 === 0);
  const values = args.filter((_, i) => i % 2 === 1);
  const kt = keys.length === 0 ? S : commonArgType(keys);
  const vt = values.length === 0 ? S : commonArgType(values);
  if (kt === undefined) throw sqlError(fn, "the keys have no common type; cast them to one type");
  if (vt === undefined) throw sqlError(fn, "the values have no common type; cast them to one type");
  const pairs = keys.map((_, j) => ({
    k: coerceArg(fn, args, 2 * j, kt),
    v: coerceArg(fn, args, 2 * j + 1, vt),
  }));
  return {
    type: DataTypes.map(kt, vt),
    bound: collectionBound(args),
    evaluate: ((ctx) =>
      buildMap(
        fn,
        kt,
        pairs.map((p) => [p.k(ctx), p.v(ctx)] as const),
      )) satisfies SqlEvaluator,
  };
}

function entryStruct(key: DataType, value: DataType): DataType {
  return DataTypes.struct([
    { name: "key", type: key, nullable: false },
    { name: "value", type: value, nullable: true },
  ]);
}

function entryOf(key: SqlValue, value: SqlValue): SqlValue {
  const o: Record<string, SqlValue> = Object.create(null);
  o.key = key;
  o.value = value;
  return o;
}

function compileFromEntries(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arr = arrayArg(fn, args, 0);
  const st = arr.type.element;
  if (st.kind !== "struct" || st.fields.length !== 2)
    throw argTypeError(fn, 0, "an array of two-field structs", arr.type);
  const [kf, vf] = st.fields as [StructField, StructField];
  return {
    type: DataTypes.map(kf.type, vf.type),
    evaluate: strict1<Values>(arr.evaluate, (a) => {
      const entries: [SqlValue, SqlValue][] = [];
      for (const e of a) {
        if (e === null) return null;
        const o = e as Record<string, SqlValue>;
        entries.push([o[kf.name] ?? null, o[vf.name] ?? null]);
      }
      return buildMap(fn, kf.type, entries);
    }),
  };
}

function compileMapConcat(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  const limits = valueLimits(inputs);
  for (let i = 0; i < args.length; i++) mapArg(fn, args, i);
  const t = args.length === 0 ? DataTypes.map(S, S) : commonArgType(args);
  if (t === undefined || t.kind !== "map")
    throw sqlError(fn, "the maps have no common type; cast them to one type");
  const evals = args.map((_, i) => coerceArg(fn, args, i, t));
  return {
    type: t,
    bound: argsBound(args),
    evaluate: ((ctx) => {
      const entries: (readonly [SqlValue, SqlValue])[] = [];
      for (const e of evals) {
        const m = e(ctx);
        if (m === null) return null;
        checkValueSize(fn, entries.length + (m as SqlMap).size, limits, "array");
        for (const entry of m as SqlMap) entries.push(entry);
      }
      return buildMap(fn, t.key, entries);
    }) satisfies SqlEvaluator,
  };
}

function compileStrToMap(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const pairDelim = args.length > 1 ? constantArg(fn, args, 1, S) : { value: "," };
  const kvDelim = args.length > 2 ? constantArg(fn, args, 2, S) : { value: ":" };
  if (
    pairDelim === undefined ||
    kvDelim === undefined ||
    pairDelim.value === null ||
    kvDelim.value === null
  ) {
    throw sqlError(fn, "the delimiters must be string literals");
  }
  const pairs = compileRegex(fn, pairDelim.value as string);
  const kv = compileRegex(fn, kvDelim.value as string);
  return {
    type: DataTypes.map(S, S),
    bound: partsBound(args),
    evaluate: strict1<string>(stringArg(fn, args, 0), (text) =>
      buildMap(
        fn,
        S,
        javaSplit(text, pairs, -1).map((p) => {
          const parts = javaSplit(p, kv, 2);
          return [parts[0] ?? "", parts[1] ?? null] as const;
        }),
      ),
    ),
  };
}

function compileStruct(named: boolean): CompileFn {
  return (args, _inputs, fn) => {
    rejectLambdas(fn, args);
    const fields: { name: string; type: DataType; e: SqlEvaluator }[] = [];
    if (named) {
      if (args.length % 2 !== 0)
        throw sqlError(fn, "needs pairs of arguments: 'name1', value1, 'name2', value2, ...");
      for (let i = 0; i < args.length; i += 2) {
        const name = constantArg(fn, args, i, S);
        if (name === undefined || name.value === null)
          throw sqlError(fn, `argument ${i + 1} must be a field name in quotes`);
        const v = args[i + 1]!;
        fields.push({ name: name.value as string, type: isNullLiteral(v) ? S : v.type, e: v.evaluate });
      }
    } else {
      args.forEach((a, i) => {
        fields.push({ name: `col${i + 1}`, type: isNullLiteral(a) ? S : a.type, e: a.evaluate });
      });
    }
    const names = new Set<string>();
    for (const f of fields) {
      if (names.has(f.name.toLowerCase())) throw sqlError(fn, `the field name "${f.name}" is used twice`);
      names.add(f.name.toLowerCase());
    }
    return {
      type: DataTypes.struct(fields.map((f) => ({ name: f.name, type: f.type, nullable: true }))),
      bound: collectionBound(args),
      evaluate: ((ctx) => {
        const o: Record<string, SqlValue> = Object.create(null);
        for (const f of fields) o[f.name] = f.e(ctx);
        return o;
      }) satisfies SqlEvaluator,
    };
  };
}

function compileMapKeys(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const m = mapArg(fn, args, 0);
  return { type: DataTypes.array(m.type.key), evaluate: strict1<SqlMap>(m.evaluate, (x) => [...x.keys()]) };
}

function compileMapValues(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const m = mapArg(fn, args, 0);
  return {
    type: DataTypes.array(m.type.value),
    evaluate: strict1<SqlMap>(m.evaluate, (x) => [...x.values()]),
  };
}

function compileMapEntries(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const m = mapArg(fn, args, 0);
  return {
    type: DataTypes.array(entryStruct(m.type.key, m.type.value)),
    // Each entry becomes a struct of two members in an array slot.
    bound: argsBound(args, 2, 16),
    evaluate: strict1<SqlMap>(m.evaluate, (x) => Array.from(x, ([k, v]) => entryOf(k, v))),
  };
}

function compileMapFromArrays(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const k = arrayArg(fn, args, 0);
  const v = arrayArg(fn, args, 1);
  return {
    type: DataTypes.map(k.type.element, v.type.element),
    evaluate: strict2<Values, Values>(k.evaluate, v.evaluate, (ks, vs) => {
      if (ks.length !== vs.length) {
        throw runtimeError(
          fn,
          `the key array has ${ks.length} elements but the value array has ${vs.length}`,
        );
      }
      return buildMap(
        fn,
        k.type.element,
        ks.map((key, i) => [key, vs[i] ?? null] as const),
      );
    }),
  };
}

function compileMapContainsKey(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const m = mapArg(fn, args, 0);
  const eq = equalityFor(m.type.key);
  const has = isPrimitiveKeyType(m.type.key)
    ? (x: SqlMap, k: SqlValue): boolean => x.has(k)
    : (x: SqlMap, k: SqlValue): boolean => [...x.keys()].some((mk) => mk !== null && eq(mk, k));
  return {
    type: DataTypes.boolean,
    evaluate: strict2<SqlMap, SqlValue>(m.evaluate, coerceArg(fn, args, 1, m.type.key), has),
  };
}

export const MAP_STRUCT_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "map(keysAndValues...)",
    "grows",
    "map(k1, v1, k2, v2, ...): a map (NULL or duplicate keys are errors)",
    compileMap,
  ],
  ["map_keys(map)", "input", "the keys of a map as an array", compileMapKeys],
  ["map_values(map)", "input", "the values of a map as an array", compileMapValues],
  ["map_entries(map)", "input", "the entries of a map as an array of struct<key, value>", compileMapEntries],
  ["map_from_arrays(keys, values)", "input", ": arrays of equal length", compileMapFromArrays],
  ["map_from_entries(entries)", "input", "a map from an array of (key, value) structs", compileFromEntries],
  ["map_concat(maps...)", "grows", "the union of maps (duplicate keys are errors)", compileMapConcat],
  ["map_contains_key(map, key)", "fixed", "whether the map has the key", compileMapContainsKey],
  [
    "str_to_map(text[, pairDelim, keyValueDelim])",
    "input",
    "str_to_map(text[, pairDelim=',', keyValueDelim=':']): splits text into a map (delimiters are regexes)",
    compileStrToMap,
  ],
  [
    "struct(values...)",
    "grows",
    "struct(v1, v2, ...): a struct with fields col1, col2, ...",
    compileStruct(false),
  ],
  [
    "named_struct(namesAndValues...)",
    "grows",
    "named_struct('a', v1, 'b', v2, ...): a struct with the given field names",
    compileStruct(true),
  ],
]);
