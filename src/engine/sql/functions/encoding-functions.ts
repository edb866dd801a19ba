/** Binary/text encodings and identifiers: base64, unbase64, hex, unhex, bin, conv, to_binary, encode, decode, uuid. */
import { Buffer } from "node:buffer";
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs } from "../sql-contract.ts";
import { equalityFor } from "./comparators-and-set-keys.ts";
import { coerceArg, stringArg } from "./function-args.ts";
import { argsBound, timesArgs } from "./function-bounds.ts";
import { argTypeError, runtimeError } from "./function-errors.ts";
import { utf8Bytes } from "./hash-value.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { type CompiledCall, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";
import { L, S } from "./type-shorthands.ts";

const B = DataTypes.binary;

const toBytes = (b: Buffer): Uint8Array =>
  new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** Hex text to bytes; an odd number of digits gets a leading 0; null when not hex. */
function unhex(s: string): Uint8Array | null {
  if (!HEX_DIGITS.test(s)) return null;
  return toBytes(Buffer.from(s.length % 2 === 1 ? `0${s}` : s, "hex"));
}

const hexOfBytes = (b: Uint8Array): string =>
  Buffer.from(b.buffer, b.byteOffset, b.length).toString("hex").toUpperCase();

function compileHex(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const a = args[0]!;
  // Up to 3 UTF-8 bytes a character, 2 hex digits a byte.
  const bound = argsBound(args, 6);
  if (a.type.kind === "binary")
    return { type: S, bound, evaluate: strict1<Uint8Array>(a.evaluate, hexOfBytes) };
  if (a.type.kind === "string")
    return { type: S, bound, evaluate: strict1<string>(a.evaluate, (s) => hexOfBytes(utf8Bytes(s))) };
  return {
    type: S,
    evaluate: strict1<bigint>(coerceArg(fn, args, 0, L), (v) =>
      BigInt.asUintN(64, v).toString(16).toUpperCase(),
    ),
  };
}

/** Spark's conv(): parses a prefix of valid digits as an unsigned 64-bit value; negative to_base prints signed. */
function conv(s: string, fromBase: number, toBase: number): string | null {
  const from = Math.abs(fromBase);
  const to = Math.abs(toBase);
  if (from < 2 || from > 36 || to < 2 || to > 36) return null;
  let text = s.trim();
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  let acc = 0n;
  let any = false;
  const max = (1n << 64n) - 1n;
  for (const ch of text) {
    const d = Number.parseInt(ch, 36);
    if (Number.isNaN(d) || d >= from) break;
    acc = acc * BigInt(from) + BigInt(d);
    if (acc > max) acc = max;
    any = true;
  }
  if (!any) return null;
  const unsigned = negative ? BigInt.asUintN(64, -acc) : acc;
  const signed = BigInt.asIntN(64, unsigned);
  if (toBase < 0 && signed < 0n) return `-${(-signed).toString(to).toUpperCase()}`;
  return unsigned.toString(to).toUpperCase();
}

const CHARSETS: Readonly<Record<string, BufferEncoding>> = {
  "utf-8": "utf8",
  utf8: "utf8",
  "us-ascii": "latin1",
  ascii: "latin1",
  "iso-8859-1": "latin1",
  latin1: "latin1",
  "utf-16le": "utf16le",
  "utf-16": "utf16le",
};

function charsetOf(fn: string, name: string): BufferEncoding | "utf16be" {
  const key = name.trim().toLowerCase();
  if (key === "utf-16be") return "utf16be";
  const enc = CHARSETS[key];
  if (enc === undefined) {
    throw runtimeError(
      fn,
      `unknown character set "${name}"; use UTF-8, US-ASCII, ISO-8859-1, UTF-16BE, UTF-16LE or UTF-16`,
    );
  }
  return enc;
}

function encode(fn: string, s: string, charset: string): Uint8Array {
  const enc = charsetOf(fn, charset);
  const key = charset.trim().toLowerCase();
  if (enc === "utf16be" || key === "utf-16") {
    const le = Buffer.from(s, "utf16le");
    le.swap16();
    // Java's "UTF-16" encoder writes a big-endian byte order mark first.
    return toBytes(key === "utf-16" ? Buffer.concat([Buffer.from([0xfe, 0xff]), le]) : le);
  }
  if (key === "us-ascii" || key === "ascii")
    return toBytes(
      Buffer.from(Array.from(s, (ch) => (ch.charCodeAt(0) < 0x80 ? ch : "?")).join(""), "latin1"),
    );
  return toBytes(Buffer.from(s, enc));
}

function decode(fn: string, b: Uint8Array, charset: string): string {
  const enc = charsetOf(fn, charset);
  const buf = Buffer.from(b);
  if (enc === "utf16be") return buf.swap16().toString("utf16le");
  return buf.toString(enc);
}

/** decode(expr, search1, result1, ..., [default]): the result of the first search equal to expr. */
function compileDecodeSwitch(args: readonly SqlArg[], fn: string) {
  const searchIdx: number[] = [];
  const resultArgs: SqlArg[] = [];
  for (let i = 1; i + 1 < args.length; i += 2) {
    searchIdx.push(i);
    resultArgs.push(args[i + 1]!);
  }
  const hasDefault = args.length % 2 === 0;
  if (hasDefault) resultArgs.push(args[args.length - 1]!);
  const keyType = commonArgType([args[0]!, ...searchIdx.map((i) => args[i]!)]) ?? S;
  const resultType = commonArgType(resultArgs) ?? S;
  const expr = coerceArg(fn, args, 0, keyType);
  const eq = equalityFor(keyType);
  const pairs: { search: SqlEvaluator; result: SqlEvaluator }[] = [];
  for (let i = 1; i + 1 < args.length; i += 2) {
    pairs.push({ search: coerceArg(fn, args, i, keyType), result: coerceArg(fn, args, i + 1, resultType) });
  }
  const fallback = hasDefault ? coerceArg(fn, args, args.length - 1, resultType) : () => null;
  return {
    type: resultType,
    evaluate: ((ctx) => {
      const v = expr(ctx);
      for (const p of pairs) {
        const s = p.search(ctx);
        if (v === null ? s === null : s !== null && eq(v, s)) return p.result(ctx);
      }
      return fallback(ctx);
    }) satisfies SqlEvaluator,
  };
}

