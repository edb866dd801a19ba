import type { PathSegment } from "../../errors/index.ts";
import { type Env, substituteEnv } from "../env/substitute-env.ts";
import type { LoadContext } from "./load-context.ts";

/** Substitutes `${VAR}` / `${VAR:-default}` in every option value; an unset variable is reported by name. */
export function substituteOptions(
  ctx: LoadContext,
  options: Record<string, string>,
  path: readonly PathSegment[],
  env: Env,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) {
    const r = substituteEnv(value, env);
    if (r.ok) out[key] = r.value;
    else {
      ctx.report(
        ctx.lenientEnv ? "warning" : "error",
        "RF_ENV_UNDEFINED",
        `option "${key}" refers to the environment variable ${r.missing}, which is not set`,
        [...path, key],
        `set ${r.missing}, or write \${${r.missing}:-default}`,
      );
      out[key] = value;
    }
  }
  return out;
}
