import { AsciiText, Utf16Text } from "../../util/ascii-text.ts";
import type { RowRandom } from "../rng/index.ts";
import type { CharTable } from "./char-table.ts";

/**
 * One node of a compiled pattern: it draws a random string (`gen`) or decodes an index of its
 * space (`nthN` for indexes below 2^53, `nthB` for bigints). `caps` holds the text of the
 * capturing groups that backreferences read; it is reset by the caller for each string.
 *
 * Spaces are numbered in mixed radix with the leftmost part most significant, so the last
 * character varies fastest: nth(1) of `ACC[0-9]{8}` is `ACC00000001`.
 */
export interface GenNode {
  /** Size of the node's space, saturated at SIZE_CAP. */
  readonly count: bigint;
  /** `Number(count)`: exact up to 2^53; above that it only has to compare above any index. */
  readonly countN: number;
  readonly gen: (rnd: RowRandom, caps: string[]) => string;
  readonly nthN: (i: number, caps: string[]) => string;
  readonly nthB: (i: bigint, caps: string[]) => string;
  /** The one string the node produces, when it has only one (so sequences fold). */
  readonly literal: string | undefined;
  /** The characters, when the node is one character from a set (so repeats loop tightly). */
  readonly chars: CharTable | undefined;
  /**
   * gen's string written as bytes into `text` from `at` (returning where it ends), taking the
   * same draws: for nodes whose strings are ASCII and read no captures, so a pattern made of
   * them becomes one string built in one buffer, not one string per part joined.
   */
  readonly put: Put | undefined;
}

export type Put = (rnd: RowRandom, text: AsciiText, at: number) => number;

/** Sizes saturate here; a space this large is unlimited for any row count. */
export const SIZE_CAP: bigint = 1n << 4096n;
const sat = (x: bigint): bigint => (x > SIZE_CAP ? SIZE_CAP : x);

const node = (
  count: bigint,
  parts: Pick<GenNode, "gen" | "nthN" | "nthB"> & Partial<Pick<GenNode, "literal" | "chars" | "put">>,
): GenNode => ({
  count,
  countN: Number(count),
  gen: parts.gen,
  nthN: parts.nthN,
  nthB: parts.nthB,
  literal: parts.literal,
  chars: parts.chars,
  put: parts.put,
});

/** The string's bytes when it is ASCII, else undefined. */
function asciiBytes(s: string): Uint8Array | undefined {
  const bytes = new Uint8Array(s.length);
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c > 0x7f) return undefined;
    bytes[k] = c;
  }
  return bytes;
}

/** Writes `bytes` `times` times into text from `at`. */
function putRepeated(bytes: Uint8Array, times: number, text: AsciiText, at: number): number {
  const n = bytes.length;
  const b = text.room(at + n * times);
  for (let t = 0; t < times; t++) for (let k = 0; k < n; k++) b[at++] = bytes[k]!;
  return at;
}

export function literalNode(s: string): GenNode {
  const f = (): string => s;
  const bytes = asciiBytes(s);
  const put: Put | undefined = bytes && ((_rnd, text, at) => putRepeated(bytes, 1, text, at));
  return node(1n, { gen: f, nthN: f, nthB: f, literal: s, put });
}

export function charsNode(table: CharTable): GenNode {
  const { n, pick } = table;
  if (n === 1) return literalNode(pick(0));
  const ascii = asciiCodes(table);
  return node(BigInt(n), {
    gen: (rnd) => pick(rnd.int(n)),
    nthN: (i) => pick(i),
    nthB: (i) => pick(Number(i)),
    chars: table,
    put:
      ascii &&
      ((rnd, text, at) => {
        text.room(at + 1)[at] = ascii[rnd.int(n)]!;
        return at + 1;
      }),
  });
}

/** put() of nodes that all have one (undefined when one has none). */
function puts(nodes: readonly GenNode[]): Put[] | undefined {
  const out: Put[] = [];
  for (const n of nodes) {
    if (n.put === undefined) return undefined;
    out.push(n.put);
  }
  return out;
}

export function seqNode(input: readonly GenNode[]): GenNode {
  const parts: GenNode[] = [];
  for (const p of input) {
    const prev = parts[parts.length - 1];
    if (p.literal === "") continue;
    if (p.literal !== undefined && prev?.literal !== undefined)
      parts[parts.length - 1] = literalNode(prev.literal + p.literal);
    else parts.push(p);
  }
  if (parts.length === 0) return literalNode("");
  if (parts.length === 1) return parts[0]!;
  const m = parts.length;
  const counts = parts.map((p) => p.countN);
  const countsB = parts.map((p) => p.count);
  const digits = new Float64Array(m);
  let count = 1n;
  for (const c of countsB) count = sat(count * c);
  const [a, b] = parts as [GenNode, GenNode];
  const partPuts = puts(parts);
  return node(count, {
    put:
      partPuts &&
      ((rnd, text, at) => {
        for (let k = 0; k < m; k++) at = partPuts[k]!(rnd, text, at);
        return at;
      }),
    gen:
      m === 2
        ? (rnd, caps) => a.gen(rnd, caps) + b.gen(rnd, caps)
        : (rnd, caps) => {
            let s = "";
            for (let k = 0; k < m; k++) s += parts[k]!.gen(rnd, caps);
            return s;
          },
    nthN: (i, caps) => {
      for (let k = m - 1; k >= 0; k--) {
        const c = counts[k]!;
        const d = i % c;
        digits[k] = d;
        i = (i - d) / c;
      }
      let s = "";
      for (let k = 0; k < m; k++) s += parts[k]!.nthN(digits[k]!, caps);
      return s;
    },
    nthB: (i, caps) => {
      const ds: bigint[] = new Array<bigint>(m);
      for (let k = m - 1; k >= 0; k--) {
        ds[k] = i % countsB[k]!;
        i /= countsB[k]!;
      }
      let s = "";
      for (let k = 0; k < m; k++) s += parts[k]!.nthB(ds[k]!, caps);
      return s;
    },
  });
}

