/**
 * A recursive-descent parser for Spark SQL expressions with Spark's operator precedence
 * (loosest first): OR, AND, NOT, predicates (IS, IN, BETWEEN, LIKE, RLIKE), comparisons,
 * `|`, `^`, `&`, `+ - ||`, `* / % DIV`, unary `- + ~`, postfix `.field [index] ::type`.
 */

import { RowforgeError } from "../../../errors/index.ts";
import { DataTypes } from "../../../model/data-type.ts";
import { DEFAULT_BUDGET, raiseHint } from "../../budget/generation-budget.ts";
import type { SqlLimits } from "../sql-contract.ts";
import { describeFound, sqlError } from "../sql-error.ts";
import type { BinaryOp, ComparisonOp, LambdaNode, SqlAst } from "./ast.ts";
import type { Token } from "./lexer.ts";
import { numberLiteral } from "./parse-literal.ts";
import {
  literalNode,
  parseCall,
  parseCase,
  parseCast,
  parseInterval,
  parseTypeAt,
  parseTypedLiteral,
} from "./parse-special-forms.ts";
import { TokenCursor } from "./token-cursor.ts";

/** Words that end an operand, so they cannot be read as column names without backquotes. */
const RESERVED = new Set([
  "and",
  "or",
  "not",
  "is",
  "in",
  "between",
  "like",
  "ilike",
  "rlike",
  "regexp",
  "escape",
  "when",
  "then",
  "else",
  "end",
  "as",
  "from",
  "for",
]);

const COMPARISONS: Readonly<Record<string, ComparisonOp>> = {
  "=": "=",
  "==": "=",
  "<>": "<>",
  "!=": "<>",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
  "<=>": "<=>",
};

/** The bitwise operators, from the loosest. */
const BITWISE_LEVELS = ["|", "^", "&"] as const;

const freeze = <T extends object>(node: T): T => Object.freeze(node);

/** How deeply parentheses, calls, NOT and unary signs may nest: far beyond real expressions, well inside the stack. */
export const MAX_SQL_NESTING = 256;

class Parser extends TokenCursor {
  private depth = 0;
  private readonly maxDepth: number;

  constructor(text: string, maxDepth: number) {
    super(text);
    this.maxDepth = maxDepth;
  }

