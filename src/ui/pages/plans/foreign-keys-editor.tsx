import { useId } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { MapEditor } from "./map-editor.tsx";
import { FOREIGN_KEY_TARGET_KEYS } from "./option-catalogue.ts";
import { asObject, type Raw } from "./raw-data.ts";
import type { StepRef } from "./step-refs.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import { NAME_LIST, ValueInput } from "./value-input.tsx";

const PLAN = { kind: "plan" } as const;
/** The keys the step and field pickers edit; a target's other keys are edited as a mapping. */
const RELATION = ["dataSource", "step", "fields"];

/** sinkOptions.foreignKeys: a source step and fields, and the target steps whose fields take its values. */
export function ForeignKeysEditor({
  foreignKeys,
  steps,
  edits,
}: {
  foreignKeys: unknown;
  steps: readonly StepRef[];
  edits: WorkspaceEdits;
}) {
  const list = Array.isArray(foreignKeys) ? foreignKeys : [];
  const base = ["sinkOptions", "foreignKeys"];
  const first = steps[0];
  return (
    <fieldset class="foreign-keys">
      <legend>Foreign keys</legend>
      {list.map((fk, i) => {
        const o = asObject(fk);
        const targets = Array.isArray(o.generate) ? o.generate : [];
        return (
          <div class="card fk" key={i}>
            <Relation
              label={`Foreign key ${i + 1} source`}
              value={asObject(o.source)}
              steps={steps}
              onChange={(v) => edits.set(PLAN, [...base, i, "source"], v)}
            />
            {targets.map((t, j) => (
              <div class="fk-target" key={j}>
                <Relation
                  label={`Foreign key ${i + 1} target ${j + 1}`}
                  value={asObject(t)}
                  steps={steps}
                  onChange={(v) => edits.set(PLAN, [...base, i, "generate", j], { ...asObject(t), ...v })}
                />
                <MapEditor
                  file={PLAN}
                  path={[...base, i, "generate", j]}
                  value={t}
                  edits={edits}
                  label={`Foreign key ${i + 1} target ${j + 1}: cardinality, nullability, generation mode`}
                  known={FOREIGN_KEY_TARGET_KEYS.filter((k) => !RELATION.includes(k.name))}
                  exclude={RELATION}
                />
                <Button onClick={() => edits.remove(PLAN, [...base, i, "generate", j])}>Remove target</Button>
              </div>
            ))}
            <span class="actions">
              <Button
                onClick={() =>
                  edits.set(PLAN, [...base, i, "generate", targets.length], {
                    dataSource: first?.dataSource ?? "",
                    step: first?.step ?? "",
                    fields: [first?.fields[0] ?? ""],
                  })
                }
              >
                Add target
              </Button>
              <Button kind="danger" onClick={() => edits.remove(PLAN, [...base, i])}>
                Remove foreign key
              </Button>
            </span>
          </div>
        );
      })}
      <Button
        disabled={!first}
        onClick={() =>
          edits.set(PLAN, [...base, list.length], {
            source: {
              dataSource: first?.dataSource ?? "",
              step: first?.step ?? "",
              fields: [first?.fields[0] ?? ""],
            },
            generate: [],
          })
        }
      >
        Add foreign key
      </Button>
    </fieldset>
  );
}

function Relation({
  label,
  value,
  steps,
  onChange,
}: {
  label: string;
  value: Raw;
  steps: readonly StepRef[];
  onChange: (v: Raw) => void;
}) {
  const id = useId();
  const key = `${String(value.dataSource ?? "")}/${String(value.step ?? "")}`;
  const current = steps.find((s) => `${s.dataSource}/${s.step}` === key);
  const fields = Array.isArray(value.fields) ? value.fields.map(String) : [];
  return (
    <fieldset class="field-row relation">
      <legend class="visually-hidden">{label}</legend>
      <div class="field">
        <label for={`${id}-step`}>{label}: step</label>
        <select
          id={`${id}-step`}
          value={key}
          onChange={(e) => {
            const s = steps.find(
              (x) => `${x.dataSource}/${x.step}` === (e.currentTarget as HTMLSelectElement).value,
            );
            if (s) onChange({ dataSource: s.dataSource, step: s.step, fields: [s.fields[0] ?? ""] });
          }}
        >
          {!current && <option value={key}>{key}</option>}
          {steps.map((s) => (
            <option value={`${s.dataSource}/${s.step}`}>
              {s.dataSource} / {s.step}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-fields`}>{label}: fields</label>
        <ValueInput
          id={`${id}-fields`}
          list={`${id}-names`}
          value={fields}
          {...NAME_LIST}
          onValue={(names) => onChange({ dataSource: value.dataSource, step: value.step, fields: names })}
        />
        <datalist id={`${id}-names`}>
          {(current?.fields ?? []).map((f) => (
            <option value={f} />
          ))}
        </datalist>
      </div>
    </fieldset>
  );
}
