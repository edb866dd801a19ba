import { assignPath } from "./assign-field.ts";
import type { DiagnosticSink, Pos } from "./diagnostic-sink.ts";
import { trimSpaces } from "./lexer.ts";
import { piecesToPath } from "./path-expression.ts";
import { describeToken, type PathPiece, type Punct, type Token } from "./token.ts";
import {
  type ArrayNode,
  type ObjectNode,
  objectNode,
  type SimpleNode,
  type SpaceNode,
  type ValueNode,
} from "./value-node.ts";

/** Deeper nesting than this is refused: no real configuration needs it, and it guards the stack. */
export const MAX_NESTING = 200;

export interface ParsedDocument {
  readonly root: ObjectNode;
  /** Where each key path was last written, keyed by `pathKey`. */
  readonly locations: Map<string, Pos>;
}

export const pathKey = (path: readonly string[]): string => JSON.stringify(path);

/** Thrown to stop reading once the nesting limit is passed; caught in `parseTokens`. */
class NestingLimit extends Error {}

/** Builds the unresolved document from tokens; never throws, problems go to `sink`. */
export function parseTokens(tokens: readonly Token[], sink: DiagnosticSink): ParsedDocument {
  const parser = new Parser(tokens, sink);
  try {
    parser.document();
  } catch (e) {
    if (!(e instanceof NestingLimit)) throw e;
  }
  return { root: parser.root, locations: parser.locations };
}

