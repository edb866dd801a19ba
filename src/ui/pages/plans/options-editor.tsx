import { useId } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { KeyAdder } from "./key-adder.tsx";
import { FIELD_OPTION_BY_NAME, FIELD_OPTIONS } from "./option-catalogue.ts";
import { checkFieldOptions } from "./option-check.ts";
import type { WorkspaceFile } from "./plan-workspace.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import { ValueInput } from "./value-input.tsx";
import type { YamlPath } from "./yaml-edit.ts";

export interface OptionsEditorProps {
  readonly file: WorkspaceFile;
  /** The path of the field's `options` mapping. */
  readonly path: YamlPath;
  readonly options: unknown;
  readonly edits: WorkspaceEdits;
  /** Messages of the server's sample about these options, by option name. */
  readonly serverProblems: ReadonlyMap<string, string>;
  readonly fieldName: string;
}

/**
 * A field's generator options: one row per option with its documentation, checked as the user
 * types (unknown name with "did you mean" buttons, value of the wrong kind), and a picker of
 * every option the loader knows to add one.
 */
export function OptionsEditor({ file, path, options, edits, serverProblems, fieldName }: OptionsEditorProps) {
  const listId = useId();
  const entries =
    options && typeof options === "object" && !Array.isArray(options) ? Object.entries(options) : [];
  const problems = new Map(checkFieldOptions(options).map((p) => [p.key, p]));
  return (
    <div class="options-editor">
      <datalist id={listId}>
        {FIELD_OPTIONS.map((o) => (
          <option value={o.name}>{o.doc.slice(0, 80)}</option>
        ))}
      </datalist>
      {entries.map(([key, value]) => {
        const local = problems.get(key);
        const message = local?.message ?? serverProblems.get(key);
        const doc = FIELD_OPTION_BY_NAME.get(key)?.doc;
        const inputId = `${listId}-${key}`;
        return (
          <div class={`option-row${message ? " field-invalid" : ""}`} key={key}>
            <label for={inputId}>{key}</label>
            <ValueInput
              id={inputId}
              aria-label={`${fieldName} option ${key}`}
              aria-invalid={message ? "true" : undefined}
              aria-describedby={`${inputId}-doc`}
              value={value}
              onValue={(v) => edits.set(file, [...path, key], v)}
            />
            <Button
              aria-label={`Remove option ${key} of ${fieldName}`}
              onClick={() => edits.remove(file, [...path, key])}
            >
              ×
            </Button>
            <small
              id={`${inputId}-doc`}
              class={message ? "error-text" : "hint"}
              role={message ? "alert" : undefined}
            >
              {message ?? doc ?? ""}
            </small>
            {local?.suggestions?.map((s) => (
              <Button class="btn-link" onClick={() => edits.rename(file, [...path, key], s)} key={s}>
                use {s}
              </Button>
            ))}
          </div>
        );
      })}
      <div class="option-add">
        <KeyAdder
          list={listId}
          label={`Add an option to ${fieldName}`}
          placeholder="add option…"
          button="Add option"
          buttonLabel={`Add the option to ${fieldName}`}
          onAdd={(name) =>
            edits.set(file, [...path, name], FIELD_OPTION_BY_NAME.get(name)?.group === "helper" ? true : "")
          }
        />
      </div>
    </div>
  );
}
