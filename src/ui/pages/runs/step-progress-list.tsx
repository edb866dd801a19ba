import type { StepProgress } from "../../lib/run-events.ts";
import { count, duration } from "./format.ts";

/**
 * One progress bar per step with records done/total, rows/s, elapsed time and ETA (and delivery
 * for message steps); a delete run's steps say the records they deleted once done.
 */
export function StepProgressList({
  steps,
  mode,
}: {
  steps: readonly StepProgress[];
  mode?: string | undefined;
}) {
  const deleting = mode === "delete";
  if (steps.length === 0) return <p class="muted">No step has started yet.</p>;
  return (
    <ul class="steps" aria-label="Steps">
      {steps.map((s) => {
        const pct = s.total > 0 ? Math.min(100, (100 * s.done) / s.total) : 100;
        return (
          <li key={s.name} class={`step step-${s.status}`} data-step={s.name}>
            <div class="step-head">
              <strong>{s.name}</strong>
              <span class="step-status">{s.status === "done" ? "done" : `${pct.toFixed(0)}%`}</span>
            </div>
            <progress
              max={s.total || 1}
              value={s.done}
              aria-label={
                deleting
                  ? `${s.name}: ${s.status === "done" ? `${count(s.done)} records deleted` : "deleting"}`
                  : `${s.name}: ${count(s.done)} of ${count(s.total)} records`
              }
            />
            <dl class="step-facts">
              <dt>{deleting ? "Records deleted" : "Records"}</dt>
              <dd class="records">
                {deleting
                  ? s.status === "done"
                    ? count(s.done)
                    : "…"
                  : `${count(s.done)} / ${count(s.total)}`}
              </dd>
              <dt>Rows/s</dt>
              <dd>{count(s.rowsPerSecond)}</dd>
              <dt>Elapsed</dt>
              <dd>{duration(s.elapsedSeconds)}</dd>
              <dt>ETA</dt>
              <dd>{s.status === "done" ? "–" : duration(s.etaSeconds)}</dd>
              {s.delivery && (
                <>
                  <dt>Acknowledged</dt>
                  <dd>{count(s.delivery.acknowledged)}</dd>
                  <dt>Failed</dt>
                  <dd>{count(s.delivery.failed)}</dd>
                  {s.delivery.rate !== undefined && (
                    <>
                      <dt>Achieved rate</dt>
                      <dd>{count(s.delivery.rate)}/s</dd>
                    </>
                  )}
                  {s.delivery.p99Ms !== undefined && (
                    <>
                      <dt>Latency p99</dt>
                      <dd>{s.delivery.p99Ms.toFixed(1)} ms</dd>
                    </>
                  )}
                </>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