const isPunct = (t: Token, p: Punct): boolean => t.kind === "punct" && t.text === p;
const INCLUDE_FORMS = /^(required|file|url|classpath)\(/;

class Parser {
  readonly root: ObjectNode;
  readonly locations = new Map<string, Pos>();
  private readonly tokens: readonly Token[];
  private readonly sink: DiagnosticSink;
  private i = 0;

  constructor(tokens: readonly Token[], sink: DiagnosticSink) {
    this.tokens = tokens;
    this.sink = sink;
    this.root = objectNode({ line: 1, column: 1 });
  }

  document(): void {
    this.skipSpaceAndNewlines();
    const first = this.peek();
    if (isPunct(first, "{")) {
      this.i++;
      this.fields(this.root, [], first.pos, 1);
      this.skipSpaceAndNewlines();
      const rest = this.peek();
      if (rest.kind !== "eof") {
        this.syntax(
          `unexpected ${describeToken(rest)} after the \`}\` that closes the file's root object`,
          rest.pos,
        );
      }
    } else if (isPunct(first, "[")) {
      this.syntax("the configuration must be an object (`key = value` lines), not a list", first.pos);
    } else {
      this.fields(this.root, [], undefined, 0);
    }
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }

  private skipSpace(): void {
    while (this.peek().kind === "ws") this.i++;
  }

  private skipSpaceAndNewlines(): void {
    while (this.peek().kind === "ws" || this.peek().kind === "newline") this.i++;
  }

  private syntax(message: string, pos: Pos, hint?: string): void {
    this.sink.error("RF_HOCON_SYNTAX", message, pos, hint === undefined ? {} : { hint });
  }

  private enter(depth: number, pos: Pos): void {
    if (depth <= MAX_NESTING) return;
    this.syntax(`the configuration nests deeper than ${MAX_NESTING} levels; reading stopped here`, pos);
    throw new NestingLimit();
  }

  /** The fields of an object up to its `}` (`open` is where `{` was) or, for a braceless root, the end. */
  private fields(
    obj: ObjectNode,
    basePath: readonly string[] | undefined,
    open: Pos | undefined,
    depth: number,
  ) {
    while (true) {
      this.skipSpaceAndNewlines();
      const t = this.peek();
      if (t.kind === "eof") {
        if (open !== undefined) {
          this.syntax(
            `missing \`}\` to close the object opened at line ${open.line}, column ${open.column}`,
            t.pos,
          );
        }
        return;
      }
      if (isPunct(t, "}")) {
        this.i++;
        if (open !== undefined) return;
        this.syntax("this `}` has no matching `{`", t.pos);
        continue;
      }
      if (isPunct(t, ",")) {
        this.i++;
        this.syntax("unexpected comma: commas go between fields, one at a time", t.pos);
        continue;
      }
      if (this.atInclude()) {
        this.syntax(
          "include is not supported by rowforge",
          t.pos,
          "copy the settings of the included file into this file",
        );
        this.recover();
        continue;
      }
      if (this.field(obj, basePath, depth)) this.afterField(open !== undefined);
      else this.recover();
    }
  }

  /** An unquoted `include` that starts a key and is followed by a resource name is an include statement. */
  private atInclude(): boolean {
    const t = this.peek();
    if (t.kind !== "unquoted" || t.text !== "include") return false;
    let k = 1;
    while (this.peek(k).kind === "ws" || this.peek(k).kind === "newline") k++;
    const next = this.peek(k);
    return k > 1 && (next.kind === "quoted" || (next.kind === "unquoted" && INCLUDE_FORMS.test(next.text)));
  }

  /** After a field: a comma, a newline, or the end of the object. */
  private afterField(braced: boolean): void {
    this.skipSpace();
    const t = this.peek();
    if (t.kind === "newline") {
      this.takeCommaAfterNewlines();
      return;
    }
    if (t.kind === "eof" || isPunct(t, ",") || (braced && isPunct(t, "}"))) {
      if (isPunct(t, ",")) this.i++;
      return;
    }
    const quoteHint =
      isPunct(t, ":") || isPunct(t, "=")
        ? 'a value that contains ":" or "=" (such as a URL) must be in double quotes'
        : "put each field on its own line or separate fields with commas";
    this.syntax(
      `expected a comma or a new line after the value, found ${describeToken(t)}`,
      t.pos,
      quoteHint,
    );
    this.recover();
  }

  /** A separating comma may also start the next line (`1\n, 2`); it is taken once. */
  private takeCommaAfterNewlines(): void {
    let k = 0;
    while (this.peek(k).kind === "ws" || this.peek(k).kind === "newline") k++;
    if (isPunct(this.peek(k), ",")) this.i += k + 1;
  }

  /** Skips the rest of a broken field: up to a newline or comma, or before the closing bracket. */
  private recover(): void {
    let nesting = 0;
    while (true) {
      const t = this.peek();
      if (t.kind === "eof") return;
      if (nesting === 0 && (isPunct(t, "}") || isPunct(t, "]"))) return;
      this.i++;
      if (isPunct(t, "{") || isPunct(t, "[")) nesting++;
      else if (isPunct(t, "}") || isPunct(t, "]")) nesting--;
      else if (nesting === 0 && (t.kind === "newline" || isPunct(t, ","))) return;
    }
  }

  private field(obj: ObjectNode, basePath: readonly string[] | undefined, depth: number): boolean {
    const keyPos = this.peek().pos;
    const pieces: PathPiece[] = [];
    while (true) {
      const t = this.peek();
      if (t.kind === "ws") pieces.push({ kind: "space", text: t.text });
      else if (t.kind === "quoted") pieces.push({ kind: "quoted", text: t.text });
      else if (t.kind === "unquoted" || t.kind === "number") pieces.push({ kind: "unquoted", text: t.text });
      else break;
      this.i++;
    }
    const sep = this.peek();
    if (sep.kind === "subst") {
      if (!sep.bad) this.syntax(`a substitution \`\${...}\` cannot be used in a key`, sep.pos);
      return false;
    }
    const keyPieces = trimSpaces(pieces);
    if (keyPieces.length === 0) {
      this.syntax(`expected a key, found ${describeToken(sep)}`, sep.pos);
      return false;
    }
    const parsed = piecesToPath(keyPieces);
    if (!parsed.ok) {
      this.syntax(
        parsed.message,
        keyPos,
        'quote a key that contains dots or is empty, for example "spark.driver.memory"',
      );
      return false;
    }
    const path = parsed.path;
    const written = keyPieces.map((p) => p.text).join("");
    // `a.b.c = 1` nests like `a { b { c = 1 } }`; the value's own braces count when they open.
    const inner = depth + path.length - 1;
    this.enter(inner, keyPos);
    let append = false;
    if (isPunct(sep, "=") || isPunct(sep, ":") || isPunct(sep, "+=")) {
      append = isPunct(sep, "+=");
      this.i++;
      this.skipSpaceAndNewlines();
    } else if (!isPunct(sep, "{")) {
      const message =
        sep.kind === "newline" || sep.kind === "eof"
          ? `the key \`${written}\` has no value`
          : `expected \`=\`, \`:\` or \`{\` after the key \`${written}\`, found ${describeToken(sep)}`;
      this.syntax(message, sep.kind === "newline" || sep.kind === "eof" ? keyPos : sep.pos);
      return false;
    }
    const fullPath = basePath === undefined ? undefined : [...basePath, ...path];
    let value = this.value(fullPath, inner);
    if (value === undefined) return false;
    if (append) value = appendTo(fullPath ?? path, value);
    value.definedAt = keyPos;
    assignPath(obj, path, value, basePath);
    if (fullPath !== undefined) {
      for (let k = (basePath ?? []).length + 1; k <= fullPath.length; k++) {
        this.locations.set(pathKey(fullPath.slice(0, k)), keyPos);
      }
    }
    return true;
  }

  /**
   * A value with the values concatenated to it on the same line. `basePath` is the key path of
   * the field it belongs to, when that is reachable from the root (so its keys can be located).
   */
  private value(basePath: readonly string[] | undefined, depth: number): ValueNode | undefined {
    const parts: (ValueNode | SpaceNode)[] = [];
    const start = this.peek();
    while (true) {
      const t = this.peek();
      if (t.kind === "ws") parts.push({ kind: "space", text: t.text, pos: t.pos });
      else if (t.kind === "quoted") parts.push({ kind: "simple", value: t.text, raw: t.text, pos: t.pos });
      else if (t.kind === "unquoted") parts.push(typedUnquoted(t.text, t.pos));
      else if (t.kind === "number")
        parts.push({ kind: "simple", value: numberValue(t.text), raw: t.text, pos: t.pos });
      else if (t.kind === "subst") parts.push(this.substitution(t));
      else if (isPunct(t, "{")) {
        this.enter(depth + 1, t.pos);
        this.i++;
        const obj = objectNode(t.pos);
        this.fields(obj, basePath, t.pos, depth + 1);
        parts.push(obj);
        continue;
      } else if (isPunct(t, "[")) {
        parts.push(this.array(t.pos, depth + 1));
        continue;
      } else break;
      this.i++;
    }
    const trimmed = trimSpaces(parts);
    if (trimmed.length === 0) {
      this.syntax(`expected a value, found ${describeToken(this.peek())}`, this.peek().pos);
      return undefined;
    }
    if (trimmed.length === 1) return trimmed[0] as ValueNode;
    if (trimmed.every((p) => p.kind === "space" || p.kind === "simple")) {
      const raw = trimmed.map((p) => (p.kind === "simple" ? p.raw : p.text)).join("");
      return { kind: "simple", value: raw, raw, pos: start.pos };
    }
    return { kind: "concat", parts: trimmed, pos: start.pos };
  }

  private substitution(t: Extract<Token, { kind: "subst" }>): ValueNode {
    if (t.bad) return { kind: "simple", value: null, raw: "", pos: t.pos };
    const parsed = piecesToPath(t.pieces);
    if (!parsed.ok) {
      this.syntax(`in this substitution, ${parsed.message}`, t.pos);
      return { kind: "simple", value: null, raw: "", pos: t.pos };
    }
    return { kind: "subst", path: parsed.path, optional: t.optional, fromAppend: false, pos: t.pos };
  }

  private array(open: Pos, depth: number): ArrayNode {
    this.enter(depth, open);
    this.i++;
    const items: ValueNode[] = [];
    while (true) {
      this.skipSpaceAndNewlines();
      const t = this.peek();
      if (isPunct(t, "]")) {
        this.i++;
        break;
      }
      if (t.kind === "eof" || isPunct(t, "}")) {
        this.syntax(
          `missing \`]\` to close the list opened at line ${open.line}, column ${open.column}`,
          t.pos,
        );
        break;
      }
      if (isPunct(t, ",")) {
        this.i++;
        this.syntax("unexpected comma: list elements are separated by one comma or a new line", t.pos);
        continue;
      }
      const item = this.value(undefined, depth);
      if (item === undefined) {
        this.recover();
        continue;
      }
      items.push(item);
      this.skipSpace();
      const after = this.peek();
      if (isPunct(after, ",")) this.i++;
      else if (after.kind === "newline") this.takeCommaAfterNewlines();
      else if (!isPunct(after, "]") && after.kind !== "eof" && !isPunct(after, "}")) {
        this.syntax(
          `expected a comma, a new line or \`]\` after the list element, found ${describeToken(after)}`,
          after.pos,
        );
        this.recover();
      }
    }
    return { kind: "array", items, pos: open };
  }
}

/** An unquoted value alone is a boolean or null only when written exactly so; `yes` stays a string. */
function typedUnquoted(raw: string, pos: Pos): SimpleNode {
  const value = raw === "true" ? true : raw === "false" ? false : raw === "null" ? null : raw;
  return { kind: "simple", value, raw, pos };
}

/** An integer too large for a double keeps its digits as a string rather than silently changing. */
function numberValue(text: string): number | string {
  const n = Number(text);
  return /^-?\d+$/.test(text) && !Number.isSafeInteger(n) ? text : n;
}

/** `a += v` is `a = ${?a} [v]`. */
function appendTo(path: readonly string[], value: ValueNode): ValueNode {
  const pos = value.pos;
  return {
    kind: "concat",
    parts: [
      { kind: "subst", path, optional: true, fromAppend: true, pos },
      { kind: "array", items: [value], pos },
    ],
    pos,
  };
}
