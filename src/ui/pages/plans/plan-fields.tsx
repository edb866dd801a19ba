import { asObject, type Raw } from "./raw-data.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";

const PLAN = { kind: "plan" } as const;

/** The plan file's own fields: name, description, and the seed and locale of its sinkOptions. */
export function PlanFields({ plan, edits }: { plan: Raw; edits: WorkspaceEdits }) {
  const sink = asObject(plan.sinkOptions);
  const optional = (key: string) => (v: string) =>
    v === "" ? edits.remove(PLAN, ["sinkOptions", key]) : edits.set(PLAN, ["sinkOptions", key], v);
  return (
    <fieldset class="card">
      <legend>Plan</legend>
      <div class="field-row">
        <PlanText label="Plan name" value={plan.name} onInput={(v) => edits.set(PLAN, ["name"], v)} />
        <PlanText
          label="Description"
          value={plan.description}
          onInput={(v) => edits.set(PLAN, ["description"], v)}
        />
        <PlanText label="Seed" value={sink.seed} onInput={optional("seed")} />
        <PlanText label="Locale" value={sink.locale} onInput={optional("locale")} />
      </div>
    </fieldset>
  );
}

function PlanText({
  label,
  value,
  onInput,
}: {
  label: string;
  value: unknown;
  onInput: (v: string) => void;
}) {
  const id = `plan-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value === undefined || value === null ? "" : String(value)}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
      />
    </div>
  );
}
