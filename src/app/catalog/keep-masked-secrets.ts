import { MASK, maskValue } from "./secrets.ts";

/**
 * The options of an edited connection, where a value sent back exactly as the API showed it
 * masked (`***` under a secret key, or a text whose credentials were masked) is the stored value
 * again: a form that leaves a password untouched keeps the password, never saves `***`.
 */
export function keepMaskedSecrets(
  sent: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(sent)) {
    const old = stored[k];
    out[k] = old !== undefined && v.includes(MASK) && v !== old && maskValue(k, old) === v ? old : v;
  }
  return out;
}
