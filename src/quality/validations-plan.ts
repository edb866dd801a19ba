import type { RunConfiguration } from "../model/index.ts";
import type { ResolvedPlan } from "../model/resolved-plan.ts";
import type { ValidationConfig } from "../model/validation.ts";

/**
 * A plan of validations only (no steps): what `rowforge check validation.yaml` runs against
 * data that already exists. Named after the first validation file.
 */
export function validationsPlan(
  validations: readonly ValidationConfig[],
  config: RunConfiguration,
  sources: readonly string[],
): ResolvedPlan {
  return {
    plan: {
      name: validations[0]?.name ?? "validations",
      description: validations[0]?.description ?? "",
      tasks: [],
      sinkOptions: { foreignKeys: [] },
      validations: validations.map((v) => v.name),
    },
    steps: [],
    tasks: [],
    validations,
    config,
    sources,
  };
}
