import type { ErrorCode, PathSegment } from "../../errors/index.ts";

/** A field as written in YAML, already parsed to plain JS (values may be strings, numbers, booleans, lists, maps). */
export interface RawField {
  readonly name?: unknown;
  readonly type?: unknown;
  readonly options?: unknown;
  readonly fields?: unknown;
  readonly [key: string]: unknown;
}

/** Receives one problem; `path` is relative to the field being expanded. */
export type HelperReport = (
  code: ErrorCode,
  message: string,
  path: readonly PathSegment[],
  hint?: string,
) => void;

export interface HelperContext {
  readonly stepType?: string;
}

export type RawOptions = Readonly<Record<string, unknown>>;

/** Reading one helper option's value: reports problems at `["options", <option>, ...sub]`. */
export interface HelperScope {
  readonly fieldName: string;
  readonly option: string;
  /** Reports RF_HELPER_INVALID. */
  invalid(message: string, sub?: readonly PathSegment[]): void;
  /** Reports RF_KEY_UNKNOWN for each key of `map` not in `known`, with a "did you mean". */
  checkKeys(map: RawOptions, known: readonly string[], sub?: readonly PathSegment[]): void;
}

/**
 * A helper option: its value becomes core options merged into the field (the helper key itself
 * is removed by the caller). An empty patch means the helper is switched off (`false`).
 */
export interface OptionHelper {
  readonly name: string;
  /** The accepted forms, shown as the hint of every problem. */
  readonly hint: string;
  expand(value: unknown, scope: HelperScope): RawOptions;
}

/** A rewrite of a whole field keyed on a core option (`oneOf`, `uuid`, `incremental`). */
export interface CoreOptionRewrite {
  readonly name: string;
  applies(options: RawOptions): boolean;
  rewrite(field: RawField, options: RawOptions, report: HelperReport): RawField;
}

/** A rewrite of a top-level field chosen by its name (`messageBody`, `httpUrl`, ...) that has nested fields. */
export interface FieldNameRewrite {
  readonly name: string;
  readonly hint: string;
  rewrite(field: RawField, nested: readonly RawField[], report: HelperReport): RawField[];
}
