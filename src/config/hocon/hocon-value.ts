import type { Diagnostic } from "../../errors/diagnostic.ts";
import type { SourceLocation } from "../../errors/source-location.ts";

/** A configuration value once parsed and resolved: plain JSON-like data. */
export type HoconValue = string | number | boolean | null | HoconValue[] | HoconObject;

/** Objects are created with a null prototype, so a `__proto__` key is an ordinary key. */
export interface HoconObject {
  [key: string]: HoconValue;
}

export interface HoconParseOptions {
  /** Named in every diagnostic and location. */
  readonly file?: string;
  /** Where a substitution that names no configuration path is looked up (usually `process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface HoconResult {
  readonly value: HoconObject;
  readonly diagnostics: Diagnostic[];
  /**
   * Where a key path was last defined (for a `key = ${?VAR}` override that did not apply, the
   * definition whose value was kept). A key that is in the value but was not written as such
   * (it was copied in by a substitution) gets the location of its nearest written ancestor.
   */
  locate(path: readonly string[]): SourceLocation | undefined;
}

export const isHoconObject = (v: HoconValue | undefined): v is HoconObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const newHoconObject = (): HoconObject => Object.create(null) as HoconObject;
