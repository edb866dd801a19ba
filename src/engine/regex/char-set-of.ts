import type { AST } from "@eslint-community/regexpp";
import {
  type CodePointRanges,
  intersectRanges,
  normalizeRanges,
  PRINTABLE_ASCII,
  subtractRanges,
  unionRanges,
} from "./code-point-set.ts";
import { propertyCodePoints } from "./unicode-property-set.ts";

/**
 * The characters a class, escape or `.` draws from. Negation is kept symbolic while classes
 * are combined (`[\p{L}&&[^a-z]]` is letters minus a-z, not an ASCII-bounded complement), and
 * only a negation that survives to the end is taken against printable ASCII.
 */
export type SetNode =
  | AST.CharacterClass
  | AST.CharacterSet
  | AST.ExpressionCharacterClass
  | AST.CharacterClassElement
  | AST.ClassSetOperand
  | AST.ClassIntersection
  | AST.ClassSubtraction;

/** A set, or the complement of a set when `negated`. */
interface SetValue {
  readonly set: CodePointRanges;
  readonly negated: boolean;
}

/** Thrown for set members the generator cannot draw from; the caller adds the pattern. */
export class UnsupportedSetMember extends Error {
  readonly node: SetNode;
  readonly construct: string;
  constructor(node: SetNode, construct: string) {
    super(construct);
    this.node = node;
    this.construct = construct;
  }
}

export const DIGIT: CodePointRanges = [0x30, 0x39];
export const WORD: CodePointRanges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** Java's `\s`: space, \t, \n, \x0B, \f, \r. */
export const SPACE: CodePointRanges = [0x09, 0x0d, 0x20, 0x20];

export function charSetOf(node: SetNode): CodePointRanges {
  const v = evaluate(node);
  return v.negated ? subtractRanges(PRINTABLE_ASCII, v.set) : v.set;
}

const pos = (set: CodePointRanges): SetValue => ({ set, negated: false });
const not = (v: SetValue): SetValue => ({ set: v.set, negated: !v.negated });

function union(a: SetValue, b: SetValue): SetValue {
  if (!a.negated && !b.negated) return pos(unionRanges(a.set, b.set));
  if (a.negated && b.negated) return { set: intersectRanges(a.set, b.set), negated: true };
  const [p, n] = a.negated ? [b, a] : [a, b];
  return { set: subtractRanges(n.set, p.set), negated: true };
}

function intersect(a: SetValue, b: SetValue): SetValue {
  if (!a.negated && !b.negated) return pos(intersectRanges(a.set, b.set));
  if (a.negated && b.negated) return { set: unionRanges(a.set, b.set), negated: true };
  const [p, n] = a.negated ? [b, a] : [a, b];
  return pos(subtractRanges(p.set, n.set));
}

function evaluate(node: SetNode): SetValue {
  switch (node.type) {
    case "Character":
      return pos([node.value, node.value]);
    case "CharacterClassRange":
      return pos(normalizeRanges([node.min.value, node.max.value]));
    case "CharacterSet":
      return evaluateCharacterSet(node);
    case "CharacterClass": {
      let acc: SetValue = pos([]);
      for (const el of node.elements) acc = union(acc, evaluate(el));
      return node.negate ? not(acc) : acc;
    }
    case "ExpressionCharacterClass": {
      const inner = evaluate(node.expression);
      return node.negate ? not(inner) : inner;
    }
    case "ClassIntersection":
      return intersect(evaluate(node.left), evaluate(node.right));
    case "ClassSubtraction":
      return intersect(evaluate(node.left), not(evaluate(node.right)));
    case "ClassStringDisjunction":
      throw new UnsupportedSetMember(node, "string disjunction \\q{...}");
  }
}

function evaluateCharacterSet(node: AST.CharacterSet): SetValue {
  if (node.kind === "any") return pos(PRINTABLE_ASCII);
  if (node.kind === "property") {
    if (node.strings) throw new UnsupportedSetMember(node, `property of strings ${node.raw}`);
    const set = pos(propertyCodePoints(node.key, node.value));
    return node.negate ? not(set) : set;
  }
  const base = node.kind === "digit" ? DIGIT : node.kind === "word" ? WORD : SPACE;
  return node.negate ? not(pos(base)) : pos(base);
}
