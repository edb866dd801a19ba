import { isAbsolute, join } from "node:path";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";

/**
 * Moves every step's output under `root`: absolute paths keep their shape below it
 * (`/tmp/x/y` → `<root>/tmp/x/y`), relative ones are joined to it. Lets users (and tests)
 * run plans written for other machines without touching their files.
 */
export function rerootOutputs(plan: ResolvedPlan, root: string): ResolvedPlan {
  const reports = plan.config.folders.generatedReportsFolderPath;
  return {
    ...plan,
    steps: plan.steps.map((s) => {
      const path = s.step.options.path;
      if (path === undefined) return s;
      return { ...s, step: { ...s.step, options: { ...s.step.options, path: below(root, path) } } };
    }),
    // The report is an output too: a configured reports folder moves with the data.
    ...(reports
      ? {
          config: {
            ...plan.config,
            folders: { ...plan.config.folders, generatedReportsFolderPath: below(root, reports) },
          },
        }
      : {}),
  };
}

function below(root: string, path: string): string {
  const local = path.replace(/^[a-z0-9]+:\/\//i, "");
  return isAbsolute(local) ? join(root, local) : join(root, local);
}
