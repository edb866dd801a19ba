import { fileData, type PlanWorkspace } from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";

/** A step the plan writes, for the pickers: its data source (the plan task's dataSourceName), name and fields. */
export interface StepRef {
  readonly dataSource: string;
  readonly step: string;
  readonly fields: readonly string[];
}

/** Every step of the workspace's tasks, named as foreign keys name them (data source, step, top-level fields). */
export function stepRefsOf(ws: PlanWorkspace): StepRef[] {
  const planTasks = asList(asObject(fileData(ws.plan)).tasks).map(asObject);
  return ws.tasks.flatMap((text) => {
    const t = asObject(fileData(text));
    const ds = String(planTasks.find((p) => p.name === t.name)?.dataSourceName ?? t.name ?? "");
    return asList(t.steps).map((s) => ({
      dataSource: ds,
      step: String(asObject(s).name ?? ""),
      fields: asList(asObject(s).fields).map((f) => String(asObject(f).name ?? "")),
    }));
  });
}
