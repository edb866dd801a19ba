export type Env = Readonly<Record<string, string | undefined>>;

export type SubstituteResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly missing: string };

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_.]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${VAR}` and `${VAR:-default}` with environment values. `$${X}` keeps a literal
 * `${X}`. The first variable that is unset and has no default is returned as missing.
 */
export function substituteEnv(text: string, env: Env): SubstituteResult {
  if (!text.includes("${")) return { ok: true, value: text };
  let missing: string | undefined;
  const value = text.replace(
    REFERENCE,
    (match, name: string, fallback: string | undefined, offset: number) => {
      if (offset > 0 && text[offset - 1] === "$") return match;
      const v = env[name];
      if (v !== undefined && (v !== "" || fallback === undefined)) return v;
      if (fallback !== undefined) return fallback;
      missing ??= name;
      return match;
    },
  );
  if (missing !== undefined) return { ok: false, missing };
  return { ok: true, value: value.replace(/\$\$\{/g, "${") };
}
