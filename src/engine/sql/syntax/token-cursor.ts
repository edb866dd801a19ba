import { describeFound, sqlError } from "../sql-error.ts";
import { type Token, tokenize } from "./lexer.ts";

/** A position in the token list of one expression, with the look-ahead and expectation helpers the parser uses. */
export class TokenCursor {
  readonly text: string;
  readonly tokens: readonly Token[];
  i = 0;

  constructor(text: string) {
    this.text = text;
    this.tokens = tokenize(text);
  }

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.i++;
    return t;
  }

  isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === "op" && t.text === text;
  }

  isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === "ident" && t.text.toLowerCase() === word;
  }

  acceptOp(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.i++;
    return true;
  }

  acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.i++;
    return true;
  }

  fail(t: Token, expected: string): never {
    throw sqlError(this.text, t.pos, `expected ${expected} but found ${describeFound(t.text)}`);
  }

  expectOp(text: string, context = ""): Token {
    const t = this.peek();
    if (!this.isOp(text)) this.fail(t, `"${text}"${context}`);
    return this.next();
  }

  expectWord(word: string, context = ""): Token {
    const t = this.peek();
    if (!this.isWord(word)) this.fail(t, `${word.toUpperCase()}${context}`);
    return this.next();
  }

  name(what: string): { name: string; pos: number } {
    const t = this.peek();
    if (t.kind === "ident") {
      this.i++;
      return { name: t.text, pos: t.pos };
    }
    if (t.kind === "quoted") {
      this.i++;
      return { name: t.value, pos: t.pos };
    }
    return this.fail(t, what);
  }

  lastEnd(): number {
    return this.tokens[this.i - 1]?.end ?? 0;
  }
}
