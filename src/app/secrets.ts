/** Words that make an option key secret, matched case-insensitively anywhere in the key. */
const SECRET_PARTS = [
  "password",
  "passwd",
  "pwd",
  "secret",
  "token",
  "key",
  "credential",
  "auth",
  "jwt",
  "private",
  "apikey",
];
/** Keys that contain a secret word but name something public. */
const NOT_SECRET = new Set([
  "keyspace",
  "keyfields",
  "partitionkey",
  "primarykey",
  "keyserializer",
  "keydeserializer",
  "authtype",
  "authmechanism",
]);

export const MASK = "***";

/** Whether a key names a secret: password, secret, token, key, credential, auth, jwt — also inside compound names. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  const last = lower.split(/[._]/).pop() ?? lower;
  if (NOT_SECRET.has(last)) return false;
  return SECRET_PARTS.some((p) => lower.includes(p));
}

/** A copy of options with every secret value replaced by `***` (for responses, logs and reports). */
export function maskOptions(options: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) out[k] = isSecretKey(k) && v !== "" ? MASK : v;
  return out;
}

/** Masks secret-looking keys anywhere in a JSON-like value (configuration objects, plans). */
export function maskDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskDeep);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        isSecretKey(k) && (typeof v === "string" || typeof v === "number") && v !== "" ? MASK : maskDeep(v);
    }
    return out;
  }
  return value;
}