  /** Runs one level of recursion, refusing expressions nested deeper than the budget (not a stack overflow). */
  private nested<T>(parse: () => T): T {
    if (++this.depth > this.maxDepth) throw tooDeep(this.maxDepth, this.peek().pos);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  parse(): SqlAst {
    if (this.peek().kind === "eof") throw sqlError(this.text, 0, "the expression is empty");
    const expr = this.expression();
    const t = this.peek();
    if (t.kind !== "eof") {
      throw sqlError(this.text, t.pos, `unexpected ${describeFound(t.text)} after a complete expression`);
    }
    return expr;
  }

  // ---- precedence levels ----

  expression(): SqlAst {
    return this.nested(() => this.or());
  }

  private binary(op: BinaryOp, left: SqlAst, right: SqlAst, opPos: number): SqlAst {
    return freeze({ kind: "binary", op, left, right, opPos, pos: left.pos, end: right.end });
  }

  private or(): SqlAst {
    let left = this.and();
    while (this.isWord("or")) {
      const opPos = this.next().pos;
      left = this.binary("or", left, this.and(), opPos);
    }
    return left;
  }

  private and(): SqlAst {
    let left = this.not();
    while (this.isWord("and")) {
      const opPos = this.next().pos;
      left = this.binary("and", left, this.not(), opPos);
    }
    return left;
  }

  private not(): SqlAst {
    if (this.isWord("not") || this.isOp("!")) {
      const pos = this.next().pos;
      const operand = this.nested(() => this.not());
      return freeze({ kind: "unary", op: "not", operand, pos, end: operand.end });
    }
    return this.predicated();
  }

  private predicated(): SqlAst {
    let left = this.comparison();
    for (;;) {
      if (this.isWord("is")) {
        left = this.isPredicate(left);
        continue;
      }
      const negated = this.isWord("not") && this.isPredicateWord(1);
      if (!negated && !this.isPredicateWord(0)) return left;
      if (negated) this.i++;
      const word = this.next().text.toLowerCase();
      left = this.predicate(word, left, negated);
    }
  }

  private isPredicateWord(offset: number): boolean {
    const t = this.peek(offset);
    return t.kind === "ident" && /^(in|between|like|ilike|rlike|regexp)$/i.test(t.text);
  }

  private isPredicate(operand: SqlAst): SqlAst {
    this.next(); // IS
    const negated = this.acceptWord("not");
    const t = this.next();
    const word = t.kind === "ident" ? t.text.toLowerCase() : "";
    if (word === "null") {
      return freeze({ kind: "isNull", operand, negated, pos: operand.pos, end: t.end });
    }
    if (word === "true" || word === "false") {
      return freeze({
        kind: "isBoolean",
        operand,
        value: word === "true",
        negated,
        pos: operand.pos,
        end: t.end,
      });
    }
    if (word === "distinct") {
      this.expectWord("from", " after IS DISTINCT");
      const right = this.comparison();
      const same = this.binary("<=>", operand, right, t.pos);
      return negated
        ? same
        : freeze({ kind: "unary", op: "not", operand: same, pos: operand.pos, end: right.end });
    }
    return this.fail(t, "NULL, TRUE, FALSE or DISTINCT FROM after IS");
  }

  private predicate(word: string, operand: SqlAst, negated: boolean): SqlAst {
    switch (word) {
      case "in": {
        this.expectOp("(", " after IN");
        const list: SqlAst[] = [this.expression()];
        while (this.acceptOp(",")) list.push(this.expression());
        this.expectOp(")", " to close the IN list");
        return freeze({
          kind: "in",
          operand,
          list: Object.freeze(list),
          negated,
          pos: operand.pos,
          end: this.lastEnd(),
        });
      }
      case "between": {
        const low = this.comparison();
        this.expectWord("and", " in BETWEEN ... AND ...");
        const high = this.comparison();
        return freeze({ kind: "between", operand, low, high, negated, pos: operand.pos, end: high.end });
      }
      case "like":
      case "ilike": {
        const pattern = this.comparison();
        let escapeChar = "\\";
        if (this.acceptWord("escape")) {
          const t = this.next();
          if (t.kind !== "string" || [...t.value].length !== 1)
            this.fail(t, "a one-character string after ESCAPE");
          escapeChar = t.value;
        }
        return freeze({
          kind: "like",
          operand,
          pattern,
          escape: escapeChar,
          caseInsensitive: word === "ilike",
          negated,
          pos: operand.pos,
          end: this.lastEnd(),
        });
      }
      default: {
        const pattern = this.comparison();
        return freeze({ kind: "rlike", operand, pattern, negated, pos: operand.pos, end: pattern.end });
      }
    }
  }

  valueExpression(): SqlAst {
    return this.comparison();
  }

  private comparison(): SqlAst {
    let left = this.bitwise(0);
    for (;;) {
      const t = this.peek();
      const op = t.kind === "op" ? COMPARISONS[t.text] : undefined;
      if (op === undefined) return left;
      this.i++;
      left = this.binary(op, left, this.bitwise(0), t.pos);
    }
  }

  /** `|`, then `^`, then `&` (level 0, 1, 2), each left-associative; below them the additive operators. */
  private bitwise(level: number): SqlAst {
    const op = BITWISE_LEVELS[level]!;
    let left = level < 2 ? this.bitwise(level + 1) : this.additive();
    while (this.isOp(op)) {
      const opPos = this.next().pos;
      left = this.binary(op, left, level < 2 ? this.bitwise(level + 1) : this.additive(), opPos);
    }
    return left;
  }

  private additive(): SqlAst {
    let left = this.multiplicative();
    for (;;) {
      const t = this.peek();
      if (t.kind !== "op" || (t.text !== "+" && t.text !== "-" && t.text !== "||")) return left;
      this.i++;
      left = this.binary(t.text as BinaryOp, left, this.multiplicative(), t.pos);
    }
  }

  private multiplicative(): SqlAst {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      let op: BinaryOp | undefined;
      if (t.kind === "op" && (t.text === "*" || t.text === "/" || t.text === "%")) op = t.text;
      else if (this.isWord("div")) op = "div";
      if (op === undefined) return left;
      this.i++;
      left = this.binary(op, left, this.unary(), t.pos);
    }
  }

