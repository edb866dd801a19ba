import { MASK, maskDeep, maskValue } from "./secrets.ts";

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

/**
 * A saved plan sent back as GET /plan/{name} showed it (a plan editor's round trip): every
 * value still exactly as masked there (`***` under a secret key, a URL with its password masked)
 * at the same place as in the stored plan is the stored value again, so saving an opened plan
 * never replaces its passwords with `***`.
 */
export function keepMaskedSecretsDeep(sent: unknown, stored: unknown): unknown {
  if (Array.isArray(sent))
    return sent.map((v, i) => keepMaskedSecretsDeep(v, Array.isArray(stored) ? stored[i] : undefined));
  if (sent === null || typeof sent !== "object") return sent;
  const old = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    const before = (old as Record<string, unknown>)[k];
    if (
      typeof v === "string" &&
      v.includes(MASK) &&
      (typeof before === "string" || typeof before === "number")
    ) {
      const shown = (maskDeep({ [k]: before }) as Record<string, unknown>)[k];
      out[k] = shown === v && String(before) !== v ? before : v;
    } else out[k] = keepMaskedSecretsDeep(v, before);
  }
  return out;
}
