/** Parsed YAML as the form reads it: a mapping or a list, or nothing when it is something else. */
export type Raw = Record<string, unknown>;

export const asObject = (v: unknown): Raw =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Raw) : {};
export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
