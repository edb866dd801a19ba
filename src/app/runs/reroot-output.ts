import { isAbsolute, join } from "node:path";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { Validation, ValidationConfig } from "../../model/validation.ts";

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
    // Validations read what the steps wrote: their paths move with the data.
    validations: plan.validations.map((c) => rerootValidations(c, root)),
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

function rerootValidations(c: ValidationConfig, root: string): ValidationConfig {
  const moved = (o: Readonly<Record<string, string>>) =>
    o.path === undefined ? o : { ...o, path: below(root, o.path) };
  const each = (v: Validation): Validation => ({
    ...v,
    ...(v.upstreamReadOptions ? { upstreamReadOptions: moved(v.upstreamReadOptions) } : {}),
    nested: v.nested.map(each),
  });
  return {
    ...c,
    dataSources: Object.fromEntries(
      Object.entries(c.dataSources).map(([name, entries]) => [
        name,
        entries.map((e) => ({
          ...e,
          options: moved(e.options),
          ...(e.waitCondition?.kind === "fileExists" && typeof e.waitCondition.options.path === "string"
            ? {
                waitCondition: {
                  ...e.waitCondition,
                  options: { ...e.waitCondition.options, path: below(root, e.waitCondition.options.path) },
                },
              }
            : {}),
          validations: e.validations.map(each),
        })),
      ]),
    ),
  };
}
