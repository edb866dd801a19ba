import type { SqlAst } from "../engine/index.ts";
import { parseSql } from "../engine/sql-compiler.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import {
  lengthOf,
  NUMERIC,
  numberColumn,
  refNode,
  resolveRef,
  sizeOf,
  stringColumn,
} from "./vector-columns.ts";
import { betweenNumbers, compare, inList } from "./vector-compare.ts";
import { literal } from "./vector-literal.ts";
import { bool, logic, not } from "./vector-logic.ts";
import {
  type BoolNode,
  FALSE,
  type Node,
  NULL,
  no,
  type StrNode,
  scratch,
  TRUE,
  Unsupported,
} from "./vector-node.ts";
import { regexMatch } from "./vector-regex-match.ts";

/*
 * A predicate evaluated over whole Arrow batches in typed-array loops, for the common shapes of
 * checks (a numeric or string field, a struct's field, an array's size or a string's length,
 * compared with literals, BETWEEN, IN, IS NULL, AND/OR/NOT). Each row gets FALSE, TRUE, NULL, or
 * UNSURE: a row the loops do not decide exactly as rowforge's SQL compiler would (NaN, a NULL
 * array's size, a non-ASCII string's length) is left to the compiled row predicate. An
 * expression with anything else is not vectorised at all (undefined).
 */

/** A predicate over whole batches: one state per row (FALSE, TRUE, NULL, UNSURE). */
export interface VectorPredicate {
  /** The states of the batch's rows, or undefined when the batch is not Arrow data (rows built in memory). */
  evaluate(rows: BatchRows): Uint8Array | undefined;
}

function compileNode(ast: SqlAst, fields: readonly ReadField[]): Node {
  switch (ast.kind) {
    case "literal":
      return literal(ast);
    case "unary":
      if (ast.op === "not") return not(bool(compileNode(ast.operand, fields)));
      return literal(ast);
    case "column":
    case "field": {
      const ref = resolveRef(ast, fields);
      if (NUMERIC.has(ref.type.kind)) return numberColumn(ref);
      if (ref.type.kind === "string") return stringColumn(ref);
      return no();
    }
    case "rlike": {
      const r = regexMatch(compileNode(ast.operand, fields), ast.pattern);
      return ast.negated ? not(r) : r;
    }
    case "call": {
      const name = ast.name.toLowerCase();
      if ((name === "rlike" || name === "regexp" || name === "regexp_like") && ast.args.length === 2)
        return regexMatch(compileNode(ast.args[0]!, fields), ast.args[1]!);
      if (ast.args.length !== 1) return no();
      if (name === "size" || name === "cardinality") {
        const ref = resolveRef(ast.args[0]!, fields);
        if (ref.type.kind !== "array") no();
        return sizeOf(ref);
      }
      if (name === "length" || name === "char_length" || name === "character_length" || name === "len") {
        const operand = compileNode(ast.args[0]!, fields);
        if (operand.kind !== "str") no();
        return lengthOf(operand as StrNode);
      }
      return no();
    }
    case "isNull": {
      const ref = refNode(resolveRef(ast.operand, fields));
      const out = scratch((n) => new Uint8Array(n));
      const negated = ast.negated;
      return {
        kind: "bool",
        eval(rows) {
          const s = ref.nulls(rows);
          const o = out(rows.length);
          for (let i = 0; i < rows.length; i++) o[i] = (s[i] === NULL) !== negated ? TRUE : FALSE;
          return o;
        },
      };
    }
    case "binary": {
      if (ast.op === "and" || ast.op === "or") {
        return logic(ast.op, bool(compileNode(ast.left, fields)), bool(compileNode(ast.right, fields)));
      }
      if (
        ast.op === "=" ||
        ast.op === "<>" ||
        ast.op === "<" ||
        ast.op === "<=" ||
        ast.op === ">" ||
        ast.op === ">="
      )
        return compare(ast.op, compileNode(ast.left, fields), compileNode(ast.right, fields));
      return no();
    }
    case "between": {
      const operand = compileNode(ast.operand, fields);
      const low = compileNode(ast.low, fields);
      const high = compileNode(ast.high, fields);
      // A number between two numbers: one loop (as the AND of the two comparisons gives).
      if (operand.kind === "num" && low.kind === "lit" && high.kind === "lit") {
        const r = betweenNumbers(operand, low, high);
        return ast.negated ? not(r) : r;
      }
      const both = logic("and", compare(">=", operand, low), compare("<=", operand, high));
      return ast.negated ? not(both) : both;
    }
    case "in": {
      const operand = compileNode(ast.operand, fields);
      const list = ast.list.map((l) => literal(l));
      const r = inList(operand, list);
      return ast.negated ? not(r) : r;
    }
    default:
      return no();
  }
}

/**
 * The vectorised form of a boolean expression over `fields`, or undefined when it has a part
 * the loops do not cover (the compiled row predicate then does all the work).
 */
export function vectorPredicate(text: string, fields: readonly ReadField[]): VectorPredicate | undefined {
  let root: BoolNode;
  try {
    const node = compileNode(parseSql(text), fields);
    if (node.kind !== "bool") return undefined;
    root = node;
  } catch {
    // Not vectorised: a shape the loops do not cover (or an error the row compiler reports).
    return undefined;
  }
  return {
    evaluate(rows) {
      if (!rows.arrow) return undefined;
      try {
        return root.eval(rows);
      } catch (e) {
        if (e instanceof Unsupported) return undefined;
        throw e;
      }
    },
  };
}
