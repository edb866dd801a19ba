import { useEffect, useMemo, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { ApiError, api } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { startRun } from "../runs/start-run.ts";
import { ConfigurationEditor } from "./configuration-editor.tsx";
import { hasTables } from "./connection-pick.ts";
import { download } from "./download.ts";
import { FolderNotice, type FolderOrigin } from "./folder-notice.tsx";
import { ForeignKeysEditor } from "./foreign-keys-editor.tsx";
import { ImportPanel } from "./import-panel.tsx";
import { connectionsToSave, type OfferedConnection, placeConnections } from "./imported-connections.ts";
import { ImportedConnectionsList } from "./imported-connections-list.tsx";
import { planApi, type SavedSources } from "./plan-api.ts";
import { exportBundle, exportFiles } from "./plan-export.ts";
import { PlanFields } from "./plan-fields.tsx";
import { importYaml } from "./plan-import.ts";
import {
  emptyWorkspace,
  fileData,
  fileText,
  type PlanWorkspace,
  planName,
  type WorkspaceFile,
  WorkspaceSyntaxError,
  workspaceFromRequest,
  workspaceFromSources,
  workspaceSources,
  workspaceToRequest,
} from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";
import { SamplePreview } from "./sample-preview.tsx";
import { type SaveProblem, saveProblems } from "./save-problems.ts";
import { StepEditor } from "./step-editor.tsx";
import { locateProblems } from "./step-problems.ts";
import { stepRefsOf } from "./step-refs.ts";
import { firstSyntaxBlock, type SyntaxBlock, syntaxBlockMessage } from "./syntax-block.ts";
import { TabList } from "./tab-list.tsx";
import { TablePicker } from "./table-picker.tsx";
import { TasksEditor } from "./tasks-editor.tsx";
import { useSamplePreview } from "./use-sample-preview.ts";
import { useWorkspace } from "./use-workspace.ts";
import { ValidationsEditor } from "./validations-editor.tsx";
import { setIn } from "./yaml-edit.ts";
import { positionOf } from "./yaml-locate.ts";
import { YamlPane } from "./yaml-pane.tsx";
import type { FocusRequest } from "./yaml-view.tsx";

/** #/plans/<name>: a saved plan (else a YAML plan of the server's plan folder); `?new=1` a new one of that name; `?from=<plan>` a copy of another. */
export function PlanEditorPage({ params, route }: PageProps) {
  const name = params.name ?? "";
  const from = route.query.get("from") ?? undefined;
  const fresh = route.query.get("new") === "1";
  const loaded = useAsync(async (): Promise<Opened> => {
    if (fresh) return { ws: emptyWorkspace(name) };
    const opened = await openSaved(from ?? name);
    if (!from) return opened;
    const { id: _, ...copy } = opened.ws;
    return { ...opened, ws: { ...copy, plan: renamed(opened.ws.plan, name) } };
  }, [name, from, fresh]);
  if (loaded.error)
    return (
      <section>
        <h1>Plan {name}</h1>
        <ErrorBox error={loaded.error} title="The plan could not be opened" />
        <p class="hint">
          The editor opens saved plans and the YAML plans of the server's plan folder (both listed under
          Plans); other files can be imported into a new plan.
        </p>
      </section>
    );
  // While another plan loads the previous one's data is still there: wait, so the editor starts from the new one.
  if (loaded.loading || !loaded.data) return <p aria-busy="true">Loading…</p>;
  return (
    <PlanEditor
      key={`${name}-${from ?? ""}-${fresh}`}
      initial={loaded.data.ws}
      notice={loaded.data.notice}
      folder={from ? undefined : loaded.data.folder}
    />
  );
}

/** A workspace to edit, and what the editor says about where its texts came from. */
interface Opened {
  readonly ws: PlanWorkspace;
  readonly notice?: string;
  /** Set when the texts are the files of a plan of the server's plan folder (no saved plan has its name). */
  readonly folder?: FolderOrigin;
}

const isNotFound = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 404;

/**
 * A saved plan as the texts it was last saved as here (comments, order, quoting), while they still
 * describe it; else as the server stores it, written out again, saying why. A name with no saved
 * plan opens the plan folder's plan of that name as its files are written.
 */
async function openSaved(name: string): Promise<Opened> {
  const [request, saved] = await Promise.all([
    planApi.get(name).catch((e: unknown) => {
      if (isNotFound(e)) return e;
      throw e;
    }),
    // Texts are a convenience for saved plans: a server failing to answer them opens the plan as stored.
    planApi.sources(name).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
  ]);
  if (request instanceof ApiError) {
    if (saved instanceof Error) throw saved;
    if (saved?.origin === "folder") return openedFromFolder(name, saved);
    throw request;
  }
  const texts = saved instanceof Error ? undefined : saved;
  const stored = workspaceFromRequest(request);
  if (texts?.current) return { ws: workspaceFromSources(texts.sources, stored.id) };
  if (!texts) return { ws: stored };
  const when = (texts.savedAt ?? "").replace("T", " ").slice(0, 16);
  return {
    ws: stored,
    notice: `This plan was changed outside the editor since its YAML was saved here (${when} UTC; ${texts.difference ?? "it differs"}). It is shown as the server stores it, written out again: the comments, key order and quoting of that YAML are not in it.`,
  };
}

