/**
 * The keyword-led forms of the expression language: function calls (with SUBSTRING ... FROM,
 * POSITION ... IN and EXTRACT ... FROM), CASE, CAST, types, typed literals and INTERVAL.
 */

import { didYouMean } from "../../../errors/index.ts";
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import { parseDataType, SUPPORTED_TYPE_NAMES } from "../../../model/parse-data-type.ts";
import { parseDateString, parseTimestampString } from "../../../util/calendar.ts";
import { sqlError } from "../sql-error.ts";
import type { CallNode, CaseBranch, CaseNode, LiteralNode, SqlAst } from "./ast.ts";
import type { Token } from "./lexer.ts";
import { addIntervalUnit, type IntervalParts, intervalUnit, parseIntervalText } from "./parse-literal.ts";
import type { TokenCursor } from "./token-cursor.ts";

/** The parser as the special forms see it: a token cursor that can parse a whole expression. */
export interface ExpressionParser extends TokenCursor {
  expression(): SqlAst;
  /** An operand without predicates (IN, LIKE, ...) or boolean operators. */
  valueExpression(): SqlAst;
}

const freeze = <T extends object>(node: T): T => Object.freeze(node);

export function literalNode(
  type: LiteralNode["type"],
  value: LiteralNode["value"],
  t: Token,
  pos = t.pos,
): LiteralNode {
  return freeze({ kind: "literal", type, value, pos, end: t.end });
}

export function parseCall(p: ExpressionParser): CallNode {
  const nameToken = p.next();
  const lower = nameToken.text.toLowerCase();
  p.next(); // (
  const args: SqlAst[] = [];
  let name = nameToken.text;
  if (p.isWord("distinct")) {
    throw sqlError(p.text, p.peek().pos, `DISTINCT is not supported in ${nameToken.text}(...)`);
  }
  if (lower === "position" && !p.isOp(")")) {
    // POSITION(substr IN str): the IN here is not a predicate.
    args.push(p.valueExpression());
    if (p.acceptWord("in")) args.push(p.valueExpression());
    else while (p.acceptOp(",")) args.push(p.expression());
  } else if (!p.isOp(")")) {
    args.push(p.expression());
    if ((lower === "substring" || lower === "substr") && p.acceptWord("from")) {
      // SUBSTRING(str FROM pos [FOR len])
      args.push(p.expression());
      if (p.acceptWord("for")) args.push(p.expression());
    } else if (lower === "extract" && args[0]?.kind === "column" && p.acceptWord("from")) {
      // EXTRACT(YEAR FROM x) is date_part('YEAR', x).
      const field = args[0];
      args[0] = freeze({
        kind: "literal",
        type: DataTypes.string,
        value: field.name,
        pos: field.pos,
        end: field.end,
      });
      args.push(p.expression());
      name = "date_part";
    } else {
      while (p.acceptOp(",")) args.push(p.expression());
    }
  }
  p.expectOp(")", ` to close the arguments of ${nameToken.text}(...)`);
  return freeze({ kind: "call", name, args: Object.freeze(args), pos: nameToken.pos, end: p.lastEnd() });
}

export function parseCase(p: ExpressionParser): CaseNode {
  const start = p.next();
  const operand = p.isWord("when") ? null : p.expression();
  const branches: CaseBranch[] = [];
  while (p.acceptWord("when")) {
    const when = p.expression();
    p.expectWord("then", " after CASE ... WHEN condition");
    const then = p.expression();
    branches.push(Object.freeze({ when, then }));
  }
  if (branches.length === 0) p.fail(p.peek(), "WHEN in CASE");
  const otherwise = p.acceptWord("else") ? p.expression() : null;
  p.expectWord("end", " to close CASE");
  return freeze({
    kind: "case",
    operand,
    branches: Object.freeze(branches),
    otherwise,
    pos: start.pos,
    end: p.lastEnd(),
  });
}

