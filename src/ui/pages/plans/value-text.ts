import { parse } from "yaml";

/** What an option's text box shows for a value: scalars as they are, lists and mappings as flow YAML. */
export function textOfValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The value typed into an option's text box, read as YAML reads it: `5` is a number, `true` a
 * boolean, `[a, b]` a list, anything that does not parse stays text.
 */
export function valueOfText(text: string): unknown {
  if (text.trim() === "") return "";
  try {
    const v: unknown = parse(text);
    return v === null ? text : v;
  } catch {
    return text;
  }
}
