import { Button } from "../../components/button.tsx";
import type { Connection } from "../../lib/api.ts";
import { withConnection } from "./connection-pick.ts";
import { fileData } from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";
import type { WorkspaceState } from "./use-workspace.ts";
import { setIn } from "./yaml-edit.ts";

export interface TasksEditorProps {
  readonly state: WorkspaceState;
  readonly planName: string;
  /**
   * The connections a task may write to (GET /connections); undefined while they load: a task
   * added then would be bound to none of them, so "Add task" waits.
   */
  readonly connections: readonly Connection[] | undefined;
  readonly selected: { readonly task: number; readonly step: number };
  readonly onSelect: (task: number, step: number) => void;
}

/**
 * The plan's tasks: each task file with the connection its plan entry names (picked from the
 * server's connections: its steps become steps of that kind, their foreign keys follow), its
 * steps to pick from, and adding or removing tasks and steps.
 */
export function TasksEditor({ state, planName, connections: loaded, selected, onSelect }: TasksEditorProps) {
  const { ws } = state;
  const connections = loaded ?? [];
  const connectionNames = connections.map((c) => c.name);
  const defaultPath = (taskName: unknown) => `/tmp/rowforge/${planName}/${String(taskName)}`;
  const planTasks = asList(asObject(fileData(ws.plan)).tasks).map(asObject);
  const tasks = ws.tasks.map((t) => asObject(fileData(t)));
  const taskIndex = selected.task;
  const stepIndex = selected.step;
  const addTask = () => {
    const n = ws.tasks.length + 1;
    const taskName = `task_${n}`;
    const text = `name: ${taskName}\nsteps:\n  - name: step_${n}\n    type: json\n    options:\n      path: ${defaultPath(taskName)}\n    count:\n      records: 100\n    fields:\n      - name: id\n        type: string\n        options:\n          regex: "ID[0-9]{6}"\n`;
    const first = connections[0];
    state.update((current) => {
      const added = { ...current, tasks: [...current.tasks, text] };
      return first
        ? withConnection(added, current.tasks.length, first, defaultPath(taskName))
        : {
            ...added,
            plan: setIn(current.plan, ["tasks", planTasks.length], {
              name: taskName,
              dataSourceName: "json",
              enabled: true,
            }),
          };
    });
    onSelect(ws.tasks.length, 0);
  };
  return (
    <fieldset class="card tasks">
      <legend>Tasks and steps</legend>
      {tasks.map((t, ti) => {
        const at = planTasks.findIndex((p) => p.name === t.name);
        const ds = at >= 0 ? String(planTasks[at]!.dataSourceName ?? "") : "";
        return (
          <div class="task-row" key={ti}>
            <strong>{String(t.name ?? `task ${ti + 1}`)}</strong>
            <label>
              Connection of {String(t.name ?? "")}{" "}
              <select
                value={ds}
                onChange={(e) => {
                  const v = (e.currentTarget as HTMLSelectElement).value;
                  const picked = connections.find((c) => c.name === v);
                  if (picked)
                    state.update((current) => withConnection(current, ti, picked, defaultPath(t.name)));
                  else if (at >= 0) state.set({ kind: "plan" }, ["tasks", at, "dataSourceName"], v);
                }}
              >
                {!connectionNames.includes(ds) && <option value={ds}>{ds || "(choose)"}</option>}
                {connectionNames.map((c) => (
                  <option value={c}>{c}</option>
                ))}
              </select>
            </label>
            <span class="actions">
              {asList(t.steps).map((s, si) => (
                <Button
                  key={si}
                  kind={ti === taskIndex && si === stepIndex ? "primary" : "secondary"}
                  aria-pressed={ti === taskIndex && si === stepIndex ? "true" : "false"}
                  onClick={() => {
                    onSelect(ti, si);
                  }}
                >
                  {String(asObject(s).name ?? `step ${si + 1}`)}
                </Button>
              ))}
              <Button
                onClick={() => {
                  const n = asList(t.steps).length;
                  state.set({ kind: "task", index: ti }, ["steps", n], {
                    name: `step_${n + 1}`,
                    type: "json",
                    count: { records: 100 },
                    fields: [{ name: "id", type: "string" }],
                  });
                  onSelect(ti, n);
                }}
              >
                Add step to {String(t.name ?? "")}
              </Button>
              <Button
                kind="danger"
                onClick={() => {
                  state.replace({ ...ws, tasks: ws.tasks.filter((_, i) => i !== ti) });
                  if (at >= 0) state.remove({ kind: "plan" }, ["tasks", at]);
                  onSelect(0, 0);
                }}
              >
                Remove task {String(t.name ?? "")}
              </Button>
            </span>
          </div>
        );
      })}
      <Button onClick={addTask} busy={loaded === undefined}>
        Add task
      </Button>
    </fieldset>
  );
}
