/**
 * [NOT] LIKE / ILIKE and [NOT] RLIKE. Constant patterns are compiled once; a pattern that
 * changes per row is compiled when it changes (the last one is kept).
 */
import { DataTypes } from "../../../model/data-type.ts";
import { compileJavaRegex, JavaRegexError } from "../../java-regex/index.ts";
import type { SqlEvaluator } from "../sql-contract.ts";
import type { LikeNode, RlikeNode } from "../syntax/ast.ts";
import { isAtomicType } from "../types/common-types.ts";
import { folded, type Typed } from "../types/typed.ts";
import { likeMatcher, type StringTest } from "../values/like-pattern.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

function asString(node: Typed, env: CompileEnv, pos: number, what: string): Typed {
  if (node.type.kind === "string" || node.type.kind === "null")
    return coerce(node, DataTypes.string, env, pos);
  if (!isAtomicType(node.type))
    throw env.error(pos, `${what} must be a string, but has type ${typeName(node.type)}`);
  return coerce(node, DataTypes.string, env, pos, what);
}

function matchEvaluator(
  operand: Typed,
  pattern: Typed,
  negated: boolean,
  build: (pattern: string) => StringTest | string,
  env: CompileEnv,
  pos: number,
  transform: (s: string) => string,
): SqlEvaluator {
  const e = operand.evaluate;
  if (pattern.constant !== undefined) {
    const p = pattern.constant.value;
    if (p === null) return () => null;
    const test = build(p as string);
    if (typeof test === "string") throw env.error(pos, test);
    if (transform === identity) {
      return negated
        ? (ctx) => {
            const v = e(ctx);
            return v === null ? null : !test(v as string);
          }
        : (ctx) => {
            const v = e(ctx);
            return v === null ? null : test(v as string);
          };
    }
    return (ctx) => {
      const v = e(ctx);
      return v === null ? null : test(transform(v as string)) !== negated;
    };
  }
  const pe = pattern.evaluate;
  let lastPattern: string | undefined;
  let lastTest: StringTest | string = () => false;
  return (ctx) => {
    const v = e(ctx);
    if (v === null) return null;
    const p = pe(ctx);
    if (p === null) return null;
    if (p !== lastPattern) {
      lastPattern = p as string;
      lastTest = build(lastPattern);
    }
    // An invalid pattern computed per row gives NULL rather than stopping the run.
    if (typeof lastTest === "string") return null;
    return lastTest(transform(v as string)) !== negated;
  };
}

const identity = (s: string): string => s;
const lower = (s: string): string => s.toLowerCase();

function regexTest(pattern: string): StringTest | string {
  try {
    const re = compileJavaRegex(pattern, true);
    return (s) => re.test(s);
  } catch (e) {
    if (e instanceof JavaRegexError) return `invalid regular expression "${pattern}": ${e.message}`;
    throw e;
  }
}

/** [NOT] LIKE, ILIKE and RLIKE: the operand and the pattern read as strings, tested row by row. */
export function compilePatternMatch(node: LikeNode | RlikeNode, env: CompileEnv): Typed {
  const pos = node.pattern.pos;
  const operandIn = env.compile(node.operand);
  const patternIn = env.compile(node.pattern);
  const what = node.kind === "like" ? "LIKE" : "RLIKE";
  const operand = asString(operandIn, env, pos, `the left side of ${what}`);
  const pattern = asString(patternIn, env, pos, `the ${what} pattern`);
  const evaluate =
    node.kind === "rlike"
      ? matchEvaluator(operand, pattern, node.negated, regexTest, env, pos, identity)
      : likeEvaluator(node, operand, pattern, env, pos);
  return folded(DataTypes.boolean, evaluate, [operand, pattern]);
}

function likeEvaluator(
  node: LikeNode,
  operand: Typed,
  pattern: Typed,
  env: CompileEnv,
  pos: number,
): SqlEvaluator {
  const { escape: escapeChar, caseInsensitive } = node;
  const build = caseInsensitive
    ? (p: string) => likeMatcher(p.toLowerCase(), escapeChar.toLowerCase())
    : (p: string) => likeMatcher(p, escapeChar);
  return matchEvaluator(operand, pattern, node.negated, build, env, pos, caseInsensitive ? lower : identity);
}
