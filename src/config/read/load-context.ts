import {
  type Diagnostic,
  didYouMean,
  type ErrorCode,
  formatPath,
  type PathSegment,
  type Severity,
} from "../../errors/index.ts";
import { parseBooleanOption } from "../../model/boolean-option.ts";
import type { SourceDocument } from "../source/source-document.ts";

export type RawObject = Readonly<Record<string, unknown>>;

/**
 * Reads one part of a plan or task (a mapping, a list, a value) found at `path` into the model;
 * undefined when it cannot, after reporting why to the context.
 */
export type PartReader<T> = (ctx: LoadContext, raw: unknown, path: readonly PathSegment[]) => T | undefined;

export const isObject = (v: unknown): v is RawObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What a reader needs while turning raw input into the model: the document (for line and
 * column), the list that collects every problem, and whether unknown keys are errors.
 */
export class LoadContext {
  readonly doc: SourceDocument;
  readonly diagnostics: Diagnostic[];
  readonly strict: boolean;
  /** Unset environment variables are warnings (checking files on another machine), not errors. */
  readonly lenientEnv: boolean;
  /**
   * Unknown keys inside field `options` are warnings (`--lenient`). By default they are
   * errors: a typo such as `mni:` would otherwise generate wrong data without a word.
   */
  readonly lenientOptions: boolean;

  constructor(
    doc: SourceDocument,
    diagnostics: Diagnostic[],
    strict = false,
    lenientEnv = false,
    lenientOptions = false,
  ) {
    this.doc = doc;
    this.diagnostics = diagnostics;
    this.strict = strict;
    this.lenientEnv = lenientEnv;
    this.lenientOptions = lenientOptions;
  }

  report(
    severity: Severity,
    code: ErrorCode,
    message: string,
    path: readonly PathSegment[],
    hint?: string,
    at: "key" | "value" = "value",
  ): void {
    const location = { ...this.doc.locate(path, at), path: formatPath(path) };
    this.diagnostics.push({ severity, code, message, location, ...(hint ? { hint } : {}) });
  }

  error(code: ErrorCode, message: string, path: readonly PathSegment[], hint?: string): void {
    this.report("error", code, message, path, hint);
  }

  warn(code: ErrorCode, message: string, path: readonly PathSegment[], hint?: string): void {
    this.report("warning", code, message, path, hint);
  }

  /**
   * A key Data Caterer's documentation, schema or files use although its engine does not read
   * it (there): ignored, as Data Caterer ignores it, with a warning (an error with --strict)
   * saying what to write instead.
   */
  ignoredByDataCaterer(key: string, instead: string, path: readonly PathSegment[], what: string): void {
    this.report(
      this.strict ? "error" : "warning",
      "RF_KEY_IGNORED",
      `${what} "${key}" is ignored: Data Caterer ignores it (its documentation or files name it, its engine does not read it), and so does rowforge; write ${instead}`,
      [...path, key],
      undefined,
      "key",
    );
  }

