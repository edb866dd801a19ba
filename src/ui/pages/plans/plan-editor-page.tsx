import { useEffect, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { startRun } from "../runs/start-run.ts";
import { ConfigurationEditor } from "./configuration-editor.tsx";
import { download } from "./download.ts";
import { ForeignKeysEditor } from "./foreign-keys-editor.tsx";
import { ImportPanel } from "./import-panel.tsx";
import { planApi } from "./plan-api.ts";
import { exportBundle } from "./plan-export.ts";
import { PlanFields } from "./plan-fields.tsx";
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
import { asList, asObject } from "./raw-data.ts";
import { SamplePreview } from "./sample-preview.tsx";
import { type SaveProblem, saveProblems } from "./save-problems.ts";
import { StepEditor } from "./step-editor.tsx";
import { locateProblems } from "./step-problems.ts";
import { stepRefsOf } from "./step-refs.ts";
import { TabList } from "./tab-list.tsx";
import { TasksEditor } from "./tasks-editor.tsx";
import { useSamplePreview } from "./use-sample-preview.ts";
import { useWorkspace } from "./use-workspace.ts";
import { ValidationsEditor } from "./validations-editor.tsx";
import { positionOf } from "./yaml-locate.ts";
import { YamlPane } from "./yaml-pane.tsx";

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
  // While another plan loads the previous one's data is still there: wait, so the editor starts from the new one.
  if (loaded.loading || !loaded.data) return <p aria-busy="true">Loading…</p>;
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
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(undefined);
  const [saveIssues, setSaveIssues] = useState<readonly SaveProblem[]>([]);
  // A refused save's problems are placed by path: an edit may move things, so they go with it.
  useEffect(() => setSaveIssues([]), [ws]);
  const connections = useAsync(() => api.connections(), []);

  const plan = asObject(fileData(ws.plan));
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
  const stepRefs = stepRefsOf(ws);
  const connectionNames = (connections.data ?? []).map((c) => c.name);

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const answer = await planApi.save(workspaceToRequest(ws));
      state.markSaved(answer.planId);
      setSaveError(undefined);
      setSaveIssues([]);
      toast(answer.message, "success");
      // The address names the saved plan now (a reload opens it), without reloading the editor: its texts stay as written.
      if (location.hash !== href(["plans", name])) history.replaceState(null, "", href(["plans", name]));
      return true;
    } catch (e) {
      setSaveError(e);
      setSaveIssues(e instanceof Error ? saveProblems(e.message) : []);
      return false;
    } finally {
      setSaving(false);
    }
  };

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
        <YamlPane state={state} problemsIn={problemsIn} />
      ) : (
        <div class="plan-form">
          <PlanFields plan={plan} edits={state} />
          <TasksEditor
            state={state}
            planName={name}
            connectionNames={connectionNames}
            selected={{ task: taskIndex, step: stepIndex }}
            onSelect={(t, st) => {
              setTaskIndex(t);
              setStepIndex(st);
            }}
          />
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