export function altNode(branches: readonly GenNode[]): GenNode {
  if (branches.length === 1) return branches[0]!;
  const nb = branches.length;
  let count = 0n;
  for (const b of branches) count = sat(count + b.count);
  const branchPuts = puts(branches);
  return node(count, {
    gen: (rnd, caps) => branches[rnd.int(nb)]!.gen(rnd, caps),
    put: branchPuts && ((rnd, text, at) => branchPuts[rnd.int(nb)]!(rnd, text, at)),
    nthN: (i, caps) => {
      for (let k = 0; k < nb - 1; k++) {
        const b = branches[k]!;
        if (i < b.countN) return b.nthN(i, caps);
        i -= b.countN;
      }
      return branches[nb - 1]!.nthN(i, caps);
    },
    nthB: (i, caps) => {
      for (let k = 0; k < nb - 1; k++) {
        const b = branches[k]!;
        if (i < b.count) return b.nthB(i, caps);
        i -= b.count;
      }
      return branches[nb - 1]!.nthB(i, caps);
    },
  });
}

function satPow(c: bigint, k: number): bigint {
  let pow = 1n;
  for (let j = 0; j < k && pow < SIZE_CAP; j++) pow = sat(pow * c);
  return pow;
}

/** Size of `inner{min,max}`: the sum of c^k over the lengths (each length its own block). */
function repeatCount(c: bigint, min: number, max: number): bigint {
  if (c === 1n) return BigInt(max - min + 1);
  let pow = satPow(c, min);
  let total = 0n;
  for (let k = min; k <= max && total < SIZE_CAP; k++) {
    total = sat(total + pow);
    pow = sat(pow * c);
  }
  return total;
}

export function repeatNode(inner: GenNode, min: number, max: number): GenNode {
  if (max === 0 || inner.literal === "") return literalNode("");
  const lit = inner.literal;
  if (lit !== undefined && min === max) return literalNode(lit.repeat(min));
  const span = max - min + 1;
  const count = repeatCount(inner.count, min, max);
  const c = inner.countN;
  const cB = inner.count;
  return node(count, {
    gen: repeatGen(inner, min, span),
    put: repeatPut(inner, min, span),
    nthN: (i, caps) => {
      let len = min;
      let block = c ** min;
      while (len < max && i >= block) {
        i -= block;
        len++;
        block *= c;
      }
      let s = "";
      if (block <= Number.MAX_SAFE_INTEGER) {
        // Exact powers: peel digits from the most significant end, no scratch needed.
        let p = block / c;
        for (let k = 0; k < len; k++) {
          const d = Math.floor(i / p);
          i -= d * p;
          p /= c;
          s += inner.nthN(d, caps);
        }
        return s;
      }
      const ds = new Array<number>(len);
      for (let k = len - 1; k >= 0; k--) {
        const d = i % c;
        ds[k] = d;
        i = (i - d) / c;
      }
      for (let k = 0; k < len; k++) s += inner.nthN(ds[k]!, caps);
      return s;
    },
    nthB: (i, caps) => {
      let len = min;
      let block = satPow(cB, min);
      while (len < max && i >= block) {
        i -= block;
        len++;
        block = sat(block * cB);
      }
      const ds = new Array<bigint>(len);
      for (let k = len - 1; k >= 0; k--) {
        ds[k] = i % cB;
        i /= cB;
      }
      let s = "";
      for (let k = 0; k < len; k++) s += inner.nthB(ds[k]!, caps);
      return s;
    },
  });
}

function repeatGen(inner: GenNode, min: number, span: number): GenNode["gen"] {
  const lit = inner.literal;
  if (lit !== undefined) return (rnd) => lit.repeat(min + rnd.int(span));
  const chars = inner.chars;
  if (chars !== undefined) return charsRunGen(chars, min, span);
  return (rnd, caps) => {
    const len = span === 1 ? min : min + rnd.int(span);
    let s = "";
    for (let k = 0; k < len; k++) s += inner.gen(rnd, caps);
    return s;
  };
}

