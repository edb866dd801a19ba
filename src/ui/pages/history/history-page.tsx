import { ErrorBox } from "../../components/error-box.tsx";
import { FieldRow, SelectField, TextField } from "../../components/field.tsx";
import { Table } from "../../components/table.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type ExecutionRecord } from "../../lib/api.ts";
import { RUN_MODES, RUN_STATUSES } from "../../lib/catalogue.ts";
import { href, navigate } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { RUN_COLUMNS } from "../runs/run-columns.tsx";

/** The filters picked from a list ("" for any). */
const CHOICES = [
  { label: "Status", name: "status", options: ["", ...RUN_STATUSES] },
  { label: "Mode", name: "mode", options: ["", ...RUN_MODES] },
] as const;

/** Runs, newest first, filtered by a part of the plan's name, status and mode (kept in the URL, so a filter is a link). */
export function HistoryPage({ route }: PageProps) {
  const planName = route.query.get("plan") ?? "";
  const status = route.query.get("status") ?? "";
  const mode = route.query.get("mode") ?? "";
  const history = useAsync(
    () =>
      api.history({
        // The box matches a part of the name in any case ("order" finds Orders_EU and back_orders).
        ...(planName.trim() ? { planNameContains: planName.trim() } : {}),
        ...(status ? { status } : {}),
        ...(mode ? { mode } : {}),
      }),
    [planName, status, mode],
  );
  const plans = useAsync(() => api.plans(), []);
  const setFilter = (change: Record<string, string>) =>
    navigate(href(["history"], { plan: planName, status, mode, ...change }), true);
  return (
    <section>
      <h1>History</h1>
      <form class="filters" aria-label="Filter runs" onSubmit={(e) => e.preventDefault()}>
        <FieldRow>
          <TextField
            label="Plan"
            name="plan"
            type="search"
            value={planName}
            onInput={(v) => setFilter({ plan: v })}
            list="history-plans"
          />
          {CHOICES.map((c) => (
            <SelectField
              key={c.name}
              label={c.label}
              name={c.name}
              value={c.name === "status" ? status : mode}
              options={c.options}
              onChange={(v) => setFilter({ [c.name]: v })}
            />
          ))}
        </FieldRow>
        <datalist id="history-plans">
          {(plans.data ?? []).map((p) => (
            <option value={p.plan.name} />
          ))}
        </datalist>
      </form>
      <ErrorBox error={history.error} title="The history could not be read" />
      {history.loading && !history.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <Table<ExecutionRecord>
          caption="Runs, newest first"
          rows={history.data ?? []}
          rowKey={(r) => r.id}
          empty="No run matches."
          columns={[
            ...RUN_COLUMNS,
            {
              header: "Started",
              cell: (r) => <time dateTime={r.createdTs}>{r.createdTs.replace("T", " ").slice(0, 19)}</time>,
            },
            { header: "Time taken", cell: (r) => r.timeTaken, numeric: true },
            {
              header: "Report",
              cell: (r) =>
                r.status === "success" || r.status === "failed" ? (
                  <a href={href(["runs", r.id], { tab: "report" })}>Report</a>
                ) : (
                  ""
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
