/** `a || b`: string concatenation (other atomic types are cast to string), or arrays, or binaries. NULL if either is NULL. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";
import { isAtomicType, widerCommonType } from "../types/common-types.ts";
import { boundOf, folded, type Typed } from "../types/typed.ts";
import { budgeted, checkValueSize, valueLimits } from "../values/value-budget.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";
import { nullSafe } from "./kernels.ts";

/** `||` builds a value: its size is checked before it is made, and it counts against the row. */
export function compileConcat(left: Typed, right: Typed, env: CompileEnv, pos: number): Typed {
  const limits = valueLimits(env.inputs);
  const grown = (t: Typed["type"], evaluate: Typed["evaluate"], inputs: readonly Typed[]): Typed =>
    folded(
      t,
      budgeted("||", "grows", evaluate, limits),
      inputs,
      inputs.reduce((n, i) => n + boundOf(i), 0),
    );
  const lt = left.type;
  const rt = right.type;
  if (lt.kind === "array" || rt.kind === "array") {
    const common = widerCommonType(lt, rt);
    if (common === undefined || common.kind !== "array") {
      throw env.error(pos, `cannot concatenate ${typeName(lt)} with ${typeName(rt)}`);
    }
    const l = coerce(left, common, env, pos);
    const r = coerce(right, common, env, pos);
    return grown(
      common,
      nullSafe(l, r, (a: readonly SqlValue[], b: readonly SqlValue[]) => {
        checkValueSize("||", a.length + b.length, limits, "array");
        return [...a, ...b];
      }),
      [l, r],
    );
  }
  if (lt.kind === "binary" && rt.kind === "binary") {
    const kernel = (a: Uint8Array, b: Uint8Array): Uint8Array => {
      checkValueSize("||", a.length + b.length, limits, "string");
      const out = new Uint8Array(a.length + b.length);
      out.set(a, 0);
      out.set(b, a.length);
      return out;
    };
    return grown(DataTypes.binary, nullSafe(left, right, kernel), [left, right]);
  }
  for (const [t, side] of [
    [lt, "left"],
    [rt, "right"],
  ] as const) {
    if (t.kind !== "null" && !isAtomicType(t)) {
      throw env.error(
        pos,
        `operator || needs strings (or two arrays), but its ${side} operand has type ${typeName(t)}`,
      );
    }
  }
  const l = coerce(left, DataTypes.string, env, pos);
  const r = coerce(right, DataTypes.string, env, pos);
  return grown(
    DataTypes.string,
    nullSafe(l, r, (a: string, b: string) => {
      checkValueSize("||", a.length + b.length, limits, "string");
      return a + b;
    }),
    [l, r],
  );
}
