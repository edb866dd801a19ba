import type { Plan } from "./plan.ts";

/**
 * A plan written in code, checked by TypeScript against the shape a unified YAML plan has:
 * a misspelled option (`minn: 18`) or a value of the wrong type is a compile error, and each
 * option's documentation shows on hover. The parameter is `Plan`, not a generic, so object
 * literals keep TypeScript's excess-property check. Returns the plan unchanged.
 *
 * @example
 * export default definePlan({
 *   name: "customers",
 *   dataSources: [{ name: "files", connection: { type: "json" }, steps: [{ name: "customers", fields: [...] }] }],
 * });
 */
export function definePlan(plan: Plan): Plan {
  return plan;
}
