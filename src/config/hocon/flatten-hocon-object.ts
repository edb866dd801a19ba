import { type HoconObject, type HoconValue, isHoconObject } from "./hocon-value.ts";

/**
 * Turns nested objects into dotted option keys with text values, the form connection options
 * take (`kafka { bootstrap.servers = "x" }` gives `kafka.bootstrap.servers`). A key that itself
 * contains dots (it was quoted) is kept as written. Numbers are rendered by JavaScript (`1.0` is
 * `1`), booleans as `true`/`false`, null as an empty string, lists as comma-joined elements
 * (lists or objects inside a list as JSON). An empty object contributes no key.
 */
export function flattenHoconObject(obj: HoconObject): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  const walk = (o: HoconObject, prefix: string): void => {
    for (const key of Object.keys(o)) {
      const value = o[key]!;
      const name = prefix === "" ? key : `${prefix}.${key}`;
      if (isHoconObject(value)) walk(value, name);
      else out[name] = renderOption(value);
    }
  };
  walk(obj, "");
  return out;
}

function renderOption(v: HoconValue): string {
  if (Array.isArray(v))
    return v
      .map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : renderOption(item)))
      .join(",");
  if (v === null) return "";
  return String(v);
}
