import type { RawField, RawOptions } from "./helper-types.ts";

export const isMap = (v: unknown): v is RawOptions =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const optionsOf = (field: RawField): RawOptions => (isMap(field.options) ? field.options : {});

export const hasOwn = (map: RawOptions, key: string): boolean => Object.hasOwn(map, key);

/** The field's name for messages; fields without a usable name show as `?`. */
export const fieldNameOf = (field: RawField): string =>
  typeof field.name === "string" && field.name !== "" ? field.name : "?";

/** A short rendering of a user value for messages. */
export function show(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (v === undefined) return "nothing";
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function withoutOption(options: RawOptions, key: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (k !== key) out[k] = v;
  return out;
}

export const withOptions = (field: RawField, options: RawOptions): RawField => ({ ...field, options });

/**
 * How an on/off helper value reads: nothing, `""` and `true` ask for the defaults, `false`
 * switches the helper off; anything else is a value the helper interprets itself.
 */
export function readSwitch(v: unknown): "default" | "off" | undefined {
  if (v === undefined || v === null || v === true) return "default";
  if (v === false) return "off";
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "" || t === "true") return "default";
    if (t === "false") return "off";
  }
  return undefined;
}

/** The static value of a field, written at field level (`static:`) or as an option. */
export function staticOf(field: RawField): unknown {
  if (field.static !== undefined && field.static !== null) return field.static;
  const options = optionsOf(field);
  return options.static ?? undefined;
}
