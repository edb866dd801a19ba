import { type DataType, DataTypes, type PrimitiveKind, type StructField } from "./data-type.ts";

/** Spark's type names and their aliases, as users write them (case-insensitive). */
export const TYPE_NAME_ALIASES: Readonly<Record<string, PrimitiveKind | "decimal">> = {
  string: "string",
  varchar: "string",
  char: "string",
  text: "string",
  int: "int",
  integer: "int",
  long: "long",
  bigint: "long",
  short: "short",
  smallint: "short",
  byte: "byte",
  tinyint: "byte",
  double: "double",
  float: "float",
  real: "float",
  decimal: "decimal",
  dec: "decimal",
  numeric: "decimal",
  boolean: "boolean",
  bool: "boolean",
  date: "date",
  timestamp: "timestamp",
  timestamp_ltz: "timestamp",
  timestamp_ntz: "timestamp",
  datetime: "timestamp",
  "date-time": "timestamp",
  binary: "binary",
};

/** Names shown to users in "did you mean" and "supported types" messages. */
export const SUPPORTED_TYPE_NAMES: readonly string[] = [
  "string",
  "int",
  "integer",
  "long",
  "bigint",
  "short",
  "smallint",
  "byte",
  "tinyint",
  "double",
  "float",
  "decimal",
  "decimal(p,s)",
  "boolean",
  "date",
  "timestamp",
  "binary",
  "array<T>",
  "map<K,V>",
  "struct<name:T,...>",
];

export type DataTypeParseResult =
  | { readonly ok: true; readonly type: DataType }
  | { readonly ok: false; readonly message: string; readonly offset: number; readonly name?: string };

class DdlError extends Error {
  readonly offset: number;
  readonly typeName: string | undefined;
  constructor(message: string, offset: number, typeName?: string) {
    super(message);
    this.offset = offset;
    this.typeName = typeName;
  }
}

/**
 * Parses a Spark DDL type string. Never throws: a bad string gives `{ok: false}` with the
 * offending offset and, for an unknown name, the name (so callers can suggest the nearest).
 */
export function parseDataType(text: string): DataTypeParseResult {
  const p = new DdlParser(text);
  try {
    const type = p.parseType();
    p.skipSpace();
    if (!p.atEnd()) throw new DdlError(`unexpected "${text.slice(p.pos)}" after the type`, p.pos);
    return { ok: true, type };
  } catch (e) {
    if (e instanceof DdlError) {
      return {
        ok: false,
        message: e.message,
        offset: e.offset,
        ...(e.typeName === undefined ? {} : { name: e.typeName }),
      };
    }
    throw e;
  }
}

/**
 * Types nesting deeper than this are refused while parsing, so a hostile type string cannot
 * overflow the stack; the generation budget (maxNestingDepth, default 16) is far stricter.
 */
export const MAX_DDL_DEPTH = 1000;

class DdlParser {
  pos = 0;
  private depth = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? "";
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) {
      const found = this.atEnd() ? "the end of the type" : `"${this.text[this.pos]}"`;
      throw new DdlError(`expected "${ch}" but found ${found}`, this.pos);
    }
    this.pos++;
  }

  private word(): string {
    this.skipSpace();
    const m = /^[A-Za-z_][\w-]*/.exec(this.text.slice(this.pos));
    if (!m) {
      const found = this.atEnd() ? "the end of the type" : `"${this.text[this.pos]}"`;
      throw new DdlError(`expected a type name but found ${found}`, this.pos);
    }
    this.pos += m[0].length;
    return m[0];
  }

  private fieldName(): string {
    this.skipSpace();
    if (this.text[this.pos] === "`") {
      const end = this.text.indexOf("`", this.pos + 1);
      if (end < 0) throw new DdlError("unclosed backtick in a field name", this.pos);
      const name = this.text.slice(this.pos + 1, end);
      this.pos = end + 1;
      return name;
    }
    const m = /^[A-Za-z_0-9$][\w$-]*/.exec(this.text.slice(this.pos));
    if (!m) throw new DdlError("expected a field name", this.pos);
    this.pos += m[0].length;
    return m[0];
  }

  private integer(): number {
    this.skipSpace();
    const m = /^\d+/.exec(this.text.slice(this.pos));
    if (!m) throw new DdlError("expected a number", this.pos);
    this.pos += m[0].length;
    return Number(m[0]);
  }

  parseType(): DataType {
    if (++this.depth > MAX_DDL_DEPTH) {
      throw new DdlError(`the type nests deeper than ${MAX_DDL_DEPTH} levels`, this.pos);
    }
    try {
      return this.parseTypeAt();
    } finally {
      this.depth--;
    }
  }

  private parseTypeAt(): DataType {
    const start = this.pos;
    const name = this.word();
    const lower = name.toLowerCase();
    switch (lower) {
      case "array": {
        this.expect("<");
        const element = this.parseType();
        this.expect(">");
        return DataTypes.array(element);
      }
      case "map": {
        this.expect("<");
        const key = this.parseType();
        this.expect(",");
        const value = this.parseType();
        this.expect(">");
        return DataTypes.map(key, value);
      }
      case "struct":
        return this.parseStruct();
      default:
        break;
    }
    const kind = TYPE_NAME_ALIASES[lower];
    if (kind === undefined) throw new DdlError(`unknown type "${name}"`, start, name);
    if (kind === "decimal") {
      if (this.peek() !== "(") return DataTypes.decimal(10, 0);
      this.pos++;
      const precision = this.integer();
      let scale = 0;
      if (this.peek() === ",") {
        this.pos++;
        scale = this.integer();
      }
      this.expect(")");
      if (precision < 1 || precision > 38) {
        throw new DdlError(`decimal precision ${precision} is outside 1..38`, start);
      }
      if (scale > precision)
        throw new DdlError(`decimal scale ${scale} is above its precision ${precision}`, start);
      return DataTypes.decimal(precision, scale);
    }
    if ((lower === "varchar" || lower === "char") && this.peek() === "(") {
      this.pos++;
      this.integer();
      this.expect(")");
    }
    return DataTypes[kind];
  }

  private parseStruct(): DataType {
    this.expect("<");
    const fields: StructField[] = [];
    if (this.peek() === ">") {
      this.pos++;
      return DataTypes.struct(fields);
    }
    for (;;) {
      const name = this.fieldName();
      this.skipSpace();
      // Spark accepts both `a:int` and `a int`.
      if (this.text[this.pos] === ":") this.pos++;
      const type = this.parseType();
      let nullable = true;
      this.skipSpace();
      if (/^not\s+null/i.test(this.text.slice(this.pos))) {
        this.pos += /^not\s+null/i.exec(this.text.slice(this.pos))![0].length;
        nullable = false;
      }
      fields.push({ name, type, nullable });
      const next = this.peek();
      if (next === ",") {
        this.pos++;
        continue;
      }
      this.expect(">");
      return DataTypes.struct(fields);
    }
  }
}