export function parseCast(p: ExpressionParser): SqlAst {
  const start = p.next();
  p.next(); // (
  const operand = p.expression();
  p.expectWord("as", " in CAST(... AS type)");
  const target = parseTypeAt(p);
  p.expectOp(")", " to close CAST(...)");
  return freeze({ kind: "cast", operand, target, pos: start.pos, end: p.lastEnd() });
}

/** Reads a type written as in a DDL string (`decimal(10,2)`, `array<struct<a:int>>`). */
export function parseTypeAt(p: TokenCursor): DataType {
  const first = p.peek();
  if (first.kind !== "ident") p.fail(first, "a type name");
  p.i++;
  let depth = 0;
  for (;;) {
    const t = p.peek();
    if (t.kind === "eof") break;
    if (depth === 0 && !(t.kind === "op" && (t.text === "<" || t.text === "("))) break;
    if (t.text === "<" || t.text === "(") depth++;
    else if (t.text === ">" || t.text === ")") depth--;
    p.i++;
    if (depth === 0) break;
  }
  const source = p.text.slice(first.pos, p.lastEnd());
  const parsed = parseDataType(source);
  if (!parsed.ok) {
    const near = parsed.name === undefined ? "" : didYouMean(parsed.name, SUPPORTED_TYPE_NAMES);
    throw sqlError(
      p.text,
      first.pos + parsed.offset,
      `invalid type "${source}": ${parsed.message}${near ? `; ${near}` : ""}`,
      `use a Spark type: ${SUPPORTED_TYPE_NAMES.join(", ")}`,
    );
  }
  return parsed.type;
}

export function parseTypedLiteral(p: TokenCursor, kind: string): SqlAst {
  const start = p.next();
  const t = p.next();
  if (kind === "date") {
    const days = parseDateString(t.value);
    if (days === null) throw sqlError(p.text, t.pos, `"${t.value}" is not a date (write DATE 'yyyy-MM-dd')`);
    return literalNode(DataTypes.date, days, t, start.pos);
  }
  const micros = parseTimestampString(t.value);
  if (micros === null) {
    throw sqlError(p.text, t.pos, `"${t.value}" is not a timestamp (write TIMESTAMP 'yyyy-MM-dd HH:mm:ss')`);
  }
  return literalNode(DataTypes.timestamp, micros, t, start.pos);
}

export function parseInterval(p: TokenCursor): SqlAst {
  const start = p.next();
  const parts: IntervalParts = { months: 0, days: 0, micros: 0 };
  const add = (amount: number, unitToken: Token): void => {
    const unit = unitToken.kind === "ident" ? intervalUnit(unitToken.text) : undefined;
    if (unit === undefined)
      p.fail(unitToken, "an interval unit (YEAR, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND)");
    const problem = addIntervalUnit(parts, amount, unit);
    if (problem !== undefined) throw sqlError(p.text, unitToken.pos, problem);
  };
  if (p.peek().kind === "string") {
    const t = p.next();
    if (p.peek().kind === "ident" && intervalUnit(p.peek().text) !== undefined) {
      const amount = Number(t.value.trim());
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t.value.trim())) {
        throw sqlError(p.text, t.pos, `"${t.value}" is not a number of interval units`);
      }
      add(amount, p.next());
    } else {
      const parsed = parseIntervalText(t.value);
      if (typeof parsed === "string") throw sqlError(p.text, t.pos, parsed);
      Object.assign(parts, parsed);
    }
  } else {
    do {
      const negative = p.acceptOp("-");
      const n = p.peek();
      if (n.kind !== "number" || !/^(\d+\.?\d*|\.\d+)$/.test(n.text)) p.fail(n, "a number of interval units");
      p.i++;
      add(negative ? -Number(n.text) : Number(n.text), p.next());
    } while (p.peek().kind === "number" || (p.isOp("-") && p.peek(1).kind === "number"));
  }
  return freeze({ kind: "interval", value: Object.freeze(parts), pos: start.pos, end: p.lastEnd() });
}
