import type { PathSegment } from "../../errors/index.ts";
import type { Step, Task } from "../../model/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { isObject, type LoadContext, type RawObject } from "./load-context.ts";
import { readStep, transformationOf } from "./read-step.ts";

export const TASK_KEYS = ["name", "steps", "transformation"];

/** Reads a task file's content: `name`, `steps`, optional `transformation`. */
export function readTask(
  ctx: LoadContext,
  obj: RawObject,
  path: readonly PathSegment[],
  env: Env,
): Task | undefined {
  ctx.checkKeys(obj, TASK_KEYS, path, "task");
  const name = ctx.requireString(obj, "name", path, "a task");
  const steps = readSteps(ctx, obj.steps, [...path, "steps"], env);
  if (name === undefined) return undefined;
  return { name, steps, ...transformationOf(ctx, obj, path) };
}

export function readSteps(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  env: Env,
  defaultType?: string,
): Step[] {
  if (raw === undefined || raw === null) {
    ctx.error("RF_KEY_MISSING", "no steps are defined", path, "add a `steps` list with at least one step");
    return [];
  }
  const list = ctx.list(raw, path, "steps");
  if (!list) return [];
  const steps: Step[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    if (!isObject(item)) {
      ctx.error("RF_STRUCTURE", "a step must be a mapping with a name, type and fields", [...path, i]);
      return;
    }
    const step = readStep(ctx, item, [...path, i], env, defaultType);
    if (!step) return;
    if (seen.has(step.name)) {
      ctx.error("RF_NAME_DUPLICATE", `step "${step.name}" is defined twice in this task`, [
        ...path,
        i,
        "name",
      ]);
      return;
    }
    seen.add(step.name);
    steps.push(step);
  });
  return steps;
}
