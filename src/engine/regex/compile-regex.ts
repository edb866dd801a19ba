import { type AST, RegExpParser, RegExpSyntaxError } from "@eslint-community/regexpp";
import { RowforgeError } from "../../errors/index.ts";
import { AsciiBatch } from "../../util/ascii-batch.ts";
import { AsciiText } from "../../util/ascii-text.ts";
// The translator's js-v target alone: its RE2 target (and re2js behind it) loads only with SQL.
import { toJsV } from "../java-regex/to-js-v.ts";
import type { RowRandom } from "../rng/index.ts";
import { buildGenNode } from "./build-gen-node.ts";
import type { GenNode } from "./gen-node.ts";
import { invalidRegex } from "./regex-error.ts";

/** A pattern compiled once into a string generator. */
export interface RegexGenerator {
  readonly pattern: string;
  /**
   * Number of distinct strings the pattern can produce, as a bigint (may be huge; saturates at
   * 2^4096). Exact when the pattern is unambiguous; see the module notes for overcounting cases.
   */
  readonly size: bigint;
  /** A matching string from the random draws of one row: the caller does rnd.at(row) first. */
  generate(rnd: RowRandom): string;
  /**
   * A column of such strings: values[i] is what generate gives after rnd.at(pos[i]), for every
   * i of pos.
   */
  fillColumn(rnd: RowRandom, pos: Float64Array, values: string[]): void;
  /**
   * The index-th string of the pattern's space in a fixed order, for 0 <= index < size: distinct
   * indexes give distinct strings when the pattern is unambiguous.
   */
  nth(index: number | bigint): string;
}

export interface CompileRegexOptions {
  /** How many repetitions `*`, `+` and `{n,}` may add beyond their minimum (default 8). */
  readonly maxRepeat?: number;
}

export const DEFAULT_MAX_REPEAT = 8;

const parser = new RegExpParser({ ecmaVersion: 2025 });

/**
 * Compiles a Java-flavoured regular expression into a generator of matching strings.
 * Throws RowforgeError RF_REGEX_INVALID for invalid patterns and for constructs the
 * generator cannot honour (lookaround, \B, anchors or \b inside the pattern, ...).
 */
export function compileRegex(pattern: string, options: CompileRegexOptions = {}): RegexGenerator {
  const maxRepeat = checkedMaxRepeat(pattern, options);
  const { ast, positions } = parseJavaPattern(pattern);
  const { root, slotCount } = buildGenNode(ast, { pattern, positions, maxRepeat });
  return new CompiledRegex(pattern, root, slotCount);
}

/**
 * The length (in characters) of the longest string the pattern can generate, without
 * building its generator: quantifiers multiply (`*`, `+`, `{n,}` count maxRepeat extra),
 * alternatives take their longest branch, a backreference the longest text of its group.
 * Infinity when it overflows. Throws like compileRegex for invalid patterns.
 */
export function regexMaxLength(pattern: string, options: CompileRegexOptions = {}): number {
  const maxRepeat = checkedMaxRepeat(pattern, options);
  const { ast } = parseJavaPattern(pattern);
  const groups = new Map<AST.CapturingGroup, number>();
  const open = new Set<AST.CapturingGroup>();
  const ofAlternatives = (alts: readonly AST.Alternative[]): number => {
    let best = 0;
    for (const a of alts) {
      let sum = 0;
      for (const e of a.elements) sum += ofElement(e);
      if (sum > best) best = sum;
    }
    return best;
  };
  const ofGroup = (g: AST.CapturingGroup): number => {
    const known = groups.get(g);
    if (known !== undefined) return known;
    // A backreference inside its own group reads the text captured so far: empty at that point.
    if (open.has(g)) return 0;
    open.add(g);
    const n = ofAlternatives(g.alternatives);
    open.delete(g);
    groups.set(g, n);
    return n;
  };
  function ofElement(e: AST.Element): number {
    switch (e.type) {
      case "Assertion":
        return 0;
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass":
        return 1;
      case "Group":
        return ofAlternatives(e.alternatives);
      case "CapturingGroup":
        return ofGroup(e);
      case "Backreference": {
        const resolved = Array.isArray(e.resolved) ? e.resolved : [e.resolved];
        return Math.max(0, ...resolved.map(ofGroup));
      }
      case "Quantifier": {
        const max = e.max === Number.POSITIVE_INFINITY ? e.min + maxRepeat : e.max;
        const inner = ofElement(e.element);
        return inner === 0 || max === 0 ? 0 : inner * max;
      }
    }
  }
  return ofAlternatives(ast.alternatives);
}

