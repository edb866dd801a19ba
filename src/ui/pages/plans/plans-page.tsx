import { useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { TextField } from "../../components/field.tsx";
import { Table } from "../../components/table.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type PlanListEntry } from "../../lib/api.ts";
import { href, navigate } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { startRun } from "../runs/start-run.ts";
import { planApi } from "./plan-api.ts";

/** Saved and YAML plans, with a run and a delete-data action each (the editor lives under #/plans/<name>). */
export function PlansPage(_: PageProps) {
  const plans = useAsync(() => api.plans(), []);
  const [newName, setNewName] = useState("");
  const valid = /^[A-Za-z0-9_-]+$/.test(newName);
  return (
    <section>
      <h1>Plans</h1>
      <form
        class="field-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) navigate(href(["plans", newName], { new: "1" }));
        }}
      >
        <TextField
          label="New plan name"
          value={newName}
          onInput={setNewName}
          error={newName !== "" && !valid ? "letters, digits, hyphens and underscores" : undefined}
        />
        <Button kind="primary" type="submit" disabled={!valid}>
          New plan
        </Button>
      </form>
      <ErrorBox error={plans.error} title="The plans could not be listed" />
      {plans.loading && !plans.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <Table<PlanListEntry>
          caption="Plans"
          rows={plans.data ?? []}
          rowKey={(p) => p.plan.name}
          empty="No plans yet: create one above, save one over the API (POST /plan) or put YAML plans in the plan folder."
          columns={[
            {
              header: "Name",
              cell: (p) =>
                p.id.startsWith("yaml:") ? (
                  <span>
                    <a href={href(["plans", p.plan.name])}>{p.plan.name}</a>{" "}
                    <small class="muted">
                      YAML plan of the plan folder (its files are not changed: saving keeps a copy here)
                    </small>
                  </span>
                ) : p.folderPlanCopy ? (
                  <span>
                    <a href={href(["plans", p.plan.name])}>{p.plan.name}</a>{" "}
                    <small class="muted">
                      saved copy of a YAML plan of the plan folder (runs use this copy; delete it to use the
                      file again)
                    </small>
                  </span>
                ) : (
                  <a href={href(["plans", p.plan.name])}>{p.plan.name}</a>
                ),
            },
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
                  <Button
                    aria-label={`Duplicate ${p.plan.name}`}
                    onClick={() => {
                      const copy = prompt(`Name of the copy of ${p.plan.name}`, `${p.plan.name}_copy`);
                      if (copy) navigate(href(["plans", copy], { from: p.plan.name }));
                    }}
                  >
                    Duplicate
                  </Button>
                  {!p.id.startsWith("yaml:") && (
                    <Button
                      kind="danger"
                      aria-label={`Delete plan ${p.plan.name}`}
                      onClick={async () => {
                        if (!confirm(`Delete the saved plan ${p.plan.name}? Its generated data stays.`))
                          return;
                        try {
                          await planApi.remove(p.plan.name);
                          toast(`Deleted plan ${p.plan.name}`, "success");
                          plans.reload();
                        } catch (e) {
                          toast(e instanceof Error ? e.message : String(e), "error");
                        }
                      }}
                    >
                      Delete plan
                    </Button>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