/** repeatGen's strings written into a text (GenNode.put), when the inner node has put. */
function repeatPut(inner: GenNode, min: number, span: number): Put | undefined {
  const put = inner.put;
  if (put === undefined) return undefined;
  const lit = inner.literal;
  const bytes = lit === undefined ? undefined : asciiBytes(lit);
  if (bytes !== undefined) return (rnd, text, at) => putRepeated(bytes, min + rnd.int(span), text, at);
  const ascii = inner.chars && asciiCodes(inner.chars);
  if (inner.chars !== undefined && ascii !== undefined) return asciiRunPut(inner.chars.n, ascii, min, span);
  return (rnd, text, at) => {
    const len = span === 1 ? min : min + rnd.int(span);
    for (let k = 0; k < len; k++) at = put(rnd, text, at);
    return at;
  };
}

/** 2^32: a run packs as many characters into one 53-bit draw as stay below this. */
const PACK_LIMIT = 4294967296;

/**
 * A run of characters from one set. Several characters share one 53-bit draw (decoded in
 * mixed radix, character k of a draw its k-th base-n digit, least significant first), which
 * keeps the bias below 2^-21 and makes `[0-9]{8}` cost two draws, not eight. The characters
 * are written into a reused buffer and made one flat string (appending them one by one makes a
 * rope every reader flattens again).
 */
function charsRunGen(chars: CharTable, min: number, span: number): GenNode["gen"] {
  const n = chars.n;
  const per = perDraw(n);
  const packed = n ** per;
  const ascii = asciiCodes(chars);
  const capacity = Math.min(min + span - 1, 256);
  if (ascii !== undefined) {
    const text = new AsciiText(capacity);
    const run = asciiRunPut(n, ascii, min, span);
    return (rnd) => text.text(run(rnd, text, 0));
  }
  const code = chars.code;
  const text = new Utf16Text(capacity);
  return (rnd) => {
    const len = span === 1 ? min : min + rnd.int(span);
    text.room(len);
    let p = 0;
    let u = 0;
    while (p < len) {
      const left = len - p;
      if (per === 1 || left === 1) {
        u = text.put(u, code(rnd.int(n)));
        p++;
        continue;
      }
      const count = Math.min(left, per);
      let v = Math.floor(rnd.float() * (count === per ? packed : n ** count)) >>> 0;
      for (let k = 0; k < count; k++) {
        const q = (v / n) >>> 0;
        u = text.put(u, code(v - q * n));
        v = q;
        p++;
      }
    }
    return text.text(u);
  };
}

/** The characters per draw of a run from a set of n (see charsRunGen). */
function perDraw(n: number): number {
  let per = 1;
  while (n ** (per + 1) <= PACK_LIMIT) per++;
  return per;
}

/** charsRunGen's run of ASCII characters (codes `ascii`, n of them), written into a text. */
function asciiRunPut(n: number, ascii: Uint8Array, min: number, span: number): Put {
  const per = perDraw(n);
  const packed = n ** per;
  return (rnd, text, at) => {
    const len = span === 1 ? min : min + rnd.int(span);
    const bytes = text.room(at + len);
    const end = at + len;
    let p = at;
    while (p < end) {
      const left = end - p;
      if (per === 1 || left === 1) {
        bytes[p++] = ascii[rnd.int(n)]!;
        continue;
      }
      const count = Math.min(left, per);
      // Below packed <= 2^32: uint32 arithmetic (a division, not a call to fmod) gives the
      // same digits as v % n and (v - d) / n on doubles.
      let v = Math.floor(rnd.float() * (count === per ? packed : n ** count)) >>> 0;
      for (let k = 0; k < count; k++) {
        const q = (v / n) >>> 0;
        bytes[p++] = ascii[v - q * n]!;
        v = q;
      }
    }
    return end;
  };
}

/** The characters' codes when all are ASCII (nearly every pattern's classes), else undefined. */
function asciiCodes({ n, code }: CharTable): Uint8Array | undefined {
  if (n > 128) return undefined;
  const codes = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const c = code(k);
    if (c > 0x7f) return undefined;
    codes[k] = c;
  }
  return codes;
}

/** A capturing group that a backreference reads: records its text in `caps[slot]`. */
export function captureNode(inner: GenNode, slot: number): GenNode {
  return node(inner.count, {
    gen: (rnd, caps) => {
      const s = inner.gen(rnd, caps);
      caps[slot] = s;
      return s;
    },
    nthN: (i, caps) => {
      const s = inner.nthN(i, caps);
      caps[slot] = s;
      return s;
    },
    nthB: (i, caps) => {
      const s = inner.nthB(i, caps);
      caps[slot] = s;
      return s;
    },
  });
}

/**
 * A backreference repeats its group's text and adds nothing to the space. With duplicate group
 * names, the group that took part wins; a group that took no part gives "".
 */
export function backrefNode(slots: readonly number[]): GenNode {
  const read = (caps: string[]): string => {
    for (const slot of slots) {
      const s = caps[slot];
      if (s !== undefined && s !== "") return s;
    }
    return "";
  };
  return node(1n, {
    gen: (_rnd, caps) => read(caps),
    nthN: (_i, caps) => read(caps),
    nthB: (_i, caps) => read(caps),
  });
}
