/**
 * A CHECK constraint's condition as PostgreSQL (`pg_get_constraintdef`) or MySQL/MariaDB
 * (`information_schema.check_constraints`) give it, parsed into a small tree: comparisons,
 * BETWEEN, IN (and PostgreSQL's `= ANY (ARRAY[...])`), LIKE and regular-expression matches,
 * IS [NOT] NULL, AND, OR, NOT, function calls and casts (`'a'::text`, which are dropped). What
 * the tree means for the columns is check-rules.ts's business.
 */

export type CheckOperand =
  | { readonly kind: "column"; readonly name: string }
  | { readonly kind: "literal"; readonly value: string | number | boolean | null }
  | { readonly kind: "call"; readonly name: string; readonly args: readonly CheckOperand[] }
  | { readonly kind: "array"; readonly items: readonly CheckOperand[] }
  | {
      readonly kind: "arith";
      readonly op: string;
      readonly left: CheckOperand;
      readonly right: CheckOperand;
    };

export type CompareOp = "<" | "<=" | ">" | ">=" | "=" | "<>";

/** The operator that says the same with its sides swapped (`a < b` is `b > a`). */
export const FLIPPED_OP: Readonly<Record<CompareOp, CompareOp>> = {
  "<": ">",
  "<=": ">=",
  ">": "<",
  ">=": "<=",
  "=": "=",
  "<>": "<>",
};

export type MatchOp = "like" | "ilike" | "regex" | "iregex";

export type CheckNode =
  | { readonly kind: "and" | "or"; readonly items: readonly CheckNode[] }
  | { readonly kind: "not"; readonly item: CheckNode }
  | {
      readonly kind: "compare";
      readonly op: CompareOp;
      readonly left: CheckOperand;
      readonly right: CheckOperand;
    }
  | {
      readonly kind: "between";
      readonly value: CheckOperand;
      readonly low: CheckOperand;
      readonly high: CheckOperand;
      readonly negated: boolean;
    }
  | {
      readonly kind: "in";
      readonly value: CheckOperand;
      readonly list: readonly CheckOperand[];
      readonly negated: boolean;
    }
  | {
      readonly kind: "match";
      readonly op: MatchOp;
      readonly value: CheckOperand;
      readonly pattern: CheckOperand;
      readonly negated: boolean;
    }
  | { readonly kind: "null"; readonly value: CheckOperand; readonly negated: boolean }
  /** A bare value used as a condition (a boolean column, `json_valid(x)`). */
  | { readonly kind: "value"; readonly value: CheckOperand };

type Token =
  | { readonly t: "word"; readonly v: string }
  | { readonly t: "ident"; readonly v: string }
  | { readonly t: "string"; readonly v: string }
  | { readonly t: "number"; readonly v: number }
  | { readonly t: "op"; readonly v: string };

const OPERATORS = [
  "!~~*",
  "!~~",
  "!~*",
  "~~*",
  "::",
  "<=",
  ">=",
  "<>",
  "!=",
  "~~",
  "~*",
  "!~",
  "||",
  "=",
  "<",
  ">",
  "~",
  "(",
  ")",
  ",",
  "[",
  "]",
  "+",
  "-",
  "*",
  "/",
  "%",
  ".",
];

/** Words that end a type name after `::` (and never start an operand). */
const KEYWORDS = new Set([
  "and",
  "or",
  "not",
  "between",
  "in",
  "is",
  "like",
  "ilike",
  "regexp",
  "rlike",
  "any",
  "all",
  "escape",
]);

