import { useId } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { KeyAdder } from "./key-adder.tsx";
import type { WorkspaceFile } from "./plan-workspace.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import { ValueInput } from "./value-input.tsx";
import type { YamlPath } from "./yaml-edit.ts";

export interface MapEditorProps {
  readonly file: WorkspaceFile;
  readonly path: YamlPath;
  readonly value: unknown;
  readonly edits: WorkspaceEdits;
  readonly label: string;
  /** Keys offered when adding one (with their documentation). */
  readonly known?: readonly { readonly name: string; readonly doc?: string }[];
  /** Keys another editor shows (left out here). */
  readonly exclude?: readonly string[];
}

/** A mapping of names to values (step options, a configuration section): edit, add, remove. */
export function MapEditor({ file, path, value, edits, label, known = [], exclude = [] }: MapEditorProps) {
  const id = useId();
  const entries = (
    value && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : []
  ).filter(([k]) => !exclude.includes(k));
  const docs = new Map(known.map((k) => [k.name, k.doc ?? ""]));
  return (
    <fieldset class="map-editor">
      <legend>{label}</legend>
      {entries.map(([key, v]) => (
        <div class="option-row" key={key}>
          <label for={`${id}-${key}`}>{key}</label>
          <ValueInput
            id={`${id}-${key}`}
            value={v}
            onValue={(value) => edits.set(file, [...path, key], value)}
          />
          <Button
            aria-label={`Remove ${key} from ${label}`}
            onClick={() => edits.remove(file, [...path, key])}
          >
            ×
          </Button>
          {docs.get(key) && <small class="hint">{docs.get(key)}</small>}
        </div>
      ))}
      <div class="option-add">
        <KeyAdder
          list={`${id}-known`}
          label={`Add to ${label}`}
          placeholder="add key…"
          button="Add"
          onAdd={(key) => edits.set(file, [...path, key], "")}
        />
        <datalist id={`${id}-known`}>
          {known.map((k) => (
            <option value={k.name}>{k.doc}</option>
          ))}
        </datalist>
      </div>
    </fieldset>
  );
}
