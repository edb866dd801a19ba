import type { RowforgeError } from "../../../errors/index.ts";
import type { SqlFunction, SqlRunInputs, SqlScope, SqlValue } from "../sql-contract.ts";
import { sqlError } from "../sql-error.ts";
import type { SqlAst } from "../syntax/ast.ts";
import type { SqlType } from "../types/sql-type.ts";
import type { Typed } from "../types/typed.ts";

/** A lambda parameter in scope: its value lives in a slot of the lambda's frame. */
export interface LambdaVariable {
  readonly name: string;
  readonly type: SqlType;
  readonly frame: SqlValue[];
  readonly index: number;
  /** The most bytes its values take with all they hold, when known. */
  readonly bound?: number;
}

export type CompileNode = (node: SqlAst, env: CompileEnv) => Typed;

/** Everything compiling one node needs: the source (for errors), the scope, and the lambda parameters around it. */
export class CompileEnv {
  readonly text: string;
  readonly scope: SqlScope;
  readonly inputs: SqlRunInputs;
  /** The function library, by lower-case name. */
  readonly functions: ReadonlyMap<string, SqlFunction>;
  readonly lambdaVariables: ReadonlyMap<string, LambdaVariable>;
  private readonly compileNode: CompileNode;

  constructor(
    text: string,
    scope: SqlScope,
    inputs: SqlRunInputs,
    functions: ReadonlyMap<string, SqlFunction>,
    compileNode: CompileNode,
    lambdaVariables: ReadonlyMap<string, LambdaVariable> = new Map(),
  ) {
    this.text = text;
    this.scope = scope;
    this.inputs = inputs;
    this.functions = functions;
    this.compileNode = compileNode;
    this.lambdaVariables = lambdaVariables;
  }

  compile(node: SqlAst): Typed {
    return this.compileNode(node, this);
  }

  /** A child environment where `variables` shadow columns and outer parameters of the same name. */
  withLambdaVariables(variables: readonly LambdaVariable[]): CompileEnv {
    const inner = new Map(this.lambdaVariables);
    for (const v of variables) inner.set(v.name.toLowerCase(), v);
    return new CompileEnv(this.text, this.scope, this.inputs, this.functions, this.compileNode, inner);
  }

  error(pos: number, message: string, hint?: string): RowforgeError {
    return sqlError(this.text, pos, message, hint);
  }
}
