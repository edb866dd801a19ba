/**
 * + - * / % DIV with Spark's typing: strings become doubles, integral types widen, integer
 * division `/` gives a double, `DIV` a long, decimals follow Spark's precision rules; int and
 * long overflow wraps, division by zero gives NULL.
 */
import { type DataType, DataTypes, type DecimalType } from "../../../model/data-type.ts";
import type { ArithmeticOp } from "../syntax/ast.ts";
import {
  decimalForIntegral,
  decimalResultType,
  isFractionalKind,
  isIntegralKind,
  isNumericType,
  tightestCommonType,
} from "../types/common-types.ts";
import type { SqlType } from "../types/sql-type.ts";
import { folded, type Typed } from "../types/typed.ts";
import { decimalTypeOfInteger, MAX_DECIMAL_PRECISION } from "../values/decimal.ts";
import { decimalIntegralDivide, decimalKernel } from "../values/decimal-arithmetic.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import { compileDateArithmetic, isDateArithmetic } from "./compile-date-arithmetic.ts";
import type { CompileEnv } from "./compile-env.ts";
import { fastNumeric, type Kernel, nullSafe } from "./kernels.ts";

const OP_NAMES: Readonly<Record<ArithmeticOp, string>> = {
  "+": "+",
  "-": "-",
  "*": "*",
  "/": "/",
  "%": "%",
  div: "DIV",
};

/** The decimal type an operand takes next to a decimal: literals by their digits, columns by their type. */
function asDecimalType(node: Typed): DecimalType {
  const c = node.constant?.value;
  if (node.literal && (typeof c === "number" || typeof c === "bigint") && isIntegralKind(node.type)) {
    return decimalTypeOfInteger(c);
  }
  return decimalForIntegral(node.type)!;
}

