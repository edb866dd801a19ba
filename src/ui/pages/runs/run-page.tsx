import { useEffect, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { JsonView } from "../../components/json-view.tsx";
import { toast } from "../../components/toast.tsx";
import { api, type ExecutionRecord } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import { followRun, type RunSnapshot, type StepProgress } from "../../lib/run-events.ts";
import type { PageProps } from "../page.ts";
import { ended } from "./format.ts";
import { ReportView } from "./report-view.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { StepProgressList } from "./step-progress-list.tsx";

/** The run's final record from the history (the status route has fewer fields). */
const recordOf = async (id: string): Promise<ExecutionRecord | undefined> =>
  (await api.history({}, 1000)).find((r) => r.id === id);

/** One run: live progress per step while it runs (server-sent events), cancel, then its summary and report. */
/** The views of a run, each a link (`?tab=`; progress the default). */
const RUN_TABS = [
  { id: "progress", title: "Progress" },
  { id: "report", title: "Report" },
  { id: "record", title: "Record" },
] as const;

export function RunPage({ params, route }: PageProps) {
  const id = params.id!;
  const [snapshot, setSnapshot] = useState<RunSnapshot | undefined>(undefined);
  const [record, setRecord] = useState<ExecutionRecord | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [cancelling, setCancelling] = useState(false);
  const tab = route.query.get("tab") ?? "progress";

  useEffect(() => {
    const stop = new AbortController();
    setSnapshot(undefined);
    setRecord(undefined);
    setError(undefined);
    let ended = false;
    followRun(
      id,
      (e) => {
        if (e.type === "end") {
          ended = true;
          setRecord(e.record);
        } else setSnapshot(e.snapshot);
      },
      stop.signal,
    )
      .then(async () => {
        // A stream that closed without its final record (the server stopping): read the record.
        if (ended || stop.signal.aborted) return;
        const r = await recordOf(id).catch(() => undefined);
        if (r && !stop.signal.aborted) setRecord(r);
      })
      .catch(async (e: unknown) => {
        if (stop.signal.aborted) return;
        setError(e);
        const r = await recordOf(id).catch(() => undefined);
        if (r && !stop.signal.aborted) setRecord(r);
      });
    return () => stop.abort();
  }, [id]);

  const status = record?.status ?? snapshot?.status ?? "…";
  const planName = record?.planName ?? snapshot?.planName ?? "";
  const cancel = async () => {
    setCancelling(true);
    try {
      const r = await api.cancelRun(id);
      toast(r.message, "success");
    } catch (e) {
      toast(e instanceof Error ? e.message : String(e), "error");
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section>
      <div class="page-head">
        <h1>
          Run {planName && <span>of {planName}</span>}{" "}
          <span aria-live="polite" class="run-status">
            <StatusBadge status={status} reason={record?.failedReason ?? snapshot?.failedReason ?? null} />
          </span>
        </h1>
        {!ended(status) && status !== "…" && (
          <Button kind="danger" onClick={cancel} busy={cancelling}>
            Cancel run
          </Button>
        )}
      </div>
      <p class="muted">
        Execution <code>{id}</code>
        {(record?.mode ?? snapshot?.mode) && <> · {record?.mode ?? snapshot?.mode} mode</>}
        {record && <> · took {record.timeTaken}</>}
      </p>
      <ErrorBox error={error} title="Live progress is not available" />
      <div role="tablist" class="tabs" aria-label="Run views">
        {RUN_TABS.map((t) => (
          <a
            class="tab"
            role="tab"
            aria-selected={tab === t.id}
            href={href(["runs", id], t.id === "progress" ? {} : { tab: t.id })}
            key={t.id}
          >
            {t.title}
          </a>
        ))}
      </div>
      {tab === "progress" && (
        <StepProgressList
          steps={snapshot?.steps.length ? snapshot.steps : endedSteps(record)}
          mode={record?.mode ?? snapshot?.mode}
        />
      )}
      {tab === "report" &&
        (record ? (
          <ReportView record={record} />
        ) : (
          <p class="muted">The report is written when the run ends.</p>
        ))}
      {tab === "record" &&
        (record ? (
          <JsonView value={record} open={2} label="Execution record" />
        ) : (
          <p class="muted">The record is complete when the run ends.</p>
        ))}
    </section>
  );
}

/** A finished run's steps from its record (a run opened after it ended has no live snapshot). */
function endedSteps(record: ExecutionRecord | undefined): StepProgress[] {
  const steps: StepProgress[] = [];
  for (const entry of record?.generationSummary ?? []) {
    // The contract leaves the summaries free-form: show only entries that name a step and its records.
    if (typeof entry !== "object" || entry === null) continue;
    const s = entry as Record<string, unknown>;
    if (typeof s.name !== "string" || typeof s.records !== "number") continue;
    steps.push({
      name: s.name,
      done: s.records,
      total: s.records,
      status: "done",
      rowsPerSecond: typeof s.rowsPerSecond === "number" ? s.rowsPerSecond : 0,
      etaSeconds: null,
      elapsedSeconds: typeof s.seconds === "number" ? s.seconds : 0,
    });
  }
  return steps;
}
