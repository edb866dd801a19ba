import { useEffect, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { FieldRow, SelectField } from "../../components/field.tsx";
import { Table } from "../../components/table.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type ExecutionRecord, type RunMode } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { ended } from "./format.ts";
import { RUN_COLUMNS } from "./run-columns.tsx";
import { startRun } from "./start-run.ts";

/** Start a plan (generate or delete) and see the latest runs; each opens its live page. */
export function RunsPage({ route }: PageProps) {
  const plans = useAsync(() => api.plans(), []);
  const recent = useAsync(() => api.history({}, 20), []);
  const [plan, setPlan] = useState(route.query.get("plan") ?? "");
  const [mode, setMode] = useState<RunMode>("generate");
  const [busy, setBusy] = useState(false);
  const names = (plans.data ?? []).map((p) => p.plan.name);
  const chosen = plan || names[0] || "";
  // While a run is queued or running, the list follows it.
  const live = (recent.data ?? []).some((r) => !ended(r.status));
  useEffect(() => {
    if (!live) return;
    const t = setInterval(recent.reload, 2000);
    return () => clearInterval(t);
  }, [live, recent.reload]);

  return (
    <section>
      <h1>Runs</h1>
      <form
        class="card"
        aria-label="Start a run"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!chosen) return;
          setBusy(true);
          await startRun(chosen, mode);
          setBusy(false);
        }}
      >
        <h2>Start a run</h2>
        <ErrorBox error={plans.error} title="The plans could not be listed" />
        <FieldRow>
          <SelectField label="Plan" name="plan" value={chosen} options={names} onChange={setPlan} />
          <SelectField
            label="Mode"
            name="mode"
            value={mode}
            options={[
              { value: "generate", label: "generate data" },
              { value: "delete", label: "delete the data it wrote" },
            ]}
            onChange={(v) => setMode(v as RunMode)}
          />
        </FieldRow>
        <Button kind="primary" type="submit" busy={busy} disabled={!chosen}>
          Start
        </Button>
      </form>
      <h2>Latest runs</h2>
      <ErrorBox error={recent.error} title="The runs could not be listed" />
      <Table<ExecutionRecord>
        caption="Latest runs"
        rows={recent.data ?? []}
        rowKey={(r) => r.id}
        empty="No run yet."
        columns={[...RUN_COLUMNS, { header: "Time taken", cell: (r) => r.timeTaken, numeric: true }]}
      />
      <p>
        <a href={href(["history"])}>All runs, with filters</a>
      </p>
    </section>
  );
}