function wrapKernel(kind: string, op: string): Kernel | undefined {
  const bits = kind === "short" ? 16 : kind === "byte" ? 24 : 0;
  const wrap = bits === 0 ? (v: number) => v | 0 : (v: number) => ((v << bits) >> bits) | 0;
  switch (op) {
    case "+":
      return (a: number, b: number) => wrap(a + b);
    case "-":
      return (a: number, b: number) => wrap(a - b);
    case "*":
      return (a: number, b: number) => wrap(Math.imul(a, b));
    case "%":
      return (a: number, b: number) => (b === 0 ? null : (a % b) | 0);
    default:
      return undefined;
  }
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

function longKernel(op: string): Kernel | undefined {
  switch (op) {
    // Wrapping only when out of range is cheaper than BigInt.asIntN on every row.
    case "+":
      return (a: bigint, b: bigint) => {
        const r = a + b;
        return r >= LONG_MIN && r <= LONG_MAX ? r : BigInt.asIntN(64, r);
      };
    case "-":
      return (a: bigint, b: bigint) => {
        const r = a - b;
        return r >= LONG_MIN && r <= LONG_MAX ? r : BigInt.asIntN(64, r);
      };
    case "*":
      return (a: bigint, b: bigint) => {
        const r = a * b;
        return r >= LONG_MIN && r <= LONG_MAX ? r : BigInt.asIntN(64, r);
      };
    case "%":
      return (a: bigint, b: bigint) => (b === 0n ? null : a % b);
    case "div":
      return (a: bigint, b: bigint) => (b === 0n ? null : BigInt.asIntN(64, a / b));
    default:
      return undefined;
  }
}

function floatKernel(op: string): Kernel | undefined {
  switch (op) {
    case "+":
      return (a: number, b: number) => Math.fround(a + b);
    case "-":
      return (a: number, b: number) => Math.fround(a - b);
    case "*":
      return (a: number, b: number) => Math.fround(a * b);
    case "%":
      return (a: number, b: number) => (b === 0 ? null : Math.fround(a % b));
    default:
      return undefined;
  }
}

/** Evaluator for operands already coerced to `t` (not decimal). */
function sameTypeEvaluator(op: ArithmeticOp, t: DataType, left: Typed, right: Typed) {
  if (t.kind === "double" || t.kind === "int") {
    const fast = fastNumeric(t.kind, op, left, right);
    if (fast !== undefined) return fast;
  }
  let kernel: Kernel | undefined;
  if (t.kind === "double")
    kernel = op === "%" ? (a: number, b: number) => (b === 0 ? null : a % b) : undefined;
  else if (t.kind === "int" || t.kind === "short" || t.kind === "byte") kernel = wrapKernel(t.kind, op);
  else if (t.kind === "long") kernel = longKernel(op);
  else if (t.kind === "float") kernel = floatKernel(op);
  return kernel === undefined ? undefined : nullSafe(left, right, kernel);
}

export function compileArithmetic(
  op: ArithmeticOp,
  leftIn: Typed,
  rightIn: Typed,
  env: CompileEnv,
  pos: number,
): Typed {
  if ((op === "+" || op === "-") && isDateArithmetic(leftIn.type, rightIn.type)) {
    return compileDateArithmetic(op, leftIn, rightIn, env, pos);
  }
  const name = OP_NAMES[op];
  const operandType = (node: Typed, side: string): SqlType => {
    const t = node.type;
    if (t.kind === "string") return DataTypes.double;
    if (t.kind === "null" || isNumericType(t)) return t;
    throw env.error(
      pos,
      `operator ${name} needs numbers, but its ${side} operand has type ${typeName(t)}`,
      t.kind === "date" || t.kind === "timestamp"
        ? "use date_add, date_sub, datediff or an INTERVAL for date arithmetic"
        : undefined,
    );
  };
  let lt = operandType(leftIn, "left");
  let rt = operandType(rightIn, "right");
  if (lt.kind === "null" && rt.kind === "null") lt = rt = DataTypes.double;
  else if (lt.kind === "null") lt = rt;
  else if (rt.kind === "null") rt = lt;
  const left = coerce(leftIn, lt, env, pos);
  const right = coerce(rightIn, rt, env, pos);

  const hasDecimal = lt.kind === "decimal" || rt.kind === "decimal";
  const hasFractional = isFractionalKind(lt) || isFractionalKind(rt);

  if (hasDecimal && !hasFractional) {
    let dl = asDecimalType(left);
    let dr = asDecimalType(right);
    if (op === "div") {
      const l = coerce(left, dl, env, pos);
      const r = coerce(right, dr, env, pos);
      return folded(DataTypes.long, nullSafe(l, r, decimalIntegralDivide(dl.scale, dr.scale)), [l, r]);
    }
    const result = decimalResultType(op, dl, dr);
    if (op === "+" || op === "-") {
      // Scaling a constant to the common scale up front leaves the result type as it is
      // (it keeps its integer digits) and saves a multiplication per row.
      const common = Math.max(dl.scale, dr.scale);
      const widen = (t: DecimalType): DecimalType =>
        DataTypes.decimal(t.precision + common - t.scale, common);
      const fits = (t: DecimalType): boolean => t.precision + common - t.scale <= MAX_DECIMAL_PRECISION;
      if (right.constant !== undefined && dr.scale < common && fits(dr)) dr = widen(dr);
      if (left.constant !== undefined && dl.scale < common && fits(dl)) dl = widen(dl);
    }
    const l = coerce(left, dl, env, pos);
    const r = coerce(right, dr, env, pos);
    return folded(result, nullSafe(l, r, decimalKernel(op, dl.scale, dr.scale, result)), [l, r]);
  }

  let common: DataType;
  if (op === "/") common = DataTypes.double;
  else if (op === "div") common = DataTypes.long;
  else if (hasDecimal) common = DataTypes.double;
  else common = tightestCommonType(lt, rt) as DataType;
  const l = coerce(left, common, env, pos);
  const r = coerce(right, common, env, pos);
  const evaluate = sameTypeEvaluator(op, common, l, r);
  if (evaluate === undefined) throw env.error(pos, `operator ${name} is not defined for ${typeName(common)}`);
  return folded(common, evaluate, [l, r]);
}

/** The bitwise kernels on longs (bigint) and on the narrower integers (number). */
const BITWISE: Readonly<Record<"&" | "|" | "^", readonly [long: Kernel, narrower: Kernel]>> = {
  "&": [(a: bigint, b: bigint) => a & b, (a: number, b: number) => a & b],
  "|": [(a: bigint, b: bigint) => a | b, (a: number, b: number) => a | b],
  "^": [(a: bigint, b: bigint) => a ^ b, (a: number, b: number) => a ^ b],
};

/** Bitwise `&`, `|`, `^` on integral types (widened to the larger). */
export function compileBitwise(
  op: "&" | "|" | "^",
  leftIn: Typed,
  rightIn: Typed,
  env: CompileEnv,
  pos: number,
): Typed {
  const check = (t: SqlType, side: string): SqlType => {
    if (t.kind === "null" || isIntegralKind(t)) return t;
    throw env.error(
      pos,
      `operator ${op} needs integral numbers, but its ${side} operand has type ${typeName(t)}`,
    );
  };
  const lt = check(leftIn.type, "left");
  const rt = check(rightIn.type, "right");
  const common = (tightestCommonType(lt, rt) ?? DataTypes.int) as SqlType;
  const t: SqlType = common.kind === "null" ? DataTypes.int : common;
  const l = coerce(leftIn, t, env, pos);
  const r = coerce(rightIn, t, env, pos);
  const [long, narrower] = BITWISE[op];
  return folded(t, nullSafe(l, r, t.kind === "long" ? long : narrower), [l, r]);
}
