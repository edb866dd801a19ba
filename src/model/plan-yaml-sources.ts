import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";

/**
 * The YAML texts a plan was edited as in the web UI (a rowforge extension, not in the spec):
 * the plan file, one text per task, one per validation and the configuration, with the user's
 * comments, key order and quoting. POST /plan takes them as the optional `yamlSources`, the store
 * keeps them in the plan's record (so they go with it), and GET /plan/{planName}/yaml-sources
 * answers them with whether they still describe the stored plan.
 */
export const PlanYamlSources = Type.Object(
  {
    plan: Type.String({ maxLength: 1_000_000 }),
    tasks: Type.Array(Type.String({ maxLength: 1_000_000 }), { maxItems: 1000 }),
    validation: Type.Array(Type.String({ maxLength: 1_000_000 }), { maxItems: 1000 }),
    configuration: Type.String({ maxLength: 1_000_000 }),
  },
  {
    additionalProperties: false,
    description:
      "rowforge: the YAML texts the plan was edited as (plan, tasks, validation, configuration), kept with the plan for GET /plan/{planName}/yaml-sources",
  },
);
export type PlanYamlSources = Immutable<Static<typeof PlanYamlSources>>;
