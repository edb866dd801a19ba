/**
 * to_json: structs, arrays and maps written as Spark writes JSON: struct fields that are NULL are
 * left out, dates as `yyyy-MM-dd`, timestamps as `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` (`...000Z`),
 * doubles as Java prints them (`1.0`), binary as base64. Options (a literal map) may set
 * `timestampFormat`, `dateFormat` and `ignoreNullFields`.
 */
import { Buffer } from "node:buffer";
import type { DataType } from "../../../model/data-type.ts";
import { DataTypes } from "../../../model/data-type.ts";
import { MICROS_PER_DAY } from "../../../util/calendar.ts";
import type { SqlArg, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { compileFormatter } from "../values/format-value.ts";
import { stringBound } from "../values/value-bounds.ts";
import { checkDeepSize } from "../values/value-budget.ts";
import { compileDatePattern } from "./date-pattern.ts";
import { argBound, valueLimits } from "./function-bounds.ts";
import { argTypeError, sqlError } from "./function-errors.ts";
import { type CompiledCall, functionTable } from "./sql-function.ts";
import { strict1 } from "./strict-evaluators.ts";

export interface JsonOptions {
  readonly timestampFormat: string;
  readonly dateFormat: string;
  readonly ignoreNullFields: boolean;
}

export const DEFAULT_JSON_OPTIONS: JsonOptions = {
  timestampFormat: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  dateFormat: "yyyy-MM-dd",
  ignoreNullFields: true,
};

type Writer = (v: SqlValue) => string;

/** A JSON string literal with Jackson's escapes (short forms for \b \f \n \r \t, \uXXXX upper-case for other controls). */
export function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c >= 0x20) out += s[i];
    else if (c === 0x08) out += "\\b";
    else if (c === 0x0c) out += "\\f";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else out += `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return `${out}"`;
}

function numberText(text: string): string {
  return text === "NaN" || text.endsWith("Infinity") ? `"${text}"` : text;
}

/** A writer of non-null values of type `t`. */
export function jsonWriter(t: DataType, o: JsonOptions): Writer {
  switch (t.kind) {
    case "string":
      return (v) => jsonString(v as string);
    case "int":
    case "short":
    case "byte":
    case "long":
    case "decimal":
    case "boolean":
      // Numbers and booleans as CAST(x AS STRING) writes them.
      return compileFormatter(t);
    case "double":
    case "float": {
      // The same, with NaN and the infinities quoted (JSON has no such numbers).
      const text = compileFormatter(t);
      return (v) => numberText(text(v));
    }
    case "date": {
      const p = compileDatePattern(o.dateFormat);
      return (v) => jsonString(p.format((v as number) * MICROS_PER_DAY));
    }
    case "timestamp": {
      const p = compileDatePattern(o.timestampFormat);
      return (v) => jsonString(p.format(v as number));
    }
    case "binary":
      return (v) => jsonString(Buffer.from(v as Uint8Array).toString("base64"));
    case "array": {
      const el = jsonWriter(t.element, o);
      return (v) => `[${(v as readonly SqlValue[]).map((x) => (x === null ? "null" : el(x))).join(",")}]`;
    }
    case "map": {
      const key = compileFormatter(t.key);
      const val = jsonWriter(t.value, o);
      return (v) => {
        const parts: string[] = [];
        for (const [k, x] of v as ReadonlyMap<SqlValue, SqlValue>) {
          parts.push(`${jsonString(k === null ? "null" : key(k))}:${x === null ? "null" : val(x)}`);
        }
        return `{${parts.join(",")}}`;
      };
    }
    case "struct": {
      const fields = t.fields.map((f) => ({
        name: jsonString(f.name),
        key: f.name,
        w: jsonWriter(f.type, o),
      }));
      return (v) => {
        const rec = v as Record<string, SqlValue>;
        const parts: string[] = [];
        for (const f of fields) {
          const x = rec[f.key] ?? null;
          if (x === null) {
            if (!o.ignoreNullFields) parts.push(`${f.name}:null`);
          } else parts.push(`${f.name}:${f.w(x)}`);
        }
        return `{${parts.join(",")}}`;
      };
    }
  }
}

function optionsOf(fn: string, args: readonly SqlArg[]): JsonOptions {
  const a = args[1];
  if (a === undefined) return DEFAULT_JSON_OPTIONS;
  if (a.type.kind !== "map" || a.constant === undefined) {
    throw sqlError(
      fn,
      "the options must be a literal map such as map('timestampFormat', 'yyyy-MM-dd HH:mm:ss')",
    );
  }
  const m = (a.constant.value ?? new Map()) as ReadonlyMap<SqlValue, SqlValue>;
  const get = (name: string): string | undefined => {
    for (const [k, v] of m)
      if (String(k).toLowerCase() === name.toLowerCase() && v !== null) return String(v);
    return undefined;
  };
  const ignore = get("ignoreNullFields");
  return {
    timestampFormat: get("timestampFormat") ?? DEFAULT_JSON_OPTIONS.timestampFormat,
    dateFormat: get("dateFormat") ?? DEFAULT_JSON_OPTIONS.dateFormat,
    ignoreNullFields: ignore === undefined ? true : ignore.toLowerCase() !== "false",
  };
}

function compileToJson(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
  const a = args[0]!;
  if (a.type.kind !== "struct" && a.type.kind !== "array" && a.type.kind !== "map") {
    throw argTypeError(fn, 0, "a struct, array or map", a.type);
  }
  const limits = valueLimits(inputs);
  let write: Writer;
  try {
    write = jsonWriter(a.type, optionsOf(fn, args));
  } catch (e) {
    throw sqlError(fn, (e as Error).message);
  }
  // Checked with all it holds before it is written: JSON of many references to one long string is huge.
  return {
    type: DataTypes.string,
    // Every value as text with quotes and escapes, names and separators: 6 times its bound at most.
    bound: 6 * argBound(args, 0) + stringBound(64),
    evaluate: strict1<SqlValue>(a.evaluate, (v) => {
      checkDeepSize(`${fn}(): its argument`, v, limits);
      return write(v);
    }),
  };
}

export const JSON_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "to_json(struct | array | map[, options])",
    "grows",
    ": JSON text as Spark writes it (NULL struct fields left out)",
    compileToJson,
  ],
]);
