/**
 * The syntax tree of a Spark SQL expression: kind-tagged, frozen nodes, each with the source
 * offsets it spans (`pos` inclusive, `end` exclusive) for error messages.
 */
import type { DataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";
import type { IntervalValue } from "../types/sql-type.ts";

interface Spanned {
  readonly pos: number;
  readonly end: number;
}

/** A literal; `type` null is the untyped NULL. */
export interface LiteralNode extends Spanned {
  readonly kind: "literal";
  readonly type: DataType | null;
  readonly value: SqlValue;
}
export interface IntervalNode extends Spanned {
  readonly kind: "interval";
  readonly value: IntervalValue;
}
/** A top-level name: a field in scope or a lambda parameter. */
export interface ColumnNode extends Spanned {
  readonly kind: "column";
  readonly name: string;
}
/** `target.name`: a struct field (or a map key, or the field of every struct of an array). */
export interface FieldNode extends Spanned {
  readonly kind: "field";
  readonly target: SqlAst;
  readonly name: string;
  readonly namePos: number;
}
/** `target[index]`: 0-based array element, map value or struct field. */
export interface SubscriptNode extends Spanned {
  readonly kind: "subscript";
  readonly target: SqlAst;
  readonly index: SqlAst;
}
export type UnaryOp = "-" | "+" | "~" | "not";
export interface UnaryNode extends Spanned {
  readonly kind: "unary";
  readonly op: UnaryOp;
  readonly operand: SqlAst;
}
export const ARITHMETIC_OPS = ["*", "/", "%", "div", "+", "-"] as const;
export const COMPARISON_OPS = ["=", "<>", "<", "<=", ">", ">=", "<=>"] as const;
export type ArithmeticOp = (typeof ARITHMETIC_OPS)[number];
export type ComparisonOp = (typeof COMPARISON_OPS)[number];
export type BinaryOp = ArithmeticOp | ComparisonOp | "||" | "&" | "|" | "^" | "and" | "or";
export interface BinaryNode extends Spanned {
  readonly kind: "binary";
  readonly op: BinaryOp;
  readonly left: SqlAst;
  readonly right: SqlAst;
  /** Offset of the operator, for type errors. */
  readonly opPos: number;
}
/** `x IS [NOT] NULL`. */
export interface IsNullNode extends Spanned {
  readonly kind: "isNull";
  readonly operand: SqlAst;
  readonly negated: boolean;
}
/** `x IS [NOT] TRUE|FALSE`. */
export interface IsBooleanNode extends Spanned {
  readonly kind: "isBoolean";
  readonly operand: SqlAst;
  readonly value: boolean;
  readonly negated: boolean;
}
export interface InNode extends Spanned {
  readonly kind: "in";
  readonly operand: SqlAst;
  readonly list: readonly SqlAst[];
  readonly negated: boolean;
}
export interface BetweenNode extends Spanned {
  readonly kind: "between";
  readonly operand: SqlAst;
  readonly low: SqlAst;
  readonly high: SqlAst;
  readonly negated: boolean;
}
/** `x [NOT] LIKE|ILIKE pattern [ESCAPE 'c']`. */
export interface LikeNode extends Spanned {
  readonly kind: "like";
  readonly operand: SqlAst;
  readonly pattern: SqlAst;
  readonly escape: string;
  readonly caseInsensitive: boolean;
  readonly negated: boolean;
}
/** `x [NOT] RLIKE|REGEXP pattern`: a Java regular expression found anywhere in x. */
export interface RlikeNode extends Spanned {
  readonly kind: "rlike";
  readonly operand: SqlAst;
  readonly pattern: SqlAst;
  readonly negated: boolean;
}
export interface CaseBranch {
  readonly when: SqlAst;
  readonly then: SqlAst;
}
/** `CASE [operand] WHEN .. THEN .. [ELSE ..] END`. */
export interface CaseNode extends Spanned {
  readonly kind: "case";
  readonly operand: SqlAst | null;
  readonly branches: readonly CaseBranch[];
  readonly otherwise: SqlAst | null;
}
/** `CAST(x AS type)`, `TRY_CAST(...)`, `x::type`. */
export interface CastNode extends Spanned {
  readonly kind: "cast";
  readonly operand: SqlAst;
  readonly target: DataType;
}
export interface CallNode extends Spanned {
  readonly kind: "call";
  /** As written; looked up case-insensitively. */
  readonly name: string;
  readonly args: readonly SqlAst[];
}
/** `x -> body` or `(a, b) -> body`: only valid as a function argument. */
export interface LambdaNode extends Spanned {
  readonly kind: "lambda";
  readonly params: readonly string[];
  readonly body: SqlAst;
}

export type SqlAst =
  | LiteralNode
  | IntervalNode
  | ColumnNode
  | FieldNode
  | SubscriptNode
  | UnaryNode
  | BinaryNode
  | IsNullNode
  | IsBooleanNode
  | InNode
  | BetweenNode
  | LikeNode
  | RlikeNode
  | CaseNode
  | CastNode
  | CallNode
  | LambdaNode;

export type SqlAstKind = SqlAst["kind"];
