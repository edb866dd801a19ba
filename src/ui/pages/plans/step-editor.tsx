import { useId } from "preact/hooks";
import { FieldList } from "./field-editor.tsx";
import { KeyProblems } from "./key-problems.tsx";
import { MapEditor } from "./map-editor.tsx";
import { COUNT_KEYS, COUNT_OPTION_KEYS, STEP_KEYS } from "./option-catalogue.ts";
import { checkKeys } from "./option-check.ts";
import type { WorkspaceFile } from "./plan-workspace.ts";
import { isUnder } from "./problem-paths.ts";
import { asObject, type Raw } from "./raw-data.ts";
import type { LocatedProblem } from "./step-problems.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import { NAME_LIST, ValueInput } from "./value-input.tsx";

export interface StepEditorProps {
  readonly file: WorkspaceFile;
  readonly stepIndex: number;
  readonly step: Raw;
  readonly edits: WorkspaceEdits;
  readonly problems: readonly LocatedProblem[];
}

/** One step: name, type, options, count (records, per field, rate) and its fields. */
export function StepEditor({ file, stepIndex, step, edits, problems }: StepEditorProps) {
  const id = useId();
  const path = ["steps", stepIndex] as const;
  const count = asObject(step.count);
  const perField = asObject(count.perField);
  const stepLevel = problems.filter(
    (p) => isUnder(p.path, path) && p.path[2] !== "fields" && p.path.length <= 4,
  );
  const text = (label: string, key: readonly (string | number)[], value: unknown, hint?: string) => (
    <div class="field">
      <label for={`${id}-${key.join("-")}`}>{label}</label>
      <ValueInput
        id={`${id}-${key.join("-")}`}
        value={value}
        raw={key.at(-1) === "name"}
        onValue={(v, typed) => {
          if (typed === "") edits.remove(file, [...path, ...key]);
          else edits.set(file, [...path, ...key], v);
        }}
      />
      {hint && <small class="hint">{hint}</small>}
    </div>
  );
  const doc = (name: string) => COUNT_KEYS.find((k) => k.name === name)?.doc;
  return (
    <section class="step-editor" aria-label={`Step ${String(step.name ?? "")}`}>
      <div class="field-row">
        {text("Step name", ["name"], step.name)}
        {text("Step type", ["type"], step.type, "json, csv, parquet, orc, postgres, kafka, http, …")}
      </div>
      <KeyProblems problems={checkKeys(step, STEP_KEYS, "a step")} file={file} path={path} edits={edits} />
      <KeyProblems
        problems={checkKeys(step.count, COUNT_KEYS, "count")}
        file={file}
        path={[...path, "count"]}
        edits={edits}
      />
      {stepLevel.map((p) => (
        <p class="error-text" role="alert" key={p.message}>
          {p.message}
        </p>
      ))}
      <MapEditor
        file={file}
        path={[...path, "options"]}
        value={step.options}
        edits={edits}
        label="Step options"
        known={[
          { name: "path" },
          { name: "dbtable" },
          { name: "topic" },
          { name: "saveMode" },
          { name: "format" },
        ]}
      />
      <fieldset class="count-editor">
        <legend>Count</legend>
        <div class="field-row">
          {text("Records", ["count", "records"], count.records, doc("records"))}
          {text("Duration", ["count", "duration"], count.duration, doc("duration"))}
          {text("Rate", ["count", "rate"], count.rate, doc("rate"))}
          {text("Rate unit", ["count", "rateUnit"], count.rateUnit, doc("rateUnit"))}
        </div>
        <div class="field-row">
          <div class="field">
            <label for={`${id}-perfield`}>Per field: field names</label>
            <ValueInput
              id={`${id}-perfield`}
              value={perField.fieldNames}
              {...NAME_LIST}
              onValue={(names) => {
                if ((names as string[]).length === 0) edits.remove(file, [...path, "count", "perField"]);
                else edits.set(file, [...path, "count", "perField", "fieldNames"], names);
              }}
            />
            <small class="hint">values of these fields get several rows each</small>
          </div>
          {text("Per field: rows per value", ["count", "perField", "count"], perField.count)}
        </div>
        {count.perField !== undefined && (
          <MapEditor
            file={file}
            path={[...path, "count", "perField", "options"]}
            value={perField.options}
            edits={edits}
            label="Per field: rows per value between (min, max, distribution)"
            known={COUNT_OPTION_KEYS}
          />
        )}
        {count.pattern !== undefined || count.duration !== undefined ? (
          <MapEditor
            file={file}
            path={[...path, "count", "pattern"]}
            value={count.pattern}
            edits={edits}
            label="Load pattern"
            known={[{ name: "type", doc: doc("pattern") ?? "" }, { name: "startRate" }, { name: "endRate" }]}
          />
        ) : null}
      </fieldset>
      <FieldList
        file={file}
        path={[...path, "fields"]}
        fields={step.fields}
        edits={edits}
        problems={problems}
        label="Fields"
      />
    </section>
  );
}