  /**
   * Reports keys of `obj` that are not in `known` (a warning, an error with --strict), with
   * the nearest known key. `ignored` keys are known but have no effect in rowforge;
   * `dataCatererIgnores` maps keys Data Caterer ignores to what to write instead.
   */
  checkKeys(
    obj: RawObject,
    known: readonly string[],
    path: readonly PathSegment[],
    what: string,
    ignored: readonly string[] = [],
    dataCatererIgnores: Readonly<Record<string, string>> = {},
  ): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      const instead = dataCatererIgnores[key];
      if (instead !== undefined) {
        this.ignoredByDataCaterer(key, instead, path, `${what} key`);
        continue;
      }
      if (ignored.includes(key)) {
        this.report(
          "warning",
          "RF_KEY_UNKNOWN",
          `${what} key "${key}" has no effect in rowforge and is ignored`,
          [...path, key],
          undefined,
          "key",
        );
        continue;
      }
      const suggestion = didYouMean(key, known);
      this.report(
        this.strict ? "error" : "warning",
        "RF_KEY_UNKNOWN",
        `unknown ${what} key "${key}"${suggestion ? `; ${suggestion}` : ""}`,
        [...path, key],
        suggestion || known.length > 16 ? undefined : `known ${what} keys: ${known.join(", ")}`,
        "key",
      );
    }
  }

  /** A required non-empty string, or undefined after reporting. */
  requireString(obj: RawObject, key: string, path: readonly PathSegment[], what: string): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null || v === "") {
      this.error("RF_KEY_MISSING", `${what} has no "${key}"`, path, `add a "${key}" to the ${what}`);
      return undefined;
    }
    return this.string(v, [...path, key]);
  }

  /** A scalar rendered as a string (numbers and booleans as written); other shapes are reported. */
  string(v: unknown, path: readonly PathSegment[]): string | undefined {
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
    if (v === undefined || v === null) return undefined;
    this.error("RF_OPTION_INVALID", `expected text but found ${describe(v)}`, path);
    return undefined;
  }

  /** A number from a number or numeric text (`"10"`, `"1.5e3"`). */
  number(v: unknown, path: readonly PathSegment[], what = "a number"): number | undefined {
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.trim())))
      return Number(v.trim());
    if (v === undefined || v === null) return undefined;
    this.error("RF_OPTION_INVALID", `expected ${what} but found ${describe(v)}`, path);
    return undefined;
  }

  integer(v: unknown, path: readonly PathSegment[], what = "a whole number"): number | undefined {
    const n = this.number(v, path, what);
    if (n === undefined) return undefined;
    if (!Number.isInteger(n)) {
      this.error("RF_OPTION_INVALID", `expected ${what} but found ${n}`, path);
      return undefined;
    }
    return n;
  }

  /** A boolean from true/false or the texts "true"/"false" (any case), "yes"/"no", 1/0. */
  boolean(v: unknown, path: readonly PathSegment[]): boolean | undefined {
    if (typeof v === "boolean") return v;
    if (v === 1 || v === 0) return v === 1;
    if (typeof v === "string") {
      const b = parseBooleanOption(v);
      if (b !== undefined) return b;
    }
    if (v === undefined || v === null) return undefined;
    this.error("RF_OPTION_INVALID", `expected true or false but found ${describe(v)}`, path);
    return undefined;
  }

  /** A mapping, or undefined after reporting another shape. */
  object(v: unknown, path: readonly PathSegment[], what: string): RawObject | undefined {
    if (isObject(v)) return v;
    if (v === undefined || v === null) return undefined;
    this.error("RF_STRUCTURE", `${what} must be a mapping of keys to values but is ${describe(v)}`, path);
    return undefined;
  }

  /** Reports RF_OPTION_INVALID: `what "value" is unknown` at `path`, with `hint` naming the known ones. */
  unknownValue(what: string, value: string | undefined, path: readonly PathSegment[], hint: string): void {
    this.error("RF_OPTION_INVALID", `${what} "${value}" is unknown`, path, hint);
  }

  /** A mapping (as `object`) whose keys `checkKeys` holds to `known`, naming them `keysOf`'s. */
  mapping(
    v: unknown,
    path: readonly PathSegment[],
    what: string,
    known: readonly string[],
    keysOf: string,
  ): RawObject | undefined {
    const obj = this.object(v, path, what);
    if (obj) this.checkKeys(obj, known, path, keysOf);
    return obj;
  }

  /** A list; a single mapping is not silently wrapped. */
  list(v: unknown, path: readonly PathSegment[], what: string): readonly unknown[] | undefined {
    if (Array.isArray(v)) return v;
    if (v === undefined || v === null) return undefined;
    this.error("RF_STRUCTURE", `${what} must be a list but is ${describe(v)}`, path);
    return undefined;
  }

  /** The list at `path` (as `list`) item by item: what `read` makes of each, leaving out those it cannot read. */
  listOf<T>(
    v: unknown,
    path: readonly PathSegment[],
    what: string,
    read: (item: unknown, at: readonly PathSegment[]) => T | undefined,
  ): T[] {
    return (this.list(v, path, what) ?? []).flatMap((item, i) => {
      const r = read(item, [...path, i]);
      return r === undefined ? [] : [r];
    });
  }

  /** A list of strings from a list or comma-separated text. */
  stringList(v: unknown, path: readonly PathSegment[]): string[] | undefined {
    if (typeof v === "string") {
      return v
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
    }
    const list = this.list(v, path, "the value");
    if (!list) return undefined;
    const out: string[] = [];
    list.forEach((item, i) => {
      const s = this.string(item, [...path, i]);
      if (s !== undefined) out.push(s);
    });
    return out;
  }

  /** Options as a string map (numbers and booleans rendered as text, like Data Caterer). */
  stringMap(v: unknown, path: readonly PathSegment[], what: string): Record<string, string> {
    const obj = this.object(v, path, what);
    const out: Record<string, string> = {};
    if (!obj) return out;
    for (const [k, raw] of Object.entries(obj)) {
      if (raw === null || raw === undefined) continue;
      if (Array.isArray(raw)) out[k] = raw.map((x) => String(x)).join(",");
      else if (isObject(raw)) out[k] = JSON.stringify(raw);
      else out[k] = String(raw);
    }
    return out;
  }
}

export function describe(v: unknown): string {
  if (Array.isArray(v)) return "a list";
  if (v === null) return "null";
  if (typeof v === "object") return "a mapping";
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}
