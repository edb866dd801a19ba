/** Compiles one syntax node into a typed evaluator, dispatching on its kind. */

import type { SqlValue } from "../sql-contract.ts";
import type { SqlAst } from "../syntax/ast.ts";
import { INTERVAL_TYPE, NULL_TYPE } from "../types/sql-type.ts";
import { constantTyped, type Typed } from "../types/typed.ts";
import { compileField, compileSubscript } from "./compile-access.ts";
import { compileArithmetic, compileBitwise } from "./compile-arithmetic.ts";
import { compileBetween } from "./compile-between.ts";
import { compileCall } from "./compile-call.ts";
import { compileCase } from "./compile-case.ts";
import { coerce } from "./compile-coerce.ts";
import { compileColumn } from "./compile-column.ts";
import { compileComparison } from "./compile-comparison.ts";
import { compileConcat } from "./compile-concat.ts";
import type { CompileEnv } from "./compile-env.ts";
import { compileIn } from "./compile-in.ts";
import { compileAnd, compileIsBoolean, compileIsNull, compileNot, compileOr } from "./compile-logic.ts";
import { compilePatternMatch } from "./compile-pattern-match.ts";
import { compileUnary } from "./compile-unary.ts";

export function compileExpression(node: SqlAst, env: CompileEnv): Typed {
  switch (node.kind) {
    case "literal":
      return constantTyped(node.type ?? NULL_TYPE, node.value, true);
    case "interval":
      return constantTyped(INTERVAL_TYPE, node.value as unknown as SqlValue);
    case "column":
      return compileColumn(node, env);
    case "field":
      return compileField(env.compile(node.target), node.name, env, node.namePos);
    case "subscript":
      return compileSubscript(env.compile(node.target), env.compile(node.index), env, node.index.pos);
    case "unary": {
      const operand = env.compile(node.operand);
      return node.op === "not"
        ? compileNot(operand, env, node.pos)
        : compileUnary(node.op, operand, env, node.pos);
    }
    case "binary": {
      const left = env.compile(node.left);
      const right = env.compile(node.right);
      switch (node.op) {
        case "and":
          return compileAnd(left, right, env, node.opPos);
        case "or":
          return compileOr(left, right, env, node.opPos);
        case "||":
          return compileConcat(left, right, env, node.opPos);
        case "&":
        case "|":
        case "^":
          return compileBitwise(node.op, left, right, env, node.opPos);
        case "*":
        case "/":
        case "%":
        case "div":
        case "+":
        case "-":
          return compileArithmetic(node.op, left, right, env, node.opPos);
        default:
          return compileComparison(node.op, left, right, env, node.opPos);
      }
    }
    case "isNull":
      return compileIsNull(env.compile(node.operand), node.negated);
    case "isBoolean":
      return compileIsBoolean(env.compile(node.operand), node.value, node.negated, env, node.pos);
    case "in":
      return compileIn(node, env);
    case "between":
      return compileBetween(node, env);
    case "like":
    case "rlike":
      return compilePatternMatch(node, env);
    case "case":
      return compileCase(node, env);
    case "cast":
      return coerce(env.compile(node.operand), node.target, env, node.pos);
    case "call":
      return compileCall(node, env);
    case "lambda":
      throw env.error(
        node.pos,
        "a lambda (x -> ...) can only be an argument of a higher-order function such as transform, filter or aggregate",
      );
  }
}
