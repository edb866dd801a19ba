import type { DiagnosticSink, Pos } from "./diagnostic-sink.ts";
import type { PathPiece, Token } from "./token.ts";

/** Characters that end unquoted text; some are reserved by the format for future use. */
const FORBIDDEN = new Set([
  "$",
  '"',
  "{",
  "}",
  "[",
  "]",
  ":",
  "=",
  ",",
  "+",
  "#",
  "`",
  "^",
  "?",
  "!",
  "@",
  "*",
  "&",
  "\\",
]);
/** Whitespace other than the newline, which separates fields and so is a token of its own. */
const SPACE = /[\p{Zs}\p{Zl}\p{Zp}\t\v\f\r\uFEFF]/u;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** The file, group, record and unit separators (0x1C to 0x1F) count as whitespace too. */
const isSpace = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return (code >= 0x1c && code <= 0x1f) || (c !== "\n" && SPACE.test(c));
};

/** Splits configuration text into tokens; problems are reported to `sink` and skipped over. */
export function tokenize(text: string, sink: DiagnosticSink): Token[] {
  return new Lexer(text, sink).run();
}

class Lexer {
  private readonly text: string;
  private readonly sink: DiagnosticSink;
  private readonly tokens: Token[] = [];
  private i = 0;
  private line = 1;
  private column = 1;

  constructor(text: string, sink: DiagnosticSink) {
    this.text = text;
    this.sink = sink;
  }

