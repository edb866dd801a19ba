import { useEffect, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api } from "../../lib/api.ts";
import { href, navigate } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { startRun } from "../runs/start-run.ts";
import { ConfigurationEditor } from "./configuration-editor.tsx";
import { download } from "./download.ts";
import { ForeignKeysEditor, type StepRef } from "./foreign-keys-editor.tsx";
import { ImportPanel } from "./import-panel.tsx";
import { planApi } from "./plan-api.ts";
import { exportBundle, exportFiles } from "./plan-export.ts";
import {
  emptyWorkspace,
  fileData,
  fileText,
  type PlanWorkspace,
  planName,
  type WorkspaceFile,
  workspaceFromRequest,
  workspaceToRequest,
} from "./plan-workspace.ts";
import { SamplePreview } from "./sample-preview.tsx";
import { type SaveProblem, saveProblems } from "./save-problems.ts";
import { StepEditor } from "./step-editor.tsx";
import { locateProblems } from "./step-problems.ts";
import { TabList } from "./tab-list.tsx";
import { useSamplePreview } from "./use-sample-preview.ts";
import { useWorkspace } from "./use-workspace.ts";
import { ValidationsEditor } from "./validations-editor.tsx";
import { positionOf } from "./yaml-locate.ts";
import { YamlView } from "./yaml-view.tsx";

