import type { PathSegment } from "../../errors/index.ts";
import type { HelperScope, OptionHelper } from "./helper-types.ts";
import { isMap, readSwitch, show } from "./raw-value.ts";

export type StringOrKey =
  | { readonly kind: "default" }
  | { readonly kind: "off" }
  | { readonly kind: "text"; readonly text: string; readonly sub: readonly PathSegment[] };

const DEFAULT: StringOrKey = { kind: "default" };

/**
 * Reads the `"value"` or `{key: "value"}` form shared by email, phone, url and creditCard.
 * Empty text and a missing key ask for the default; problems are reported and read as the default.
 */
export function readStringOrKey(value: unknown, key: string, scope: HelperScope): StringOrKey {
  const sw = readSwitch(value);
  if (sw === "off") return { kind: "off" };
  if (sw === "default") return DEFAULT;
  if (typeof value === "string") return { kind: "text", text: value.trim(), sub: [] };
  if (isMap(value)) {
    scope.checkKeys(value, [key]);
    const inner = value[key];
    if (inner === undefined || inner === null) return DEFAULT;
    if (typeof inner !== "string") {
      scope.invalid(`${key} must be text, got ${show(inner)}`, [key]);
      return DEFAULT;
    }
    const text = inner.trim();
    return text === "" ? DEFAULT : { kind: "text", text, sub: [key] };
  }
  scope.invalid(`expected text or {${key}: ...}, got ${show(value)}`);
  return DEFAULT;
}

/**
 * A helper written `"value"` or `{key: "value"}` (readStringOrKey): `choose` makes its options
 * from the text (undefined: the default), calling `invalid` on a text it refuses.
 */
export const stringOrKeyHelper = (
  name: string,
  key: string,
  hint: string,
  choose: (text: string | undefined, invalid: (message: string) => void) => Record<string, unknown>,
): OptionHelper => ({
  name,
  hint,
  expand(value, scope) {
    const r = readStringOrKey(value, key, scope);
    if (r.kind === "off") return {};
    if (r.kind === "default") return choose(undefined, (message) => scope.invalid(message));
    return choose(r.text, (message) => scope.invalid(message, r.sub));
  },
});

/** Reads an on/off helper (`true`, `""`, nothing: on; `false`: off; numbers: non-zero is on). */
export function readFlag(value: unknown, scope: HelperScope): boolean {
  const sw = readSwitch(value);
  if (sw !== undefined) return sw === "default";
  if (typeof value === "number") return value !== 0;
  scope.invalid(`expected true or false, got ${show(value)}`);
  return true;
}
