import { isAbsolute, join } from "node:path";
import type { ResolvedPlan } from "../config/resolve/resolved-plan.ts";

/**
 * Moves every step's output under `root`: absolute paths keep their shape below it
 * (`/tmp/x/y` → `<root>/tmp/x/y`), relative ones are joined to it. Lets users (and tests)
 * run plans written for other machines without touching their files.
 */
export function rerootOutputs(plan: ResolvedPlan, root: string): ResolvedPlan {
  return {
    ...plan,
    steps: plan.steps.map((s) => {
      const path = s.step.options.path;
      if (path === undefined) return s;
      const local = path.replace(/^[a-z0-9]+:\/\//i, "");
      const moved = isAbsolute(local) ? join(root, local) : join(root, local);
      return { ...s, step: { ...s.step, options: { ...s.step.options, path: moved } } };
    }),
  };
}