  run(): Token[] {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i]!;
      const pos = this.pos();
      if (c === "\n") {
        this.advance();
        this.tokens.push({ kind: "newline", pos });
      } else if (isSpace(c)) {
        this.tokens.push({ kind: "ws", text: this.takeWhile(isSpace), pos });
      } else if (c === "#" || this.startsComment()) {
        this.takeWhile((ch) => ch !== "\n");
      } else if ("{}[],:=".includes(c)) {
        this.advance();
        this.tokens.push({ kind: "punct", text: c as "{", pos });
      } else if (c === "+" && text[this.i + 1] === "=") {
        this.advance(2);
        this.tokens.push({ kind: "punct", text: "+=", pos });
      } else if (c === '"') {
        this.tokens.push({ kind: "quoted", text: this.quoted(), pos });
      } else if (c === "$" && text[this.i + 1] === "{") {
        this.tokens.push(this.substitution());
      } else if (c === "-" || (c >= "0" && c <= "9")) {
        this.numberOrText(pos);
      } else if (FORBIDDEN.has(c)) {
        this.forbidden(c, pos);
      } else {
        this.tokens.push({ kind: "unquoted", text: this.unquotedRun(), pos });
      }
    }
    this.tokens.push({ kind: "eof", pos: this.pos() });
    return this.tokens;
  }

  private pos(): Pos {
    return { line: this.line, column: this.column };
  }

  private advance(n = 1): void {
    for (let k = 0; k < n && this.i < this.text.length; k++) {
      const code = this.text.charCodeAt(this.i);
      if (code === 10) {
        this.line++;
        this.column = 1;
      } else if (code < 0xdc00 || code > 0xdfff) {
        // The second half of a surrogate pair does not start a new column.
        this.column++;
      }
      this.i++;
    }
  }

  private takeWhile(pred: (c: string) => boolean): string {
    const start = this.i;
    while (this.i < this.text.length && pred(this.text[this.i]!)) this.advance();
    return this.text.slice(start, this.i);
  }

  private startsComment(): boolean {
    return this.text[this.i] === "/" && this.text[this.i + 1] === "/";
  }

  private unquotedRun(stop = ""): string {
    const start = this.i;
    while (this.i < this.text.length) {
      const c = this.text[this.i]!;
      if (c === "\n" || isSpace(c) || FORBIDDEN.has(c) || stop.includes(c) || this.startsComment()) break;
      this.advance();
    }
    return this.text.slice(start, this.i);
  }

  /** A value starting with a digit or `-` is a number only if all its number characters form one. */
  private numberOrText(pos: Pos): void {
    const run = this.text.slice(this.i).match(/^[0-9eE+.-]+/)![0];
    if (NUMBER.test(run)) {
      this.advance(run.length);
      this.tokens.push({ kind: "number", text: run, pos });
      return;
    }
    const plus = run.indexOf("+");
    const textPart = plus >= 0 ? run.slice(0, plus) : run;
    this.advance(textPart.length);
    if (textPart !== "") this.tokens.push({ kind: "unquoted", text: textPart, pos });
    if (plus >= 0) this.forbidden("+", this.pos());
  }

  private forbidden(c: string, pos: Pos): void {
    const what = c === "$" ? "`$` not followed by `{`" : `the character \`${c}\``;
    this.sink.error("RF_HOCON_SYNTAX", `${what} is not allowed in an unquoted value`, pos, {
      hint: `put the value in double quotes, for example "local[*]" or "a+b"`,
    });
    this.advance();
  }

  /** A `"..."` or `"""..."""` string, the opening quote at the cursor; returns its value. */
  private quoted(): string {
    const start = this.pos();
    if (this.text.startsWith('"""', this.i)) return this.tripleQuoted(start);
    this.advance();
    let out = "";
    while (true) {
      const c = this.text[this.i];
      if (c === undefined || c === "\n") {
        this.sink.error("RF_HOCON_SYNTAX", "this quoted string is not closed on its line", start, {
          hint: 'add the closing `"`, or use """triple quotes""" for text over several lines',
        });
        return out;
      }
      if (c === '"') {
        this.advance();
        return out;
      }
      if (c === "\\") {
        out += this.escape();
        continue;
      }
      if (c < " ") {
        this.sink.error(
          "RF_HOCON_SYNTAX",
          "a control character (such as a tab) is not allowed in a quoted string",
          this.pos(),
          {
            hint: "write it as an escape, for example \\t for a tab",
          },
        );
      }
      out += c;
      this.advance();
    }
  }

  private escape(): string {
    const pos = this.pos();
    const e = this.text[this.i + 1] ?? "";
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      this.advance(2);
      return simple;
    }
    const hex = this.text.slice(this.i + 2, this.i + 6);
    if (e === "u" && /^[0-9a-fA-F]{4}$/.test(hex)) {
      this.advance(6);
      return String.fromCharCode(Number.parseInt(hex, 16));
    }
    this.sink.error(
      "RF_HOCON_SYNTAX",
      `\`\\${e === "\n" ? "" : e}\` is not a valid escape in a quoted string`,
      pos,
      {
        hint: 'use \\\\ for a backslash; valid escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX',
      },
    );
    this.advance(e === "\n" || e === "" ? 1 : 2);
    return e === "\n" ? "\\" : `\\${e}`;
  }

  private tripleQuoted(start: Pos): string {
    this.advance(3);
    let end = this.text.indexOf('"""', this.i);
    if (end < 0) {
      this.sink.error("RF_HOCON_SYNTAX", 'this """ string is never closed', start, {
        hint: 'add the closing """',
      });
      const rest = this.text.slice(this.i);
      this.advance(rest.length);
      return rest;
    }
    // Quotes beyond three at the end belong to the string.
    while (this.text[end + 3] === '"') end++;
    const body = this.text.slice(this.i, end);
    this.advance(body.length + 3);
    return body;
  }

  /** `${path}` or `${?path}`, the cursor at `$`. */
  private substitution(): Token {
    const pos = this.pos();
    this.advance(2);
    const optional = this.text[this.i] === "?";
    if (optional) this.advance();
    const pieces: PathPiece[] = [];
    while (true) {
      const c = this.text[this.i];
      const at = this.pos();
      if (c === "}") {
        this.advance();
        return { kind: "subst", optional, pieces: trimSpaces(pieces), bad: false, pos };
      }
      if (c === undefined || c === "\n") {
        this.sink.error("RF_HOCON_SYNTAX", "this substitution is not closed with `}` on its line", pos);
        return { kind: "subst", optional, pieces, bad: true, pos };
      }
      if (isSpace(c)) pieces.push({ kind: "space", text: this.takeWhile(isSpace) });
      else if (c === '"') pieces.push({ kind: "quoted", text: this.quoted() });
      else if (FORBIDDEN.has(c) || this.startsComment()) {
        this.badSubstitution(c, at);
        return { kind: "subst", optional, pieces, bad: true, pos };
      } else pieces.push({ kind: "unquoted", text: this.unquotedRun("}") });
    }
  }

  private badSubstitution(c: string, at: Pos): void {
    if (c === ":") {
      this.sink.error(
        "RF_HOCON_SYNTAX",
        `a substitution cannot carry a default value (\`\${VAR:-default}\` is not HOCON)`,
        at,
        {
          hint: `write the default first and the override after it on its own line: \`key = default\` then \`key = \${?VAR}\``,
        },
      );
    } else {
      this.sink.error("RF_HOCON_SYNTAX", `the character \`${c}\` is not allowed in a substitution path`, at, {
        hint: `quote the key inside the substitution, for example \${"my:key"}`,
      });
    }
    // Skip the rest of the substitution so the same problem is not reported again as a value.
    while (this.i < this.text.length && this.text[this.i] !== "}" && this.text[this.i] !== "\n")
      this.advance();
    if (this.text[this.i] === "}") this.advance();
  }
}

/** Space before the first and after the last piece of a path is not part of it. */
export function trimSpaces<T extends { readonly kind: string }>(pieces: readonly T[]): T[] {
  let start = 0;
  let end = pieces.length;
  while (start < end && pieces[start]!.kind === "space") start++;
  while (end > start && pieces[end - 1]!.kind === "space") end--;
  return pieces.slice(start, end);
}
