/**
 * Splits Spark SQL expression text into tokens, keeping each token's source offsets.
 */
import { describeFound, sqlError } from "../sql-error.ts";

export type TokenKind = "ident" | "quoted" | "string" | "number" | "binary" | "op" | "eof";

export interface Token {
  readonly kind: TokenKind;
  /** Source text of the token. */
  readonly text: string;
  /** Decoded value: the string of a string literal, the name of a backquoted identifier, the hex digits of X'..'. */
  readonly value: string;
  readonly pos: number;
  readonly end: number;
}

const OPERATORS = [
  "<=>",
  "<=",
  ">=",
  "<>",
  "!=",
  "==",
  "||",
  "->",
  "::",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
  "+",
  "-",
  "*",
  "/",
  "%",
  "|",
  "&",
  "^",
  "~",
  "=",
  "<",
  ">",
  "!",
  ":",
] as const;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isIdentChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95;
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?:[bB][dD]|[lLsSyYdDfF])?/;

/** Spark's unescaping of a string literal body (backslash escapes, octal and \u escapes). */
function unescapeLiteral(body: string): string {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== "\\" || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const next = body[++i]!;
    if (next === "u" && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
      out += String.fromCharCode(Number.parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
      continue;
    }
    if (/^[0-3][0-7][0-7]$/.test(body.slice(i, i + 3))) {
      out += String.fromCharCode(Number.parseInt(body.slice(i, i + 3), 8));
      i += 2;
      continue;
    }
    switch (next) {
      case "0":
        out += "\0";
        break;
      case "b":
        out += "\b";
        break;
      case "n":
        out += "\n";
        break;
      case "r":
        out += "\r";
        break;
      case "t":
        out += "\t";
        break;
      case "Z":
        out += "\u001a";
        break;
      case "%":
      case "_":
        // Kept escaped so that LIKE patterns still see them as literal characters.
        out += `\\${next}`;
        break;
      default:
        out += next;
    }
  }
  return out;
}

/** Tokenizes `text`; throws RF_SQL_INVALID with the position of the first bad character. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, pos: number, end: number, value?: string): void => {
    const src = text.slice(pos, end);
    tokens.push({ kind, text: src, value: value ?? src, pos, end });
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (text.startsWith("--", i)) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) throw sqlError(text, i, "unclosed /* comment");
      i = close + 2;
      continue;
    }
    const start = i;
    // X'0A' binary literal
    if ((c === 88 || c === 120) && text[i + 1] === "'") {
      const close = text.indexOf("'", i + 2);
      if (close < 0) throw sqlError(text, start, "unclosed binary literal X'...'");
      const hex = text.slice(i + 2, close);
      if (!/^[0-9a-fA-F]*$/.test(hex)) {
        throw sqlError(text, start, `binary literal X'${hex}' must hold only hexadecimal digits`);
      }
      i = close + 1;
      push("binary", start, i, hex);
      continue;
    }
    if (c === 39 || c === 34) {
      const quote = text[i]!;
      i++;
      while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
      if (i >= text.length) {
        throw sqlError(text, start, `unclosed string literal: add the closing ${quote}`);
      }
      i++;
      push("string", start, i, unescapeLiteral(text.slice(start + 1, i - 1)));
      continue;
    }
    if (c === 96) {
      let name = "";
      i++;
      for (;;) {
        const close = text.indexOf("`", i);
        if (close < 0) throw sqlError(text, start, "unclosed backquoted name: add the closing `");
        name += text.slice(i, close);
        i = close + 1;
        if (text[i] !== "`") break;
        name += "`";
        i++;
      }
      push("quoted", start, i, name);
      continue;
    }
    const prev = tokens[tokens.length - 1];
    const afterValue =
      prev !== undefined &&
      (prev.kind === "ident" || prev.kind === "quoted" || prev.text === ")" || prev.text === "]");
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)) && !afterValue)) {
      const m = NUMBER.exec(text.slice(i))!;
      let end = i + m[0].length;
      if (end < text.length && isIdentChar(text.charCodeAt(end))) {
        // Names may start with digits (`1st_place`); a number must not run into letters.
        while (end < text.length && isIdentChar(text.charCodeAt(end))) end++;
        const word = text.slice(i, end);
        if (!/^\w+$/.test(word) || /^\d+$/.test(word)) throw sqlError(text, i, `invalid number "${word}"`);
        push("ident", start, end);
      } else push("number", start, end);
      i = end;
      continue;
    }
    if (isIdentChar(c)) {
      while (i < text.length && isIdentChar(text.charCodeAt(i))) i++;
      push("ident", start, i);
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op === undefined) {
      throw sqlError(text, i, `unexpected character ${describeFound(text[i])}`);
    }
    i += op.length;
    push("op", start, i);
  }
  tokens.push({ kind: "eof", text: "", value: "", pos: text.length, end: text.length });
  return tokens;
}
