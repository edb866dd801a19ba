import { TABLE_KINDS, TARGET_KEYS } from "../../lib/catalogue.ts";
import { retargetForeignKeys } from "./data-source-rename.ts";
import { fileData, type PlanWorkspace } from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";
import { deleteIn, setIn } from "./yaml-edit.ts";

/** What a task may be bound to: a saved or configured connection (GET /connections). */
export interface PickedConnection {
  readonly name: string;
  readonly type: string;
  readonly options: Readonly<Record<string, string>>;
}

const ALL_TARGET_OPTIONS = [...new Set(Object.values(TARGET_KEYS).flat())];

/** The target options of a kind of connection (`dbtable` for postgres, `path` for files, ...). */
export const targetOptions = (type: string): readonly string[] => TARGET_KEYS[type.toLowerCase()] ?? [];

/** Kinds whose tables the server lists (GET /connection/{name}/tables). */
export const hasTables = (type: string): boolean => TABLE_KINDS.includes(type.toLowerCase());

/**
 * The workspace with task `taskIndex` bound to connection `c`: the plan task names it (added to
 * the plan when missing), the foreign keys of the task's steps follow from the old data source
 * to it, and each step becomes a step of its kind: its type, the options saying where it writes
 * (`dbtable`, `topic`, `path`, ...; an empty one to fill when the connection does not say it)
 * and none of another kind's.
 */
export function withConnection(
  ws: PlanWorkspace,
  taskIndex: number,
  c: PickedConnection,
  defaultPath: string,
): PlanWorkspace {
  const task = asObject(fileData(ws.tasks[taskIndex] ?? ""));
  const planTasks = asList(asObject(fileData(ws.plan)).tasks).map(asObject);
  const at = planTasks.findIndex((p) => p.name === task.name);
  const steps = asList(task.steps).map(asObject);
  let plan: string;
  if (at >= 0) {
    const old = String(planTasks[at]!.dataSourceName ?? "");
    plan = setIn(ws.plan, ["tasks", at, "dataSourceName"], c.name);
    plan = retargetForeignKeys(
      plan,
      old,
      c.name,
      steps.map((s) => String(s.name ?? "")),
    );
  } else {
    plan = setIn(ws.plan, ["tasks", planTasks.length], {
      name: task.name,
      dataSourceName: c.name,
      enabled: true,
    });
  }
  const wanted = targetOptions(c.type);
  let text = ws.tasks[taskIndex] ?? "";
  steps.forEach((s, i) => {
    text = setIn(text, ["steps", i, "type"], c.type);
    const options = asObject(s.options);
    for (const key of ALL_TARGET_OPTIONS)
      if (key in options && !wanted.includes(key)) text = deleteIn(text, ["steps", i, "options", key]);
    for (const key of wanted)
      if (!(key in options) && !(key in c.options))
        text = setIn(text, ["steps", i, "options", key], key === "path" ? defaultPath : "");
  });
  return { ...ws, plan, tasks: ws.tasks.map((t, i) => (i === taskIndex ? text : t)) };
}
