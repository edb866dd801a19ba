import { useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { FieldRow, SelectField, TextField } from "../../components/field.tsx";
import { toast } from "../../components/toast.tsx";
import { api, type Connection, type ConnectionTestResult } from "../../lib/api.ts";
import { CONNECTION_GROUPS, CONNECTION_KINDS, STARTER_KEYS } from "../../lib/catalogue.ts";
import { TestResult } from "./test-result.tsx";

const MASK = "***";

interface OptionRow {
  readonly key: string;
  readonly value: string;
}

const rowsOf = (c: Connection | undefined, type: string): OptionRow[] => {
  if (c) return Object.entries(c.options).map(([key, value]) => ({ key, value }));
  const keys = STARTER_KEYS[type] ?? [];
  return keys.map((key) => ({ key, value: "" }));
};

/** A masked value sent back unchanged keeps the stored secret (the server swaps it back). */
const isMasked = (v: string) => v.includes(MASK);

export interface ConnectionFormProps {
  /** The connection being edited (as the API showed it, secrets masked); absent for a new one. */
  readonly editing?: Connection;
  readonly onSaved: (name: string) => void;
  readonly onCancel: () => void;
}

/** Create or edit a connection: name, type, group and its options; test before or after saving. */
export function ConnectionForm({ editing, onSaved, onCancel }: ConnectionFormProps) {
  const [name, setName] = useState(editing?.name ?? "");
  const [type, setType] = useState(editing?.type ?? "postgres");
  const [groupType, setGroupType] = useState(editing?.groupType ?? "");
  const [rows, setRows] = useState<OptionRow[]>(() => rowsOf(editing, editing?.type ?? "postgres"));
  const [error, setError] = useState<unknown>(undefined);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<"save" | "test" | undefined>(undefined);
  const [tested, setTested] = useState<ConnectionTestResult | undefined>(undefined);

  const options = (): Record<string, string> => {
    const o: Record<string, string> = {};
    for (const r of rows) if (r.key.trim() !== "") o[r.key.trim()] = r.value;
    return o;
  };
  const connection = (): Connection => ({
    name: name.trim(),
    type: type.trim(),
    groupType,
    options: options(),
  });
  const setRow = (i: number, change: Partial<OptionRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const validName = () => {
    const n = name.trim();
    const problem =
      n === ""
        ? "a connection needs a name"
        : !/^[A-Za-z0-9_-]+$/.test(n)
          ? "use letters, digits, - and _ only"
          : n.length > 100
            ? "at most 100 characters"
            : undefined;
    setNameError(problem);
    return problem === undefined;
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!validName()) return;
    setBusy("save");
    setError(undefined);
    try {
      await api.saveConnection(connection());
      toast(`Connection ${name.trim()} saved`, "success");
      onSaved(name.trim());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };

  const test = async () => {
    setBusy("test");
    setError(undefined);
    setTested(undefined);
    try {
      const c = connection();
      // A form still holding masked secrets is tested as saved (the server has the real values).
      const masked = editing && Object.values(c.options).some(isMasked);
      setTested(masked ? await api.testSavedConnection(editing.name) : await api.testConnection(c));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form
      class="card"
      aria-label={editing ? `Edit connection ${editing.name}` : "New connection"}
      onSubmit={save}
    >
      <h2>{editing ? `Edit ${editing.name}` : "New connection"}</h2>
      <FieldRow>
        <TextField label="Name" name="name" value={name} onInput={setName} error={nameError} required />
        <div class="field">
          <label for="connection-type">Type</label>
          <input
            id="connection-type"
            name="type"
            list="connection-types"
            value={type}
            required
            onInput={(e) => {
              const t = (e.currentTarget as HTMLInputElement).value;
              setType(t);
              if (!editing && rows.every((r) => r.value === "")) setRows(rowsOf(undefined, t));
            }}
          />
          <datalist id="connection-types">
            {CONNECTION_KINDS.map((t) => (
              <option value={t} />
            ))}
          </datalist>
        </div>
        <SelectField
          label="Group"
          name="groupType"
          value={groupType}
          options={[{ value: "", label: "(from the type)" }, ...CONNECTION_GROUPS]}
          onChange={setGroupType}
        />
      </FieldRow>
      <fieldset>
        <legend>Options</legend>
        {rows.map((r, i) => (
          <div class="option-row">
            <input
              aria-label={`Option ${i + 1} name`}
              placeholder="key"
              value={r.key}
              onInput={(e) => setRow(i, { key: (e.currentTarget as HTMLInputElement).value })}
            />
            <input
              aria-label={`Option ${r.key || i + 1} value`}
              type={(isMasked(r.value) ? "password" : "text") as "text"}
              placeholder={isMasked(r.value) ? "unchanged" : "value"}
              value={r.value}
              autocomplete="off"
              onInput={(e) => setRow(i, { value: (e.currentTarget as HTMLInputElement).value })}
            />
            <Button
              aria-label={`Remove option ${r.key || i + 1}`}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
            {isMasked(r.value) && <small class="hint">stored secret kept unless you type a new one</small>}
          </div>
        ))}
        <Button onClick={() => setRows([...rows, { key: "", value: "" }])}>Add option</Button>
      </fieldset>
      <ErrorBox error={error} title="The connection was not saved" />
      {tested && <TestResult result={tested} />}
      <div class="actions">
        <Button kind="primary" type="submit" busy={busy === "save"}>
          Save
        </Button>
        <Button onClick={test} busy={busy === "test"}>
          Test
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
