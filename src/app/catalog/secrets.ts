/**
 * The one place that decides what is secret and how it is hidden. Everything that leaves the
 * server or a run (answers, logs, reports, error messages, the CLI's history) goes through it.
 */

/** Words that mark a secret wherever they stand, in an option key or in free text. */
const SECRET_EVERYWHERE = [
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "secret",
  "token",
  "apikey",
  "credential",
  "cookie",
  "sessionid",
  "connectionstring",
  "jwt",
];
/** Words that make an option key secret, matched case-insensitively anywhere in the key. */
const SECRET_PARTS = [...SECRET_EVERYWHERE, "key", "authorization", "private", "jaas"];
/** Short words that make a key secret only as a whole word of it (`pass`, `dbPass`, `user_pw`, `auth.x`; not `bypass`, `author`). */
const SECRET_WORDS = new Set(["pass", "pw", "auth"]);
/**
 * In free text (`key=value` in URLs, JDBC strings, JAAS configs, messages) only these words mark
 * a secret: "key" or "auth" alone would hide ordinary words of messages ("foreign key: ...").
 */
const TEXT_SECRET_PARTS = [...SECRET_EVERYWHERE, "accesskey", "privatekey"];
/** Keys that contain a secret word but name something public. */
const NOT_SECRET = new Set([
  "keyspace",
  "keys",
  "foreignkey",
  "foreignkeys",
  "isprimarykey",
  "primarykeys",
  "primarykeyposition",
  "primarykeypos",
  "partitionkeys",
  "clusteringkeys",
  "keyfields",
  "partitionkey",
  "primarykey",
  "keyserializer",
  "keydeserializer",
  "authtype",
  "authmechanism",
]);

export const MASK = "***";

/** The words of a key: `basicAuthPassword` → basic, auth, password; `sasl.jaas.config` → sasl, jaas, config. */
const wordsOf = (key: string): string[] =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");

/** Whether a key names a secret: password, pass, pw, passphrase, secret, token, key, credential, auth, jwt, cookie, session id, connection string, JAAS config — also inside compound names. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  const last = lower.split(/[._]/).pop() ?? lower;
  if (NOT_SECRET.has(last)) return false;
  const compact = lower.replace(/[^a-z0-9]/g, "");
  if (SECRET_PARTS.some((p) => compact.includes(p))) return true;
  return wordsOf(key).some((w) => SECRET_WORDS.has(w));
}

/** Whether a key inside free text names a secret (stricter than isSecretKey, see TEXT_SECRET_PARTS). */
function isSecretTextKey(key: string): boolean {
  const compact = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return TEXT_SECRET_PARTS.some((p) => compact.includes(p)) || wordsOf(key).some((w) => SECRET_WORDS.has(w));
}

/**
 * `scheme://user:password@host` → the password part. The patterns start only at the start of a
 * word (look-behind), so a long text is scanned in linear time, never re-tried from inside a word.
 */
const URL_USERINFO = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"'<>]*):([^\s@/?#"'<>]+)@/gi;
/** A key and its separator: `password=`, `;pwd=`, `password: `, `"password":`, `\"password\":` (URLs, JDBC strings, JAAS configs, JSON texts, messages). */
const KEY_SEP = /(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]*)(\\?["']?\s*[=:]\s*)/g;
/** The value after a secret key's separator: quoted (also as escaped in JSON text) or up to a delimiter. */
const VALUE = /\\"[^\\]*\\"|"[^"]*"|'[^']*'|[^\s&;,"'<>)}\]\\]+/y;

/** `Authorization: Bearer abc` credentials. */
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{4,}/g;

/** A text with credentials hidden and the rest readable: `jdbc:postgresql://user:***@host:5432/db?password=***`. */
export function maskText(text: string): string {
  if (text === "") return text;
  const t = text
    .replace(URL_USERINFO, (_m, head: string) => `${head}:${MASK}@`)
    .replace(BEARER, `$1 ${MASK}`);
  // A scan, not one replace: a value is read only after a secret key, so the scan stays linear.
  const keys = new RegExp(KEY_SEP.source, "g");
  const value = new RegExp(VALUE.source, "y");
  let out = "";
  let last = 0;
  for (let m = keys.exec(t); m !== null; m = keys.exec(t)) {
    const key = m[1]!;
    if (!isSecretTextKey(key)) continue;
    value.lastIndex = keys.lastIndex;
    const v = value.exec(t)?.[0];
    if (v === undefined || v === MASK || v === `"${MASK}"` || v === `'${MASK}'` || v === `\\"${MASK}\\"`)
      continue;
    const quote = v.startsWith('\\"') ? '\\"' : v.startsWith('"') ? '"' : v.startsWith("'") ? "'" : "";
    out += `${t.slice(last, keys.lastIndex)}${quote}${MASK}${quote}`;
    last = keys.lastIndex + v.length;
    keys.lastIndex = last;
  }
  return out + t.slice(last);
}

/** One option value as it may be shown: `***` under a secret key, else the text with credentials in it hidden. */
export function maskValue(key: string, value: string): string {
  if (value === "") return value;
  return isSecretKey(key) ? MASK : maskText(value);
}

/** A copy of options with every secret value replaced by `***` (for responses, logs and reports). */
export function maskOptions(options: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) out[k] = maskValue(k, v);
  return out;
}

/**
 * Masks secret-looking keys anywhere in a JSON-like value (configuration objects, plans with
 * their steps' and connections' options, execution records, reports), and credentials inside
 * any text (URLs, JDBC strings, messages).
 */
export function maskDeep(value: unknown): unknown {
  if (typeof value === "string") return maskText(value);
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
