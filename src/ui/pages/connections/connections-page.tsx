import { useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { SelectField } from "../../components/field.tsx";
import { Table } from "../../components/table.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type Connection, type ConnectionTestResult } from "../../lib/api.ts";
import { href, navigate } from "../../lib/router.ts";
import type { PageProps } from "../page.ts";
import { ConnectionForm } from "./connection-form.tsx";
import { TestResult } from "./test-result.tsx";

/** The groups the API knows (GET /connections?groupType=); "" lists them all. */
const GROUPS = ["", "database", "file", "messaging", "http", "metadata", "alert", "dataSource"];

const groupsOf = (list: readonly Connection[]) => {
  const by = new Map<string, Connection[]>();
  for (const c of list) by.set(c.groupType, [...(by.get(c.groupType) ?? []), c]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
};

/** Connections by group: create, edit, delete, test. Secrets come back masked and stay on the server. */
export function ConnectionsPage({ route }: PageProps) {
  // The group filter is part of the address (#/connections?group=database), asked of the API (GET /connections?groupType=).
  const group = route.query.get("group") ?? "";
  const list = useAsync(() => api.connections(group || undefined), [group]);
  const [form, setForm] = useState<{ editing?: Connection } | undefined>(undefined);
  const [tests, setTests] = useState<Record<string, ConnectionTestResult>>({});
  const [busy, setBusy] = useState<string | undefined>(undefined);

  const test = async (name: string) => {
    setBusy(`test:${name}`);
    try {
      const r = await api.testSavedConnection(name);
      setTests({ ...tests, [name]: r });
    } catch (e) {
      toast(`Testing ${name}: ${e instanceof Error ? e.message : String(e)}`, "error");
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async (name: string) => {
    if (!confirm(`Delete the connection ${name}?`)) return;
    try {
      await api.deleteConnection(name);
      toast(`Connection ${name} deleted`, "success");
      list.reload();
    } catch (e) {
      toast(`Deleting ${name}: ${e instanceof Error ? e.message : String(e)}`, "error");
    }
  };
  const edit = async (name: string) => {
    try {
      setForm({ editing: await api.connection(name) });
    } catch (e) {
      toast(`Opening ${name}: ${e instanceof Error ? e.message : String(e)}`, "error");
    }
  };

  return (
    <section>
      <div class="page-head">
        <h1>Connections</h1>
        {!form && (
          <Button kind="primary" onClick={() => setForm({})}>
            New connection
          </Button>
        )}
      </div>
      {form && (
        <ConnectionForm
          key={form.editing?.name ?? "new"}
          {...(form.editing ? { editing: form.editing } : {})}
          onSaved={() => {
            setForm(undefined);
            list.reload();
          }}
          onCancel={() => setForm(undefined)}
        />
      )}
      <SelectField
        label="Show group"
        name="group"
        value={group}
        options={GROUPS}
        onChange={(g) => navigate(href(["connections"], { group: g }), true)}
      />
      <ErrorBox error={list.error} title="The connections could not be listed" />
      {list.loading && !list.data && <p aria-busy="true">Loading…</p>}
      {list.data && list.data.length === 0 && <p class="empty">No connections yet.</p>}
      {groupsOf(list.data ?? []).map(([group, items]) => (
        <section class="group" aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{group}</h2>
          <Table<Connection>
            caption={`${group} connections`}
            rows={items}
            rowKey={(c) => c.name}
            columns={[
              { header: "Name", cell: (c) => c.name },
              { header: "Type", cell: (c) => c.type },
              {
                header: "Options",
                cell: (c) => (
                  <span class="options-summary">
                    {Object.entries(c.options)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(", ")}
                  </span>
                ),
              },
              { header: "From", cell: (c) => (c.source === "config" ? "configuration" : "saved") },
              {
                header: "Actions",
                cell: (c) => (
                  <div>
                    <span class="actions">
                      <Button
                        onClick={() => test(c.name)}
                        busy={busy === `test:${c.name}`}
                        aria-label={`Test ${c.name}`}
                      >
                        Test
                      </Button>
                      <Button onClick={() => edit(c.name)} aria-label={`Edit ${c.name}`}>
                        Edit
                      </Button>
                      {c.source !== "config" && (
                        <Button kind="danger" onClick={() => remove(c.name)} aria-label={`Delete ${c.name}`}>
                          Delete
                        </Button>
                      )}
                    </span>
                    {tests[c.name] && <TestResult result={tests[c.name]!} name={c.name} />}
                  </div>
                ),
              },
            ]}
          />
        </section>
      ))}
    </section>
  );
}
