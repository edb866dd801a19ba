import { isObject } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { NAME_MAX_LENGTH, nameProblem } from "../../model/index.ts";

/**
 * The names of a plan request that end up in URL paths (the plan, its tasks, their steps, the
 * steps of a unified plan's data sources), each checked against the one name limit: a name saved
 * must be reachable. Throws a 400 naming the field and the limit.
 */
export function checkPathNames(request: Record<string, unknown>): void {
  const fail = (where: string, problem: string) => {
    throw new RowforgeError(
      "RF_NAME_INVALID",
      `${where} ${problem} (names used in URL paths are at most ${NAME_MAX_LENGTH} characters)`,
      { hint: `shorten ${where}` },
    );
  };
  const plan = request.plan as Record<string, unknown>;
  const problem = nameProblem(plan.name);
  if (problem) fail("plan.name", problem);
  // Task and step names keep the characters users give them; only their length is limited here.
  const named = (list: unknown, where: string, inner?: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      if (!isObject(item)) return;
      if (typeof item.name === "string" && item.name.length > NAME_MAX_LENGTH)
        fail(`${where}[${i}].name`, `has ${item.name.length} characters`);
      if (inner) named(item[inner], `${where}[${i}].${inner}`);
    });
  };
  named(plan.tasks, "plan.tasks");
  named(request.tasks, "tasks", "steps");
  if (Array.isArray(request.dataSources))
    request.dataSources.forEach((ds, i) => {
      if (isObject(ds)) named(ds.steps, `dataSources[${i}].steps`);
    });
}
