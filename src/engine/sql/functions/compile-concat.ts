/** `concat` and `concat_ws`: strings, arrays or binaries joined, within the run's value limits. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { coerceArg, rejectLambdas, stringArg } from "./function-args.ts";
import { argBound, argsBound, checkValueSize, valueLimits } from "./function-bounds.ts";
import { argTypeError } from "./function-errors.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { S } from "./type-shorthands.ts";

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function compileConcat(args: readonly SqlArg[], fn: string, inputs: SqlRunInputs) {
  rejectLambdas(fn, args);
  const limits = valueLimits(inputs);
  const typed = args.filter((a) => !isNullLiteral(a));
  if (typed.length > 0 && typed.every((a) => a.type.kind === "array")) {
    const t = commonArgType(args);
    if (t === undefined) throw argTypeError(fn, 0, "arrays of one common element type", typed[0]!.type);
    const evals = args.map((_, i) => coerceArg(fn, args, i, t));
    return {
      type: t,
      bound: argsBound(args),
      evaluate: ((ctx) => {
        const out: SqlValue[] = [];
        for (const e of evals) {
          const v = e(ctx);
          if (v === null) return null;
          checkValueSize(fn, out.length + (v as readonly SqlValue[]).length, limits, "array");
          out.push(...(v as readonly SqlValue[]));
        }
        return out;
      }) satisfies SqlEvaluator,
    };
  }
  if (typed.length > 0 && typed.every((a) => a.type.kind === "binary")) {
    const evals = args.map((_, i) => coerceArg(fn, args, i, DataTypes.binary));
    return {
      type: DataTypes.binary,
      bound: argsBound(args),
      evaluate: ((ctx) => {
        const parts: Uint8Array[] = [];
        let size = 0;
        for (const e of evals) {
          const v = e(ctx);
          if (v === null) return null;
          size += (v as Uint8Array).length;
          checkValueSize(fn, size, limits, "string");
          parts.push(v as Uint8Array);
        }
        return concatBytes(parts);
      }) satisfies SqlEvaluator,
    };
  }
  const evals = args.map((_, i) => stringArg(fn, args, i));
  return {
    type: S,
    bound: argsBound(args),
    evaluate: ((ctx) => {
      let out = "";
      for (const e of evals) {
        const v = e(ctx);
        if (v === null) return null;
        checkValueSize(fn, out.length + (v as string).length, limits, "string");
        out += v as string;
      }
      return out;
    }) satisfies SqlEvaluator,
  };
}

export function compileConcatWs(args: readonly SqlArg[], fn: string, inputs: SqlRunInputs) {
  rejectLambdas(fn, args);
  const limits = valueLimits(inputs);
  const sep = stringArg(fn, args, 0);
  const parts = args.slice(1).map((a, j) => {
    const i = j + 1;
    if (a.type.kind === "array") return { array: true, e: coerceArg(fn, args, i, DataTypes.array(S)) };
    return { array: false, e: stringArg(fn, args, i) };
  });
  // The separator comes between parts: at most one per element of the arrays (8 bytes each) or argument.
  const pieces = argsBound(args, 1, 0, 1);
  return {
    type: S,
    bound: pieces + argBound(args, 0) * (pieces / 8 + args.length),
    evaluate: ((ctx) => {
      const s = sep(ctx);
      if (s === null) return null;
      const out: string[] = [];
      let size = 0;
      const add = (x: string) => {
        size += x.length + (out.length > 0 ? (s as string).length : 0);
        checkValueSize(fn, size, limits, "string");
        out.push(x);
      };
      for (const p of parts) {
        const v = p.e(ctx);
        if (v === null) continue;
        if (p.array) {
          for (const x of v as readonly SqlValue[]) if (x !== null) add(x as string);
        } else add(v as string);
      }
      return out.join(s as string);
    }) satisfies SqlEvaluator,
  };
}
