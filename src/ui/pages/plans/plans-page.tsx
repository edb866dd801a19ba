import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { Table } from "../../components/table.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type PlanListEntry } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { startRun } from "../runs/start-run.ts";

/** Saved and YAML plans, with a run and a delete-data action each (the editor lives under #/plans/<name>). */
export function PlansPage(_: PageProps) {
  const plans = useAsync(() => api.plans(), []);
  return (
    <section>
      <h1>Plans</h1>
      <ErrorBox error={plans.error} title="The plans could not be listed" />
      {plans.loading && !plans.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <Table<PlanListEntry>
          caption="Plans"
          rows={plans.data ?? []}
          rowKey={(p) => p.plan.name}
          empty="No plans yet: save one over the API (POST /plan) or put YAML plans in the plan folder."
          columns={[
            { header: "Name", cell: (p) => <a href={href(["plans", p.plan.name])}>{p.plan.name}</a> },
            { header: "Description", cell: (p) => p.plan.description ?? "" },
            {
              header: "Actions",
              cell: (p) => (
                <span class="actions">
                  <Button
                    kind="primary"
                    onClick={() => startRun(p.plan.name, "generate")}
                    aria-label={`Run ${p.plan.name}`}
                  >
                    Run
                  </Button>
                  <Button
                    onClick={() => startRun(p.plan.name, "delete")}
                    aria-label={`Delete the data of ${p.plan.name}`}
                  >
                    Delete data
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