function checkedMaxRepeat(pattern: string, options: CompileRegexOptions): number {
  const maxRepeat = options.maxRepeat ?? DEFAULT_MAX_REPEAT;
  if (!Number.isSafeInteger(maxRepeat) || maxRepeat < 0) {
    throw new RowforgeError("RF_VALUE_INVALID", `regex "${pattern}": maxRepeat must be a whole number >= 0`, {
      hint: `give maxRepeat as 0 or more (default ${DEFAULT_MAX_REPEAT})`,
    });
  }
  return maxRepeat;
}

/** Groups nesting deeper than this are refused before parsing (the parser and generator recurse per level). */
export const MAX_GROUP_DEPTH = 256;

function parseJavaPattern(pattern: string): { ast: AST.Pattern; positions: readonly number[] } {
  const at = groupDepthOver(pattern, MAX_GROUP_DEPTH);
  if (at >= 0) {
    throw new RowforgeError(
      "RF_REGEX_INVALID",
      `regex "${pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern}" nests groups deeper than ${MAX_GROUP_DEPTH} levels (at character ${at + 1})`,
      { hint: "flatten the pattern: nested groups are rarely needed to describe generated values" },
    );
  }
  const { source, positions } = toJsV(pattern);
  try {
    return { ast: parser.parsePattern(source, 0, source.length, { unicodeSets: true }), positions };
  } catch (e) {
    if (!(e instanceof RegExpSyntaxError)) throw e;
    const prefix = `Invalid regular expression: /${source}/v: `;
    const reason = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
    throw invalidRegex(pattern, lowerFirst(reason), positions[e.index] ?? pattern.length);
  }
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

class CompiledRegex implements RegexGenerator {
  readonly pattern: string;
  readonly size: bigint;
  readonly #root: GenNode;
  /** Captured text for backreferences; reused, reset before each string. */
  readonly #caps: string[];
  readonly #sizeN: number;
  /** Where a pattern whose nodes all have put() builds its strings. */
  readonly #text = new AsciiText(64);
  /** Where fillColumn gathers a column's strings of such a pattern, made strings a kilobyte at a time. */
  readonly #batch = new AsciiBatch();

  constructor(pattern: string, root: GenNode, slotCount: number) {
    this.pattern = pattern;
    this.size = root.count;
    this.#root = root;
    this.#caps = new Array<string>(slotCount).fill("");
    this.#sizeN = root.countN;
  }

  generate(rnd: RowRandom): string {
    const put = this.#root.put;
    if (put !== undefined) return this.#text.text(put(rnd, this.#text, 0));
    const caps = this.#caps;
    if (caps.length > 0) caps.fill("");
    return this.#root.gen(rnd, caps);
  }

  /**
   * A pattern whose nodes all have put() writes each string's bytes (as generate does) and
   * gathers them in one buffer that is decoded once per kilobyte: for `ACC[0-9]{8}` a third of
   * the time of making each value a string of its own (AsciiText.text).
   */
  fillColumn(rnd: RowRandom, pos: Float64Array, values: string[]): void {
    const put = this.#root.put;
    if (put === undefined) {
      for (let i = 0; i < pos.length; i++) values[i] = this.generate(rnd.at(pos[i]!));
      return;
    }
    const text = this.#text;
    const batch = this.#batch;
    batch.begin(values);
    for (let i = 0; i < pos.length; i++) {
      const len = put(rnd.at(pos[i]!), text, 0);
      const at = batch.room(len);
      const from = text.bytes;
      const to = batch.bytes;
      for (let k = 0; k < len; k++) to[at + k] = from[k]!;
      batch.push(len);
    }
    batch.end();
  }

  nth(index: number | bigint): string {
    const caps = this.#caps;
    if (caps.length > 0) caps.fill("");
    if (typeof index === "number") {
      if (Number.isSafeInteger(index) && index >= 0 && index < this.#sizeN)
        return this.#root.nthN(index, caps);
    } else if (index >= 0n && index < this.size) {
      return index <= BigInt(Number.MAX_SAFE_INTEGER)
        ? this.#root.nthN(Number(index), caps)
        : this.#root.nthB(index, caps);
    }
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `regex "${this.pattern}": index ${index} is outside the pattern's ${this.size} distinct strings`,
      { hint: "ask for fewer unique values, or widen the pattern" },
    );
  }
}

/**
 * The index where the pattern's group nesting first goes above `limit`, or -1: a scan of the
 * text that skips escapes, \Q...\E quotes and character classes (which may nest in Java).
 */
function groupDepthOver(pattern: string, limit: number): number {
  let depth = 0;
  let classDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      if (pattern[i + 1] === "Q") {
        const end = pattern.indexOf("\\E", i + 2);
        if (end < 0) return -1;
        i = end + 1;
      } else i++;
    } else if (c === "[") classDepth++;
    else if (c === "]" && classDepth > 0) classDepth--;
    else if (classDepth === 0 && c === "(" && ++depth > limit) return i;
    else if (classDepth === 0 && c === ")" && depth > 0) depth--;
  }
  return -1;
}