type Raw = Record<string, unknown>;
const asObject = (v: unknown): Raw => (v && typeof v === "object" && !Array.isArray(v) ? (v as Raw) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** #/plans/<name>: a saved plan; `?new=1` a new one of that name; `?from=<plan>` a copy of another. */
export function PlanEditorPage({ params, route }: PageProps) {
  const name = params.name ?? "";
  const from = route.query.get("from") ?? undefined;
  const fresh = route.query.get("new") === "1";
  const loaded = useAsync(async (): Promise<PlanWorkspace> => {
    if (fresh) return emptyWorkspace(name);
    const ws = workspaceFromRequest(await planApi.get(from ?? name));
    if (!from) return ws;
    const { id: _, ...copy } = ws;
    return { ...copy, plan: ws.plan.replace(/^name:.*$/m, `name: ${name}`) };
  }, [name, from, fresh]);
  if (loaded.error)
    return (
      <section>
        <h1>Plan {name}</h1>
        <ErrorBox error={loaded.error} title="The plan could not be opened" />
        <p class="hint">
          Plans of the server's plan folder are run by name but their YAML is not served by the API: import
          the files here to edit them.
        </p>
      </section>
    );
  if (!loaded.data) return <p aria-busy="true">Loading…</p>;
  return <PlanEditor key={`${name}-${from ?? ""}-${fresh}`} initial={loaded.data} />;
}

type View = "form" | "yaml";

const sameFile = (a: WorkspaceFile, b: WorkspaceFile) =>
  a.kind === b.kind && ("index" in a ? a.index : -1) === ("index" in b ? b.index : -1);

function PlanEditor({ initial }: { initial: PlanWorkspace }) {
  const state = useWorkspace(initial);
  const { ws } = state;
  const [view, setView] = useState<View>("form");
  const [taskIndex, setTaskIndex] = useState(0);
  const [stepIndex, setStepIndex] = useState(0);
  const [yamlFile, setYamlFile] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(undefined);
  const [saveIssues, setSaveIssues] = useState<readonly SaveProblem[]>([]);
  // A refused save's problems are placed by path: an edit may move things, so they go with it.
  useEffect(() => setSaveIssues([]), [ws]);
  const connections = useAsync(() => api.connections(), []);

  const plan = asObject(fileData(ws.plan));
  const planTasks = asList(plan.tasks).map(asObject);
  const tasks = ws.tasks.map((t) => asObject(fileData(t)));
  const task = tasks[taskIndex];
  const steps = asList(task?.steps).map(asObject);
  const step = steps[stepIndex];
  const stepName = typeof step?.name === "string" ? step.name : undefined;
  const preview = useSamplePreview(ws.tasks[taskIndex], stepName);
  const sampleProblems =
    preview.answer && !preview.answer.ok
      ? locateProblems(preview.answer.problems, preview.answer.message, stepIndex, step?.fields)
      : [];
  const isTask = (f: WorkspaceFile) => f.kind === "task" && f.index === taskIndex;
  const problems = [...sampleProblems, ...saveIssues.filter((p) => isTask(p.file))];
  /** The problems of one file, each with its line and column in that file's text. */
  const problemsIn = (file: WorkspaceFile) =>
    [...(isTask(file) ? sampleProblems : []), ...saveIssues.filter((p) => sameFile(p.file, file))].map((p) =>
      p.line !== undefined ? p : { ...p, ...positionOf(fileText(ws, file), p.path) },
    );
  const name = planName(ws);
  const stepRefs: StepRef[] = tasks.flatMap((t) => {
    const ds = String(planTasks.find((p) => p.name === t.name)?.dataSourceName ?? t.name ?? "");
    return asList(t.steps).map((s) => ({
      dataSource: ds,
      step: String(asObject(s).name ?? ""),
      fields: asList(asObject(s).fields).map((f) => String(asObject(f).name ?? "")),
    }));
  });
  const connectionNames = (connections.data ?? []).map((c) => c.name);

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const answer = await planApi.save(workspaceToRequest(ws));
      state.markSaved({ ...ws, id: answer.planId });
      setSaveError(undefined);
      setSaveIssues([]);
      toast(answer.message, "success");
      if (location.hash !== href(["plans", name])) navigate(href(["plans", name]));
      return true;
    } catch (e) {
      setSaveError(e);
      setSaveIssues(e instanceof Error ? saveProblems(e.message) : []);
      return false;
    } finally {
      setSaving(false);
    }
  };
  const addTask = () => {
    const n = ws.tasks.length + 1;
    const taskName = `task_${n}`;
    const text = `name: ${taskName}\nsteps:\n  - name: step_${n}\n    type: json\n    options:\n      path: /tmp/rowforge/${name}/${taskName}\n    count:\n      records: 100\n    fields:\n      - name: id\n        type: string\n        options:\n          regex: "ID[0-9]{6}"\n`;
    state.replace({ ...ws, tasks: [...ws.tasks, text] });
    state.set({ kind: "plan" }, ["tasks", planTasks.length], {
      name: taskName,
      dataSourceName: connectionNames[0] ?? "json",
      enabled: true,
    });
    setTaskIndex(ws.tasks.length);
    setStepIndex(0);
  };
  const files = exportFiles(ws);
  const current = files[Math.min(yamlFile, files.length - 1)]!;

  return (
    <section class="plan-editor">
      <div class="page-head">
        <h1>Plan {name}</h1>
        <span class="actions">
          <Button kind="primary" busy={saving} onClick={() => void save()}>
            Save
          </Button>
          <Button onClick={async () => (await save()) && void startRun(name, "generate")}>
            Save and run
          </Button>
          <Button onClick={() => void startRun(name, "delete")}>Delete data</Button>
          <Button onClick={() => download(`${name}.yaml`, exportBundle(ws))}>Export all YAML</Button>
        </span>
      </div>
      {state.dirty && <p class="muted">Unsaved changes.</p>}
      <ErrorBox error={saveError} title="The plan was not saved" />
      {state.editError && (
        <p class="error-text" role="alert">
          {state.editError}
        </p>
      )}
      <ImportPanel ws={ws} onImport={state.replace} />
      <TabList<View>
        label="Editor views"
        tabs={[
          { id: "form", title: "Form" },
          { id: "yaml", title: "YAML" },
        ]}
        selected={view}
        onSelect={setView}
      />
      {view === "yaml" ? (
        <div class="yaml-pane">
          <div class="field-row">
            <div class="field">
              <label for="yaml-file">File</label>
              <select
                id="yaml-file"
                value={String(yamlFile)}
                onChange={(e) => setYamlFile(Number((e.currentTarget as HTMLSelectElement).value))}
              >
                {files.map((f, i) => (
                  <option value={String(i)}>{f.name}</option>
                ))}
              </select>
            </div>
            <Button onClick={() => download(current.name, current.text)}>Download {current.name}</Button>
          </div>
          <YamlView
            key={current.name}
            label={`YAML of ${current.name}`}
            text={fileText(ws, current.file)}
            onChange={(t) => state.setText(current.file, t)}
            problems={problemsIn(current.file)}
          />
        </div>
      ) : (
        <div class="plan-form">
          <fieldset class="card">
            <legend>Plan</legend>
            <div class="field-row">
              <PlanText
                label="Plan name"
                value={plan.name}
                onInput={(v) => state.set({ kind: "plan" }, ["name"], v)}
              />
              <PlanText
                label="Description"
                value={plan.description}
                onInput={(v) => state.set({ kind: "plan" }, ["description"], v)}
              />
              <PlanText
                label="Seed"
                value={asObject(plan.sinkOptions).seed}
                onInput={(v) =>
                  v === ""
                    ? state.remove({ kind: "plan" }, ["sinkOptions", "seed"])
                    : state.set({ kind: "plan" }, ["sinkOptions", "seed"], v)
                }
              />
              <PlanText
                label="Locale"
                value={asObject(plan.sinkOptions).locale}
                onInput={(v) =>
                  v === ""
                    ? state.remove({ kind: "plan" }, ["sinkOptions", "locale"])
                    : state.set({ kind: "plan" }, ["sinkOptions", "locale"], v)
                }
              />
            </div>
          </fieldset>
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
                        if (at >= 0) state.set({ kind: "plan" }, ["tasks", at, "dataSourceName"], v);
                        else
                          state.set({ kind: "plan" }, ["tasks", planTasks.length], {
                            name: t.name,
                            dataSourceName: v,
                            enabled: true,
                          });
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
                          setTaskIndex(ti);
                          setStepIndex(si);
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
                        setTaskIndex(ti);
                        setStepIndex(n);
                      }}
                    >
                      Add step to {String(t.name ?? "")}
                    </Button>
                    <Button
                      kind="danger"
                      onClick={() => {
                        state.replace({ ...ws, tasks: ws.tasks.filter((_, i) => i !== ti) });
                        if (at >= 0) state.remove({ kind: "plan" }, ["tasks", at]);
                        setTaskIndex(0);
                        setStepIndex(0);
                      }}
                    >
                      Remove task {String(t.name ?? "")}
                    </Button>
                  </span>
                </div>
              );
            })}
            <Button onClick={addTask}>Add task</Button>
          </fieldset>
          {step && stepName !== undefined ? (
            <div class="step-and-preview">
              <StepEditor
                file={{ kind: "task", index: taskIndex }}
                stepIndex={stepIndex}
                step={step}
                edits={state}
                problems={problems}
              />
              <SamplePreview preview={preview} stepName={stepName} />
            </div>
          ) : (
            <p class="empty">Add a task to edit its steps and see their sample.</p>
          )}
          <ForeignKeysEditor
            foreignKeys={asObject(plan.sinkOptions).foreignKeys}
            steps={stepRefs}
            edits={state}
          />
          <details>
            <summary>Validations</summary>
            <ValidationsEditor state={state} dataSources={[...new Set(stepRefs.map((s) => s.dataSource))]} />
          </details>
          <details>
            <summary>Configuration</summary>
            <ConfigurationEditor state={state} />
          </details>
        </div>
      )}
    </section>
  );
}

function PlanText({
  label,
  value,
  onInput,
}: {
  label: string;
  value: unknown;
  onInput: (v: string) => void;
}) {
  const id = `plan-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value === undefined || value === null ? "" : String(value)}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
      />
    </div>
  );
}