  private unary(): SqlAst {
    const t = this.peek();
    if (t.kind === "op" && (t.text === "-" || t.text === "+" || t.text === "~")) {
      this.i++;
      if (t.text === "-" && this.peek().kind === "number") {
        // `-2147483648` is one int literal in Spark, not the negation of a long.
        return this.postfix(this.number(this.next(), true, t.pos));
      }
      const operand = this.nested(() => this.unary());
      return freeze({ kind: "unary", op: t.text, operand, pos: t.pos, end: operand.end });
    }
    return this.postfix(this.primary());
  }

  private postfix(expr: SqlAst): SqlAst {
    for (;;) {
      if (this.acceptOp(".")) {
        const { name, pos } = this.name('a field name after "."');
        expr = freeze({
          kind: "field",
          target: expr,
          name,
          namePos: pos,
          pos: expr.pos,
          end: this.lastEnd(),
        });
      } else if (this.acceptOp("[")) {
        const index = this.expression();
        this.expectOp("]", " to close the subscript");
        expr = freeze({ kind: "subscript", target: expr, index, pos: expr.pos, end: this.lastEnd() });
      } else if (this.acceptOp("::")) {
        const target = parseTypeAt(this);
        expr = freeze({ kind: "cast", operand: expr, target, pos: expr.pos, end: this.lastEnd() });
      } else return expr;
    }
  }

  // ---- primaries ----

  private primary(): SqlAst {
    const t = this.peek();
    switch (t.kind) {
      case "number":
        return this.number(this.next(), false, t.pos);
      case "string":
        return this.stringLiteral();
      case "binary": {
        this.i++;
        const hex = t.value.length % 2 === 1 ? `0${t.value}` : t.value;
        const bytes = new Uint8Array(hex.length / 2);
        for (let k = 0; k < bytes.length; k++) bytes[k] = Number.parseInt(hex.slice(2 * k, 2 * k + 2), 16);
        return literalNode(DataTypes.binary, bytes, t);
      }
      case "quoted":
        return this.nameOrLambda();
      case "ident":
        return this.word(t);
      case "op":
        if (t.text === "(") return this.parenthesised();
        return this.fail(t, "an expression");
      default:
        return this.fail(t, "an expression");
    }
  }

  private number(t: Token, negative: boolean, pos: number): SqlAst {
    const lit = numberLiteral(t.text, negative);
    if (typeof lit === "string") throw sqlError(this.text, pos, lit);
    return literalNode(lit.type, lit.value, t, pos);
  }

  private stringLiteral(): SqlAst {
    const first = this.next();
    let value = first.value;
    let last = first;
    // Adjacent literals concatenate: 'a' 'b' is 'ab'.
    while (this.peek().kind === "string") {
      last = this.next();
      value += last.value;
    }
    return freeze({ kind: "literal", type: DataTypes.string, value, pos: first.pos, end: last.end });
  }

