/**
 * Lambda arguments (`x -> ...`, `(acc, x) -> ...`). The function library binds the parameter
 * types; the body is then compiled with the parameters in scope (shadowing fields of the same
 * name). Parameter values live in a frame the invoker fills before each call of the body.
 */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlLambda, SqlRowContext, SqlValue } from "../sql-contract.ts";
import type { LambdaNode } from "../syntax/ast.ts";
import { toDataType } from "../types/sql-type.ts";
import { boundOf } from "../types/typed.ts";
import type { CompileEnv, LambdaVariable } from "./compile-env.ts";

type Invoke = (ctx: SqlRowContext, params: readonly SqlValue[]) => SqlValue;

function invoker(frame: SqlValue[], body: SqlEvaluator): Invoke {
  switch (frame.length) {
    case 1:
      return (ctx, params) => {
        frame[0] = params[0] ?? null;
        return body(ctx);
      };
    case 2:
      return (ctx, params) => {
        frame[0] = params[0] ?? null;
        frame[1] = params[1] ?? null;
        return body(ctx);
      };
    default:
      return (ctx, params) => {
        for (let i = 0; i < frame.length; i++) frame[i] = params[i] ?? null;
        return body(ctx);
      };
  }
}

export function compileLambdaArg(node: LambdaNode, env: CompileEnv): SqlArg {
  const seen = new Set<string>();
  for (const p of node.params) {
    if (seen.has(p.toLowerCase())) throw env.error(node.pos, `the lambda declares parameter "${p}" twice`);
    seen.add(p.toLowerCase());
  }
  const arity = node.params.length;
  const lambda: SqlLambda = {
    arity,
    bind(paramTypes, paramBounds) {
      if (paramTypes.length !== arity) {
        throw env.error(
          node.pos,
          `the lambda takes ${arity} parameter(s), but the function passes ${paramTypes.length}`,
        );
      }
      const frame: SqlValue[] = new Array<SqlValue>(arity).fill(null);
      const variables: LambdaVariable[] = node.params.map((name, index) => {
        const bound = paramBounds?.[index];
        return bound === undefined
          ? { name, type: paramTypes[index]!, frame, index }
          : { name, type: paramTypes[index]!, frame, index, bound };
      });
      const body = env.withLambdaVariables(variables).compile(node.body);
      if (body.type.kind === "interval") {
        throw env.error(
          node.body.pos,
          "a lambda cannot return an interval; add it to a date or timestamp inside the lambda",
        );
      }
      return { type: toDataType(body.type), invoke: invoker(frame, body.evaluate), bound: boundOf(body) };
    },
  };
  // The type of a lambda argument is not meaningful; functions look at `lambda`.
  return { type: DataTypes.string, evaluate: () => null, lambda };
}
