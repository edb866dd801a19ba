import { useId } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { KeyProblems } from "./key-problems.tsx";
import { FIELD_KEYS, TYPE_CHOICES } from "./option-catalogue.ts";
import { checkFieldType, checkKeys } from "./option-check.ts";
import { OptionsEditor } from "./options-editor.tsx";
import type { WorkspaceFile } from "./plan-workspace.ts";
import { isUnder } from "./problem-paths.ts";
import { asObject, type Raw } from "./raw-data.ts";
import type { LocatedProblem } from "./step-problems.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import type { YamlPath } from "./yaml-edit.ts";

export interface FieldListProps {
  readonly file: WorkspaceFile;
  /** The path of the `fields` list. */
  readonly path: YamlPath;
  readonly fields: unknown;
  readonly edits: WorkspaceEdits;
  readonly problems: readonly LocatedProblem[];
  /** "Fields" at the top of a step, "Fields of <parent>" inside a struct. */
  readonly label: string;
}

/** A list of fields, each with name, type, options and nested fields; add, remove, reorder. */
export function FieldList({ file, path, fields, edits, problems, label }: FieldListProps) {
  const list = Array.isArray(fields) ? fields : [];
  return (
    <fieldset class="field-list">
      <legend>{label}</legend>
      {list.map((f, i) => (
        <FieldEditor
          key={i}
          file={file}
          path={[...path, i]}
          field={asObject(f)}
          edits={edits}
          problems={problems}
          index={i}
          count={list.length}
        />
      ))}
      <Button
        onClick={() =>
          edits.set(file, [...path, list.length], { name: `field_${list.length + 1}`, type: "string" })
        }
      >
        Add field{label === "Fields" ? "" : ` to ${label.replace(/^Fields of /, "")}`}
      </Button>
    </fieldset>
  );
}

interface FieldEditorProps {
  readonly file: WorkspaceFile;
  readonly path: YamlPath;
  readonly field: Raw;
  readonly edits: WorkspaceEdits;
  readonly problems: readonly LocatedProblem[];
  readonly index: number;
  readonly count: number;
}

function FieldEditor({ file, path, field, edits, problems, index, count }: FieldEditorProps) {
  const id = useId();
  const name = typeof field.name === "string" ? field.name : "";
  const type = typeof field.type === "string" ? field.type : "";
  const typeProblem = checkFieldType(field.type)?.message;
  const mine = problems.filter((p) => isUnder(p.path, path));
  const serverOptionProblems = new Map<string, string>();
  const fieldLevel: string[] = [];
  for (const p of mine) {
    const rest = p.path.slice(path.length);
    if (rest[0] === "options" && typeof rest[1] === "string") serverOptionProblems.set(rest[1], p.message);
    else if (rest[0] !== "fields") fieldLevel.push(p.message);
  }
  const nested = Array.isArray(field.fields);
  const canNest = nested || /^(struct|array)/i.test(type);
  return (
    <div
      class={`field-editor${fieldLevel.length > 0 || typeProblem ? " has-problem" : ""}`}
      data-field={name}
    >
      <div class="field-row">
        <div class="field">
          <label for={`${id}-name`}>Field name</label>
          <input
            id={`${id}-name`}
            value={name}
            onInput={(e) => edits.set(file, [...path, "name"], (e.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <div class={`field${typeProblem ? " field-invalid" : ""}`}>
          <label for={`${id}-type`}>Type of {name || "field"}</label>
          <input
            id={`${id}-type`}
            list={`${id}-types`}
            value={type}
            placeholder="string"
            aria-invalid={typeProblem ? "true" : undefined}
            aria-describedby={typeProblem ? `${id}-type-error` : undefined}
            onInput={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              if (v === "") edits.remove(file, [...path, "type"]);
              else edits.set(file, [...path, "type"], v);
            }}
          />
          <datalist id={`${id}-types`}>
            {TYPE_CHOICES.map((t) => (
              <option value={t} />
            ))}
          </datalist>
          {typeProblem && (
            <small id={`${id}-type-error`} class="error-text" role="alert">
              {typeProblem}
            </small>
          )}
        </div>
        <span class="actions">
          <Button
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => edits.move(file, path, -1)}
          >
            ↑
          </Button>
          <Button
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => edits.move(file, path, 1)}
          >
            ↓
          </Button>
          <Button kind="danger" aria-label={`Remove field ${name}`} onClick={() => edits.remove(file, path)}>
            Remove
          </Button>
        </span>
      </div>
      <KeyProblems
        problems={checkKeys(field, FIELD_KEYS, `field ${name}`)}
        file={file}
        path={path}
        edits={edits}
      />
      {fieldLevel.map((m) => (
        <p class="error-text" role="alert" key={m}>
          {m}
        </p>
      ))}
      <OptionsEditor
        file={file}
        path={[...path, "options"]}
        options={field.options}
        edits={edits}
        serverProblems={serverOptionProblems}
        fieldName={name}
      />
      {nested ? (
        <FieldList
          file={file}
          path={[...path, "fields"]}
          fields={field.fields}
          edits={edits}
          problems={problems}
          label={`Fields of ${name}`}
        />
      ) : (
        canNest && (
          <Button onClick={() => edits.set(file, [...path, "fields"], [{ name: "child", type: "string" }])}>
            Add nested field to {name}
          </Button>
        )
      )}
    </div>
  );
}