const URL_SAFE = /[A-Za-z0-9.\-*_]/;

/** Java's URLEncoder with UTF-8: unreserved characters kept, space as '+', everything else %XX. */
export function urlEncode(s: string): string {
  let out = "";
  for (const ch of s) {
    if (URL_SAFE.test(ch)) out += ch;
    else if (ch === " ") out += "+";
    else for (const b of utf8Bytes(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Java's URLDecoder with UTF-8; null when a % escape is malformed. */
export function urlDecode(s: string): string | null {
  const bytes: number[] = [];
  let out = "";
  const flush = (): void => {
    if (bytes.length > 0) out += Buffer.from(bytes).toString("utf8");
    bytes.length = 0;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "%") {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
      continue;
    }
    flush();
    out += c === "+" ? " " : c;
  }
  flush();
  return out;
}

function uuidFrom(words: readonly number[]): string {
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
  const version = `4${hex.slice(13, 16)}`;
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

function compileToBinary(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const f = args.length > 1 ? stringArg(fn, args, 1) : () => "hex";
  return {
    type: B,
    // Up to 3 UTF-8 bytes a character.
    bound: argsBound(args, 2),
    evaluate: strict2<string, string>(stringArg(fn, args, 0), f, (s, format) => {
      const k = format.toLowerCase();
      if (k === "hex") return unhex(s);
      if (k === "utf-8" || k === "utf8") return utf8Bytes(s);
      if (k === "base64") return /^[A-Za-z0-9+/]*={0,2}$/.test(s) ? toBytes(Buffer.from(s, "base64")) : null;
      throw runtimeError(fn, `unknown format "${format}"; use 'hex', 'utf-8' or 'base64'`);
    }),
  };
}

function compileDecode(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  if (args.length > 2) return compileDecodeSwitch(args, fn);
  const a = args[0]!;
  if (a.type.kind !== "binary" && a.type.kind !== "string" && !isNullLiteral(a))
    throw argTypeError(fn, 0, "binary", a.type);
  return {
    type: S,
    evaluate: strict2<Uint8Array, string>(coerceArg(fn, args, 0, B), stringArg(fn, args, 1), (b, c) =>
      decode(fn, b, c),
    ),
  };
}

function compileUuid(_args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  return {
    type: S,
    evaluate: (ctx) => uuidFrom([ctx.rnd.u32(), ctx.rnd.u32(), ctx.rnd.u32(), ctx.rnd.u32()]),
  };
}

export const ENCODING_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "base64(bin: binary): string",
    "grows",
    "base64 text of a binary (strings are encoded as UTF-8)",
    strict(
      (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length).toString("base64"), // Up to 3 UTF-8 bytes a character, 4 base64 characters for 3 bytes.
      timesArgs(4),
    ),
  ],
  [
    "unbase64(str: string): binary",
    "input",
    "the binary a base64 string encodes",
    strict((s: string) => toBytes(Buffer.from(s, "base64"))),
  ],
  [
    "hex(value)",
    "grows",
    "upper-case hex of a number (two's complement), string (UTF-8 bytes) or binary",
    compileHex,
  ],
  [
    "unhex(str: string): binary",
    "input",
    "the binary a hex string encodes (NULL when it is not hex)",
    strict(unhex),
  ],
  [
    "bin(n: long): string",
    "fixed",
    "binary digits of a long (two's complement for negatives)",
    strict((v: bigint) => BigInt.asUintN(64, v).toString(2)),
  ],
  [
    "conv(num: string, from_base: int, to_base: int): string",
    "fixed",
    ": converts a number between bases 2..36",
    strict(conv),
  ],
  ["to_binary(str[, 'hex'|'utf-8'|'base64'])", "grows", ": NULL when str is malformed", compileToBinary],
  [
    "encode(str: string, charset: string): binary",
    "grows",
    ": the bytes of str in the character set",
    strict(
      (s: string, c: string) => encode("encode", s, c), // Up to 4 bytes a character, and a byte-order mark.
      timesArgs(2),
    ),
  ],
  [
    "decode(bin, charset, more...)",
    "input",
    "decode(bin, charset) decodes bytes; decode(expr, search, result, ..., default) picks the result of the first equal search",
    compileDecode,
  ],
  [
    "url_encode(str: string): string",
    "grows",
    "URL-encodes a string (application/x-www-form-urlencoded, UTF-8)",
    strict(
      urlEncode, // A character of one UTF-16 unit may become %XX%XX%XX.
      timesArgs(9),
    ),
  ],
  [
    "url_decode(str: string): string",
    "input",
    "decodes an application/x-www-form-urlencoded string (malformed escapes are an error)",
    strict((s: string) => {
      const d = urlDecode(s);
      if (d === null) {
        const message = `${JSON.stringify(s)} has a malformed % escape; use try_url_decode for NULL instead`;
        throw runtimeError("url_decode", message);
      }
      return d;
    }),
  ],
  [
    "try_url_decode(str: string): string",
    "input",
    "like url_decode, but NULL for malformed escapes",
    strict(urlDecode),
  ],
  ["uuid()", "fixed", "a random version-4 UUID from the row's random draws", compileUuid],
]);
