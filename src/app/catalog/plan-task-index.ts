import { isObject } from "../../config/index.ts";
import type { Store } from "../../store/index.ts";

/** Which saved plans list a task: kept beside the store, so a lookup reads no plan. */
export interface PlanTaskIndex {
  /** Names of the saved plans whose request lists the task (it may still be disabled there). */
  plansListing(taskName: string): Promise<readonly string[]>;
  /** After a plan was saved (a new one, or a new version of it). */
  saved(name: string, request: unknown): Promise<void>;
  /** After a plan was deleted. */
  deleted(name: string): Promise<void>;
}

const names = (list: unknown, suffix = ""): string[] =>
  Array.isArray(list)
    ? list.flatMap((item) =>
        isObject(item) && typeof item.name === "string" ? [`${item.name}${suffix}`] : [],
      )
    : [];

/**
 * The task names a plan request can resolve steps of: its plan's tasks, its inline tasks, and the
 * task each data source of a unified plan becomes (`<dataSource>_task`). More than the plan
 * enables is fine: a lookup resolves the plans it finds.
 */
function tasksOf(request: unknown): Set<string> {
  if (!isObject(request)) return new Set();
  const plan = isObject(request.plan) ? request.plan : {};
  return new Set([...names(plan.tasks), ...names(request.tasks), ...names(request.dataSources, "_task")]);
}

/**
 * The index of the saved plans by the tasks they list, built from the store at its first use
 * and kept by the service's own saves and deletes (the store is this process's alone).
 */
export function planTaskIndex(store: Pick<Store, "plans">): PlanTaskIndex {
  /** Task → the plans listing it, and plan → the tasks it lists (to take a plan out again). */
  interface Index {
    readonly byTask: Map<string, Set<string>>;
    readonly byPlan: Map<string, Set<string>>;
  }
  const remove = (ix: Index, plan: string) => {
    for (const task of ix.byPlan.get(plan) ?? []) ix.byTask.get(task)?.delete(plan);
    ix.byPlan.delete(plan);
  };
  const add = (ix: Index, plan: string, request: unknown) => {
    remove(ix, plan);
    const tasks = tasksOf(request);
    ix.byPlan.set(plan, tasks);
    for (const task of tasks) {
      const plans = ix.byTask.get(task) ?? new Set();
      plans.add(plan);
      ix.byTask.set(task, plans);
    }
  };
  let built: Promise<Index> | undefined;
  const index = () => {
    built ??= store.plans.list().then(
      (plans) => {
        const ix: Index = { byTask: new Map(), byPlan: new Map() };
        for (const p of plans) add(ix, p.name, p.request);
        return ix;
      },
      (e: unknown) => {
        built = undefined;
        throw e;
      },
    );
    return built;
  };
  return {
    async plansListing(taskName) {
      return [...((await index()).byTask.get(taskName) ?? [])];
    },
    async saved(name, request) {
      add(await index(), name, request);
    },
    async deleted(name) {
      remove(await index(), name);
    },
  };
}