function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "'") {
      let v = "";
      i++;
      for (;;) {
        if (i >= text.length) return undefined;
        if (text[i] === "'" && text[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (text[i] === "\\" && i + 1 < text.length) {
          // MySQL/MariaDB escape quotes and backslashes inside strings.
          v += text[i + 1];
          i += 2;
        } else if (text[i] === "'") {
          i++;
          break;
        } else v += text[i++];
      }
      out.push({ t: "string", v });
      continue;
    }
    if (ch === '"' || ch === "`") {
      const end = text.indexOf(ch, i + 1);
      if (end < 0) return undefined;
      out.push({ t: "ident", v: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const num = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (num) {
      out.push({ t: "number", v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(text.slice(i));
    if (word) {
      out.push({ t: "word", v: word[0] });
      i += word[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) return undefined;
    out.push({ t: "op", v: op });
    i += op.length;
  }
  return out;
}

class Parser {
  private pos = 0;
  private readonly tokens: readonly Token[];
  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  private peek(k = 0): Token | undefined {
    return this.tokens[this.pos + k];
  }
  private isWord(w: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.t === "word" && t.v.toLowerCase() === w;
  }
  private isOp(o: string): boolean {
    const t = this.peek();
    return t?.t === "op" && t.v === o;
  }
  private take(): Token {
    const t = this.tokens[this.pos++];
    if (!t) throw new ParseStop();
    return t;
  }
  private expectOp(o: string): void {
    if (!this.isOp(o)) throw new ParseStop();
    this.pos++;
  }
  /** Operands separated by commas up to the closing `close`, which it passes. */
  private operandsUpTo(close: string): CheckOperand[] {
    const items: CheckOperand[] = [];
    while (!this.isOp(close)) {
      items.push(this.sum());
      if (this.isOp(",")) this.pos++;
      else if (!this.isOp(close)) throw new ParseStop();
    }
    this.pos++;
    return items;
  }
  private expectWord(w: string): void {
    if (!this.isWord(w)) throw new ParseStop();
    this.pos++;
  }
  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  condition(): CheckNode {
    return this.joined("or", () => this.conjunction());
  }

  private conjunction(): CheckNode {
    return this.joined("and", () => this.negation());
  }

  /** One or more `item`s joined by the word `kind` (AND binds tighter than OR: its items are the OR's). */
  private joined(kind: "and" | "or", item: () => CheckNode): CheckNode {
    const items = [item()];
    while (this.isWord(kind)) {
      this.pos++;
      items.push(item());
    }
    return items.length === 1 ? items[0]! : { kind, items };
  }

  private negation(): CheckNode {
    if (this.isWord("not")) {
      this.pos++;
      return { kind: "not", item: this.negation() };
    }
    return this.predicate();
  }

  private predicate(): CheckNode {
    // A parenthesised condition: `((a > 0) AND (b > 0))`.
    if (this.isOp("(")) {
      const save = this.pos;
      this.pos++;
      try {
        const inner = this.condition();
        this.expectOp(")");
        if (inner.kind !== "value" && !this.startsComparison()) return inner;
      } catch (e) {
        if (!(e instanceof ParseStop)) throw e;
      }
      this.pos = save;
    }
    const left = this.sum();
    const t = this.peek();
    if (t?.t === "op" && ["<", "<=", ">", ">=", "=", "<>", "!="].includes(t.v)) {
      this.pos++;
      const op = (t.v === "!=" ? "<>" : t.v) as CompareOp;
      if (this.isWord("any") || this.isWord("all")) {
        const all = this.isWord("all");
        this.pos++;
        this.expectOp("(");
        const list = this.sum();
        this.expectOp(")");
        if (list.kind !== "array") throw new ParseStop();
        if (op === "=" && !all) return { kind: "in", value: left, list: list.items, negated: false };
        if (op === "<>" && all) return { kind: "in", value: left, list: list.items, negated: true };
        throw new ParseStop();
      }
      return { kind: "compare", op, left, right: this.sum() };
    }
    if (t?.t === "op" && ["~", "~*", "!~", "!~*", "~~", "~~*", "!~~", "!~~*"].includes(t.v)) {
      this.pos++;
      const negated = t.v.startsWith("!");
      const bare = t.v.replace("!", "");
      const op: MatchOp =
        bare === "~" ? "regex" : bare === "~*" ? "iregex" : bare === "~~" ? "like" : "ilike";
      return { kind: "match", op, value: left, pattern: this.sum(), negated };
    }
    let negated = false;
    if (this.isWord("not")) {
      negated = true;
      this.pos++;
    }
    if (this.isWord("between")) {
      this.pos++;
      const low = this.sum();
      this.expectWord("and");
      return { kind: "between", value: left, low, high: this.sum(), negated };
    }
    if (this.isWord("in")) {
      this.pos++;
      this.expectOp("(");
      const list = [this.sum()];
      while (this.isOp(",")) {
        this.pos++;
        list.push(this.sum());
      }
      this.expectOp(")");
      return { kind: "in", value: left, list, negated };
    }
    for (const [word, op] of [
      ["like", "like"],
      ["ilike", "ilike"],
      ["regexp", "regex"],
      ["rlike", "regex"],
    ] as const) {
      if (this.isWord(word)) {
        this.pos++;
        return { kind: "match", op, value: left, pattern: this.sum(), negated };
      }
    }
    if (negated) throw new ParseStop();
    if (this.isWord("is")) {
      this.pos++;
      const not = this.isWord("not");
      if (not) this.pos++;
      this.expectWord("null");
      return { kind: "null", value: left, negated: not };
    }
    return { kind: "value", value: left };
  }

  private startsComparison(): boolean {
    const t = this.peek();
    return (
      (t?.t === "op" &&
        ["<", "<=", ">", ">=", "=", "<>", "!=", "~", "~*", "!~", "!~*", "~~", "~~*", "!~~", "!~~*"].includes(
          t.v,
        )) ||
      ["between", "in", "like", "ilike", "regexp", "rlike", "is", "not"].some((w) => this.isWord(w))
    );
  }

  private sum(): CheckOperand {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t?.t !== "op" || !["+", "-", "*", "/", "%", "||"].includes(t.v)) return left;
      this.pos++;
      left = { kind: "arith", op: t.v, left, right: this.unary() };
    }
  }

  private unary(): CheckOperand {
    if (this.isOp("-") || this.isOp("+")) {
      const sign = this.take().v;
      const inner = this.unary();
      if (inner.kind === "literal" && typeof inner.value === "number")
        return { kind: "literal", value: sign === "-" ? -inner.value : inner.value };
      if (inner.kind === "literal" && typeof inner.value === "string" && sign === "-")
        return { kind: "literal", value: `-${inner.value}` };
      return sign === "-"
        ? { kind: "arith", op: "-", left: { kind: "literal", value: 0 }, right: inner }
        : inner;
    }
    let value = this.primary();
    while (this.isOp("::")) {
      this.pos++;
      this.typeName();
      // A cast of a quoted number (`'-5'::integer`) is that number.
      if (value.kind === "literal" && typeof value.value === "string" && /^-?\d+(\.\d+)?$/.test(value.value))
        value = { kind: "literal", value: Number(value.value) };
    }
    return value;
  }

  /** `character varying`, `numeric(10,2)`, `text[]`, `timestamp with time zone`: skipped. */
  private typeName(): void {
    const first = this.take();
    if (first.t !== "word" && first.t !== "ident") throw new ParseStop();
    while (this.peek()?.t === "word" && !KEYWORDS.has((this.peek()!.v as string).toLowerCase())) this.pos++;
    if (this.isOp("(")) {
      while (!this.isOp(")")) this.take();
      this.pos++;
    }
    while (this.isOp("[")) {
      this.pos++;
      this.expectOp("]");
    }
  }

  private primary(): CheckOperand {
    const t = this.take();
    if (t.t === "number") return { kind: "literal", value: t.v };
    if (t.t === "string") return { kind: "literal", value: t.v };
    if (t.t === "op" && t.v === "(") {
      const inner = this.sum();
      if (this.isOp(",")) throw new ParseStop();
      this.expectOp(")");
      return inner;
    }
    if (t.t === "ident" || t.t === "word") {
      const lower = t.v.toLowerCase();
      if (t.t === "word") {
        if (lower === "true" || lower === "false") return { kind: "literal", value: lower === "true" };
        if (lower === "null") return { kind: "literal", value: null };
        if (KEYWORDS.has(lower)) throw new ParseStop();
        if (lower === "array" && this.isOp("[")) {
          this.pos++;
          return { kind: "array", items: this.operandsUpTo("]") };
        }
        if (["current_date", "current_timestamp", "localtimestamp"].includes(lower) && !this.isOp("("))
          return { kind: "call", name: lower, args: [] };
      }
      if (t.t === "word" && this.isOp("(")) {
        this.pos++;
        return { kind: "call", name: lower, args: this.operandsUpTo(")") };
      }
      // `table.column`: the column.
      let name = t.v;
      while (this.isOp(".")) {
        this.pos++;
        const next = this.take();
        if (next.t !== "word" && next.t !== "ident") throw new ParseStop();
        name = next.v;
      }
      return { kind: "column", name };
    }
    throw new ParseStop();
  }
}

class ParseStop extends Error {}

/**
 * Parses a CHECK condition (with or without its `CHECK (...)` and PostgreSQL's trailing
 * `NOT VALID`); undefined when it is not the SQL this reader knows.
 */
export function parseCheckClause(clause: string): CheckNode | undefined {
  const body = clause
    .trim()
    .replace(/\s+NOT\s+VALID\s*$/i, "")
    .replace(/^CHECK\s*/i, "");
  const tokens = tokenize(body);
  if (!tokens || tokens.length === 0) return undefined;
  try {
    const p = new Parser(tokens);
    const node = p.condition();
    return p.atEnd() ? node : undefined;
  } catch (e) {
    if (e instanceof ParseStop) return undefined;
    throw e;
  }
}
