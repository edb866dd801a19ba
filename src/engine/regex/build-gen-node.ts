import type { AST } from "@eslint-community/regexpp";
import { charSetOf, type SetNode, UnsupportedSetMember, WORD } from "./char-set-of.ts";
import { charTable } from "./char-table.ts";
import { type CodePointRanges, isSubsetOf, rangesSize, unionRanges } from "./code-point-set.ts";
import {
  altNode,
  backrefNode,
  captureNode,
  charsNode,
  type GenNode,
  literalNode,
  repeatNode,
  seqNode,
} from "./gen-node.ts";
import { unsupportedConstruct } from "./regex-error.ts";

export interface BuildContext {
  /** The pattern as the user wrote it, for messages. */
  readonly pattern: string;
  /** Maps an index of the parsed (translated) source to an index of `pattern`. */
  readonly positions: readonly number[];
  /** Extra repetitions allowed by `*`, `+` and `{n,}`. */
  readonly maxRepeat: number;
}

export interface BuiltPattern {
  readonly root: GenNode;
  /** Number of capture slots backreferences read. */
  readonly slotCount: number;
}

type Direction = 1 | -1;

/** Each generated string must stay small enough to hold and write; this bounds one quantifier. */
export const MAX_REPETITIONS = 100_000;

/** Compiles a parsed pattern into generator nodes, rejecting what cannot be generated. */
export function buildGenNode(ast: AST.Pattern, ctx: BuildContext): BuiltPattern {
  const slots = new Map<AST.CapturingGroup, number>();
  const slotOf = (g: AST.CapturingGroup): number => {
    let s = slots.get(g);
    if (s === undefined) {
      s = slots.size;
      slots.set(g, s);
    }
    return s;
  };
  const at = (node: AST.Node): number => ctx.positions[node.start] ?? ctx.pattern.length;
  const written = (node: AST.Node): string =>
    ctx.pattern.slice(at(node), ctx.positions[node.end] ?? ctx.pattern.length) || node.raw;
  const unsupported = (node: AST.Node, construct: string, why?: string): Error =>
    unsupportedConstruct(ctx.pattern, construct, at(node), why);

  const setOf = (node: SetNode): CodePointRanges => {
    try {
      return charSetOf(node);
    } catch (e) {
      if (e instanceof UnsupportedSetMember) throw unsupported(e.node, e.construct);
      throw e;
    }
  };

  const chars = (node: AST.CharacterClass | AST.CharacterSet | AST.ExpressionCharacterClass): GenNode => {
    const set = setOf(node);
    if (rangesSize(set) === 0) {
      throw unsupported(
        node,
        `character class ${written(node)}`,
        "matches no character the generator can produce (negations such as [^...], \\W, \\S and \\P{...} draw from printable ASCII, Unicode properties from the BMP)",
      );
    }
    return charsNode(charTable(set));
  };

  const alternatives = (alts: readonly AST.Alternative[]): GenNode =>
    altNode(alts.map((a) => seqNode(a.elements.map(element))));

  function element(e: AST.Element): GenNode {
    switch (e.type) {
      case "Assertion":
        return assertion(e);
      case "Character":
        return literalNode(String.fromCodePoint(e.value));
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass":
        return chars(e);
      case "Group":
        return alternatives(e.alternatives);
      case "CapturingGroup": {
        const inner = alternatives(e.alternatives);
        return e.references.length > 0 ? captureNode(inner, slotOf(e)) : inner;
      }
      case "Backreference": {
        const groups = Array.isArray(e.resolved) ? e.resolved : [e.resolved];
        return backrefNode(groups.map(slotOf));
      }
      case "Quantifier": {
        const max = e.max === Number.POSITIVE_INFINITY ? e.min + ctx.maxRepeat : e.max;
        if (max > MAX_REPETITIONS) {
          throw unsupportedConstruct(
            ctx.pattern,
            `quantifier ${e.raw.slice(e.element.raw.length)}`,
            ctx.positions[e.element.end] ?? at(e),
            `repeats more than ${MAX_REPETITIONS} times`,
          );
        }
        const inner = element(e.element);
        return repeatNode(inner, e.min, max);
      }
    }
  }

  function assertion(a: AST.Assertion): GenNode {
    switch (a.kind) {
      case "lookahead":
        throw unsupported(a, a.negate ? "negative lookahead (?!...)" : "lookahead (?=...)");
      case "lookbehind":
        throw unsupported(a, a.negate ? "negative lookbehind (?<!...)" : "lookbehind (?<=...)");
      case "start":
        if (!atEdge(a, "start"))
          throw unsupported(a, "start anchor ^", "is only supported at the start of the pattern");
        return literalNode("");
      case "end":
        if (!atEdge(a, "end"))
          throw unsupported(a, "end anchor $", "is only supported at the end of the pattern");
        return literalNode("");
      case "word": {
        if (a.negate) throw unsupported(a, "non-word-boundary \\B");
        const start = atEdge(a, "start");
        const end = atEdge(a, "end");
        if (!start && !end) {
          throw unsupported(a, "word boundary \\b", "is only supported at the start or end of the pattern");
        }
        const next = start && !end ? neighbours(a, 1) : end && !start ? neighbours(a, -1) : undefined;
        if (next === undefined || !isSubsetOf(next, WORD)) {
          throw unsupported(
            a,
            "word boundary \\b",
            "is only supported where the character next to it is always a word character [A-Za-z0-9_]",
          );
        }
        return literalNode("");
      }
    }
  }

  /** The characters that can sit on the inner side of a zero-width element, when knowable. */
  function neighbours(a: AST.Assertion, dir: Direction): CodePointRanges | undefined {
    const parent = a.parent;
    if (parent.type !== "Alternative") return undefined;
    return edgeOf(parent.elements, parent.elements.indexOf(a) + dir, dir);
  }

  function edgeOf(els: readonly AST.Element[], from: number, dir: Direction): CodePointRanges | undefined {
    for (let k = from; k >= 0 && k < els.length; k += dir) {
      const e = els[k]!;
      if (e.type !== "Assertion") return edgeOfElement(e, dir);
    }
    return undefined;
  }

  function edgeOfElement(e: AST.Element, dir: Direction): CodePointRanges | undefined {
    switch (e.type) {
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass":
        return setOf(e);
      case "Quantifier":
        return e.min >= 1 ? edgeOfElement(e.element, dir) : undefined;
      case "Group":
      case "CapturingGroup": {
        let acc: CodePointRanges = [];
        for (const alt of e.alternatives) {
          const edge = edgeOf(alt.elements, dir === 1 ? 0 : alt.elements.length - 1, dir);
          if (edge === undefined) return undefined;
          acc = unionRanges(acc, edge);
        }
        return acc;
      }
      default:
        return undefined;
    }
  }

  const root = alternatives(ast.alternatives);
  return { root, slotCount: slots.size };
}

/**
 * Whether a zero-width assertion can only ever sit at the start (or end) of the whole string:
 * nothing but other assertions before (after) it in its alternative, all the way up, and no
 * enclosing quantifier that repeats.
 */
function atEdge(a: AST.Assertion, side: "start" | "end"): boolean {
  let cur: AST.Node = a;
  for (;;) {
    const parent: AST.Node | null = cur.parent;
    if (parent === null) return true;
    if (parent.type === "Quantifier") {
      if (parent.max > 1) return false;
      cur = parent;
      continue;
    }
    if (parent.type !== "Alternative") return false;
    const els = parent.elements;
    const idx = els.indexOf(cur as AST.Element);
    const others = side === "start" ? els.slice(0, idx) : els.slice(idx + 1);
    if (!others.every((e) => e.type === "Assertion" && e.kind !== "lookahead" && e.kind !== "lookbehind")) {
      return false;
    }
    const owner: AST.Node = parent.parent;
    if (owner.type === "Pattern") return true;
    if (owner.type === "Assertion") return false;
    cur = owner;
  }
}
