import { useId, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { useAsync } from "../../components/use-async.ts";
import { planApi, type TableRef } from "./plan-api.ts";
import type { WorkspaceFile } from "./plan-workspace.ts";
import { asList, asObject, type Raw } from "./raw-data.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";

export interface TablePickerProps {
  /** The database connection the step's task is bound to. */
  readonly connection: string;
  readonly file: WorkspaceFile;
  readonly stepIndex: number;
  readonly step: Raw;
  readonly edits: WorkspaceEdits;
}

/** The table a ref stands for, as a step's options name it (`schema.table`, `keyspace.table`). */
const tableOf = (options: Readonly<Record<string, unknown>>): string =>
  typeof options.dbtable === "string"
    ? options.dbtable
    : typeof options.table === "string"
      ? [options.keyspace, options.table].filter((p) => typeof p === "string" && p !== "").join(".")
      : "";

/**
 * A database step's table, picked from its connection's tables (read through the API), and its
 * columns offered as the step's fields: the fields become the table's columns, those the step
 * already has kept as written, columns the database fills (computed, unsupported types) left out.
 */
export function TablePicker({ connection, file, stepIndex, step, edits }: TablePickerProps) {
  const id = useId();
  const tables = useAsync(() => planApi.tables(connection), [connection]);
  const [failed, setFailed] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const options = asObject(step.options);
  const current = tableOf(options);
  const stepName = String(step.name ?? "");
  const path = ["steps", stepIndex] as const;
  const pick = (t: TableRef) => {
    for (const [key, value] of Object.entries(t.options)) edits.set(file, [...path, "options", key], value);
  };
  const takeColumns = async () => {
    setBusy(true);
    try {
      const { columns } = await planApi.columns(connection, current);
      const fields = asList(step.fields).map(asObject);
      const made = columns
        .filter((c) => c.type !== undefined && c.omitted === undefined)
        .map((c) => fields.find((f) => f.name === c.name) ?? { name: c.name, type: c.type });
      edits.set(file, [...path, "fields"], made);
      setFailed(undefined);
    } catch (e) {
      setFailed(e);
    } finally {
      setBusy(false);
    }
  };
  const list = tables.data ?? [];
  return (
    <fieldset class="table-picker">
      <legend>Table of {connection}</legend>
      <div class="field-row">
        <div class="field">
          <label for={`${id}-table`}>Table of {stepName}</label>
          <select
            id={`${id}-table`}
            value={current}
            aria-busy={tables.loading ? "true" : "false"}
            onChange={(e) => {
              const t = list.find((x) => tableOf(x.options) === (e.currentTarget as HTMLSelectElement).value);
              if (t) pick(t);
            }}
          >
            {!list.some((t) => tableOf(t.options) === current) && (
              <option value={current}>{current || "(choose)"}</option>
            )}
            {list.map((t) => (
              <option key={tableOf(t.options)} value={tableOf(t.options)}>
                {tableOf(t.options)}
              </option>
            ))}
          </select>
        </div>
        <Button busy={busy} disabled={current === ""} onClick={() => void takeColumns()}>
          Use the columns of {current || "the table"} as fields
        </Button>
      </div>
      <ErrorBox error={tables.error ?? failed} title="The tables could not be read" />
    </fieldset>
  );
}