/** A plan folder's plan as its files' texts (a unified file split into a plan and its tasks, as import does). */
function openedFromFolder(name: string, answer: SavedSources): Opened {
  const files = answer.files ? [answer.files.plan, ...answer.files.tasks, ...answer.files.validation] : [];
  const problems = answer.problems ?? [];
  if (answer.planKind === "unified") {
    try {
      const ws = importYaml(emptyWorkspace(name), answer.sources.plan, {
        connectionsInSteps: true,
      }).workspace;
      return {
        ws,
        folder: { files, problems },
        notice:
          "The plan folder's file is a unified plan (data sources with their connections and steps): it is shown as a plan and one task per data source, as Import YAML converts it.",
      };
    } catch {
      // Shown as written: the YAML view says what does not parse.
    }
  }
  return { ws: workspaceFromSources(answer.sources, undefined), folder: { files, problems } };
}

/** The plan text with its name set, the rest as written (the copy keeps its comments). */
function renamed(planText: string, name: string): string {
  try {
    return setIn(planText, ["name"], name);
  } catch {
    return planText.replace(/^name:.*$/m, `name: ${name}`);
  }
}

type View = "form" | "yaml";

/** The code a save refused for a YAML syntax error shows (the UI's own; nothing reached the server). */
const SYNTAX_CODE = "YamlSyntaxError";

const sameFile = (a: WorkspaceFile, b: WorkspaceFile) =>
  a.kind === b.kind && ("index" in a ? a.index : -1) === ("index" in b ? b.index : -1);

