import { type AST, RegExpParser, RegExpSyntaxError } from "@eslint-community/regexpp";
import { RowforgeError } from "../../errors/index.ts";
import type { RowRandom } from "../rng/index.ts";
import { buildGenNode } from "./build-gen-node.ts";
import type { GenNode } from "./gen-node.ts";
import { invalidRegex } from "./regex-error.ts";
import { translateJavaRegex } from "./translate-java-regex.ts";

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
 * Throws RowforgeError RF_VALUE_INVALID for invalid patterns and for constructs the
 * generator cannot honour (lookaround, \B, anchors or \b inside the pattern, ...).
 */
export function compileRegex(pattern: string, options: CompileRegexOptions = {}): RegexGenerator {
  const maxRepeat = options.maxRepeat ?? DEFAULT_MAX_REPEAT;
  if (!Number.isSafeInteger(maxRepeat) || maxRepeat < 0) {
    throw new RowforgeError("RF_VALUE_INVALID", `regex "${pattern}": maxRepeat must be a whole number >= 0`, {
      hint: `give maxRepeat as 0 or more (default ${DEFAULT_MAX_REPEAT})`,
    });
  }
  const { source, positions } = translateJavaRegex(pattern);
  let ast: AST.Pattern;
  try {
    ast = parser.parsePattern(source, 0, source.length, { unicodeSets: true });
  } catch (e) {
    if (!(e instanceof RegExpSyntaxError)) throw e;
    const prefix = `Invalid regular expression: /${source}/v: `;
    const reason = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
    throw invalidRegex(pattern, lowerFirst(reason), positions[e.index] ?? pattern.length);
  }
  const { root, slotCount } = buildGenNode(ast, { pattern, positions, maxRepeat });
  return new CompiledRegex(pattern, root, slotCount);
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

class CompiledRegex implements RegexGenerator {
  readonly pattern: string;
  readonly size: bigint;
  readonly #root: GenNode;
  /** Captured text for backreferences; reused, reset before each string. */
  readonly #caps: string[];
  readonly #sizeN: number;

  constructor(pattern: string, root: GenNode, slotCount: number) {
    this.pattern = pattern;
    this.size = root.count;
    this.#root = root;
    this.#caps = new Array<string>(slotCount).fill("");
    this.#sizeN = root.countN;
  }

  generate(rnd: RowRandom): string {
    const caps = this.#caps;
    if (caps.length > 0) caps.fill("");
    return this.#root.gen(rnd, caps);
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