  private word(t: Token): SqlAst {
    const lower = t.text.toLowerCase();
    const next = this.peek(1);
    switch (lower) {
      case "null":
        this.i++;
        return literalNode(null, null, t);
      case "true":
      case "false":
        this.i++;
        return literalNode(DataTypes.boolean, lower === "true", t);
      case "case":
        return parseCase(this);
      case "cast":
      case "try_cast":
        if (next.text === "(") return parseCast(this);
        break;
      case "date":
      case "timestamp":
      case "timestamp_ntz":
      case "timestamp_ltz":
        if (next.kind === "string") return parseTypedLiteral(this, lower);
        break;
      case "interval":
        if (next.kind === "string" || next.kind === "number" || next.text === "-") return parseInterval(this);
        break;
      default:
        break;
    }
    if (next.kind === "op" && next.text === "(") return parseCall(this);
    if (RESERVED.has(lower)) this.fail(t, "an expression");
    return this.nameOrLambda();
  }

  private nameOrLambda(): SqlAst {
    const { name, pos } = this.name("a name");
    if (this.isOp("->")) return this.lambdaBody([name], pos);
    return freeze({ kind: "column", name, pos, end: this.lastEnd() });
  }

  private lambdaBody(params: string[], pos: number): LambdaNode {
    this.expectOp("->");
    const body = this.expression();
    return freeze({ kind: "lambda", params: Object.freeze(params), body, pos, end: body.end });
  }

  private parenthesised(): SqlAst {
    const open = this.next();
    // `(a, b) -> ...` is a lambda: scan for names separated by commas, `)` then `->`.
    let k = 0;
    let looksLikeLambda = false;
    for (;;) {
      const t = this.peek(k);
      if (t.kind !== "ident" && t.kind !== "quoted") break;
      const after = this.peek(k + 1);
      if (after.text === ",") {
        k += 2;
        continue;
      }
      looksLikeLambda = after.text === ")" && this.peek(k + 2).text === "->";
      break;
    }
    if (looksLikeLambda) {
      const params: string[] = [this.name("a parameter name").name];
      while (this.acceptOp(",")) params.push(this.name("a parameter name").name);
      this.expectOp(")");
      return this.lambdaBody(params, open.pos);
    }
    const inner = this.expression();
    this.expectOp(")", " to close the parenthesis");
    return freeze({ ...inner, pos: open.pos, end: this.lastEnd() });
  }
}

/**
 * Parses a Spark SQL expression; throws RF_SQL_INVALID naming the position and what was
 * expected, and RF_BUDGET_EXCEEDED for expressions longer or deeper than the limits (so
 * compiling the tree can never overflow the stack).
 */
export function parseSql(text: string, limits?: Pick<SqlLimits, "maxSqlLength" | "maxSqlDepth">): SqlAst {
  const maxLength = limits?.maxSqlLength ?? DEFAULT_BUDGET.maxSqlLength;
  const maxDepth = limits?.maxSqlDepth ?? DEFAULT_BUDGET.maxSqlDepth;
  if (text.length > maxLength) {
    throw new RowforgeError(
      "RF_BUDGET_EXCEEDED",
      `the sql expression is ${text.length} characters long, more than the generation budget maxSqlLength = ${maxLength}`,
      { hint: raiseHint("maxSqlLength") },
    );
  }
  const ast = new Parser(text, maxDepth).parse();
  // Operator chains (a + b + c ...) are parsed in loops but compiled recursively: bound the tree too.
  const stack: [unknown, number][] = [[ast, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > maxDepth) {
      const pos = (node as { pos?: unknown }).pos;
      throw tooDeep(maxDepth, typeof pos === "number" ? pos : 0);
    }
    for (const v of Object.values(node as object)) {
      if (Array.isArray(v)) {
        for (const x of v) if (isNode(x)) stack.push([x, depth + 1]);
      } else if (isNode(v)) stack.push([v, depth + 1]);
    }
  }
  return ast;
}

const isNode = (v: unknown): boolean =>
  typeof v === "object" && v !== null && typeof (v as { kind?: unknown }).kind === "string";

function tooDeep(maxDepth: number, pos: number): RowforgeError {
  return new RowforgeError(
    "RF_BUDGET_EXCEEDED",
    `the sql expression nests deeper than the generation budget maxSqlDepth = ${maxDepth} (at character ${pos + 1})`,
    { hint: raiseHint("maxSqlDepth") },
  );
}