function PlanEditor({
  initial,
  notice,
  folder,
}: {
  initial: PlanWorkspace;
  notice?: string | undefined;
  folder?: FolderOrigin | undefined;
}) {
  const state = useWorkspace(initial);
  // Said until the first save: the texts are the plan folder's files, which the editor never writes.
  const [fromFolder, setFromFolder] = useState(folder);
  const { ws } = state;
  const [view, setView] = useState<View>("form");
  const [yamlFile, setYamlFile] = useState(0);
  const [focusAt, setFocusAt] = useState<FocusRequest | undefined>(undefined);
  // Said while the texts shown are the stored plan written out again; a save here makes its own texts current.
  const [sourcesNotice, setSourcesNotice] = useState(notice);
  const [taskIndex, setTaskIndex] = useState(0);
  const [stepIndex, setStepIndex] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(undefined);
  const [saveIssues, setSaveIssues] = useState<readonly SaveProblem[]>([]);
  // A refused save's problems are placed by path: an edit may move things, so they go with it.
  useEffect(() => setSaveIssues([]), [ws]);
  const connections = useAsync(() => api.connections(), []);
  // Connections of imported unified files: saved with the plan when a task is bound to them.
  const [offered, setOffered] = useState<readonly OfferedConnection[]>([]);

  const plan = asObject(fileData(ws.plan));
  const tasks = ws.tasks.map((t) => asObject(fileData(t)));
  const task = tasks[taskIndex];
  const steps = asList(task?.steps).map(asObject);
  const step = steps[stepIndex];
  const stepName = typeof step?.name === "string" ? step.name : undefined;
  // The step is previewed inside the plan: its seed and foreign keys, as the run writes it.
  // A file of the plan that does not parse (its editor shows where) leaves the step previewed on its own.
  const planRequest = useMemo(() => planRequestOf(ws), [ws]);
  const preview = useSamplePreview(ws.tasks[taskIndex], stepName, planRequest);
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
  const dataSource = asList(plan.tasks)
    .map(asObject)
    .find((p) => p.name === task?.name)?.dataSourceName;
  const database = (connections.data ?? []).find((c) => c.name === dataSource && hasTables(c.type));

  /** The YAML view at a file's syntax error, the cursor on it. */
  const showSyntaxError = (block: SyntaxBlock) => {
    setView("yaml");
    setYamlFile(
      Math.max(
        0,
        exportFiles(ws).findIndex((f) => sameFile(f.file, block.file)),
      ),
    );
    setFocusAt({ line: block.line, column: block.column, seq: (focusAt?.seq ?? 0) + 1 });
  };
  // Parses every text: once per change of the texts, not on every render.
  const syntaxBlock = useMemo(() => firstSyntaxBlock(ws, state.drafts), [ws, state.drafts]);
  const syntaxFixed = syntaxBlock === undefined;
  // A save refused for a syntax error stops being news once every text parses again.
  useEffect(() => {
    if (syntaxFixed)
      setSaveError((e: unknown) => (e instanceof ApiError && e.code === SYNTAX_CODE ? undefined : e));
  }, [syntaxFixed]);

  const save = async (): Promise<boolean> => {
    // A text that does not parse is the user's latest words: never send the last one that parsed instead.
    if (syntaxBlock) {
      setSaveError(new ApiError(0, SYNTAX_CODE, syntaxBlockMessage(syntaxBlock)));
      setSaveIssues([]);
      showSyntaxError(syntaxBlock);
      return false;
    }
    setSaving(true);
    try {
      const first = connectionsToSave(ws, offered);
      if (first.length > 0) {
        await api.saveConnections(first.map(({ name, type, options }) => ({ name, type, options })));
        setOffered((o) => o.map((c) => (first.includes(c) ? { ...c, sameAsSaved: true } : c)));
        connections.reload();
      }
      const answer = await planApi.save({ ...workspaceToRequest(ws), yamlSources: workspaceSources(ws) });
      setOffered([]);
      state.markSaved(answer.planId);
      setSourcesNotice(undefined);
      if (fromFolder)
        toast(
          `Saved as a copy in rowforge: runs of ${name} use it from now on; the plan folder's files are unchanged.`,
          "success",
        );
      setFromFolder(undefined);
      setSaveError(undefined);
      setSaveIssues([]);
      toast(answer.message, "success");
      if (answer.yamlSources?.current === false)
        toast(
          `The server saved the plan differently from its YAML (${answer.yamlSources.difference ?? "it differs"}): reopened, it will be shown as stored, without your comments and layout.`,
          "error",
        );
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
      {sourcesNotice && (
        <p class="hint" role="status" data-testid="sources-notice">
          {sourcesNotice}
        </p>
      )}
      {fromFolder && <FolderNotice folder={fromFolder} />}
      {state.dirty && <p class="muted">Unsaved changes.</p>}
      {syntaxBlock && view === "form" && (
        <p class="error-text" role="status">
          {syntaxBlock.name} has a YAML syntax error at line {syntaxBlock.line}, column {syntaxBlock.column}:
          the form shows its last text that parsed.{" "}
          <button type="button" class="btn-link" onClick={() => showSyntaxError(syntaxBlock)}>
            Show it in the YAML view
          </button>
        </p>
      )}
      <ErrorBox error={saveError} title="The plan was not saved" />
      {state.editError && (
        <p class="error-text" role="alert">
          {state.editError}
        </p>
      )}
      <ImportPanel
        ws={ws}
        onImport={async (r) => {
          // Placed among the connections saved now: a save must never overwrite a saved connection by its name.
          const saved = r.connections.length > 0 ? await api.connections().catch(() => connections.data) : [];
          const placed = placeConnections(r.workspace, r.connections, saved ?? [], offered);
          state.replace(placed.ws);
          setOffered(placed.offered);
        }}
      />
      <ImportedConnectionsList ws={ws} offered={offered} />
      <TabList<View>
        label="Editor views"
        tabs={[
          { id: "form", title: "Form" },
          { id: "yaml", title: "YAML" },
        ]}
        selected={view}
        onSelect={(v) => {
          setView(v);
          setFocusAt(undefined);
        }}
      />
      {view === "yaml" ? (
        <YamlPane
          state={state}
          problemsIn={problemsIn}
          fileIndex={yamlFile}
          onFileIndex={(i) => {
            setYamlFile(i);
            setFocusAt(undefined);
          }}
          focusAt={focusAt}
        />
      ) : (
        <div class="plan-form">
          <PlanFields plan={plan} edits={state} />
          <TasksEditor
            state={state}
            planName={name}
            connections={connections.data ?? (connections.loading ? undefined : [])}
            selected={{ task: taskIndex, step: stepIndex }}
            onSelect={(t, st) => {
              setTaskIndex(t);
              setStepIndex(st);
            }}
          />
          {step && stepName !== undefined ? (
            <div class="step-and-preview">
              <div>
                {database && (
                  <TablePicker
                    connection={database.name}
                    file={{ kind: "task", index: taskIndex }}
                    stepIndex={stepIndex}
                    step={step}
                    edits={state}
                  />
                )}
                <StepEditor
                  file={{ kind: "task", index: taskIndex }}
                  stepIndex={stepIndex}
                  step={step}
                  edits={state}
                  problems={problems}
                />
              </div>
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

/** The plan as saving sends it, in JSON; undefined while one of its files does not parse. */
function planRequestOf(ws: PlanWorkspace): string | undefined {
  try {
    return JSON.stringify(workspaceToRequest(ws));
  } catch (e) {
    if (e instanceof WorkspaceSyntaxError) return undefined;
    throw e;
  }
}
