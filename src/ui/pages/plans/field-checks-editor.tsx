import { useId } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { MapEditor } from "./map-editor.tsx";
import { FIELD_CHECK_PARAMS, FIELD_CHECK_TYPES } from "./option-catalogue.ts";
import type { WorkspaceFile } from "./plan-workspace.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import type { YamlPath } from "./yaml-edit.ts";

type Raw = Record<string, unknown>;

/** A field validation's checks (`validation: [{type, ...}]`): the type from the reader's list, then its parameters. */
export function FieldChecksEditor({
  file,
  path,
  checks,
  edits,
  field,
}: {
  file: WorkspaceFile;
  path: YamlPath;
  checks: unknown;
  edits: WorkspaceEdits;
  field: string;
}) {
  const id = useId();
  const list = Array.isArray(checks) ? checks : [];
  return (
    <fieldset class="field-checks">
      <legend>Checks of {field}</legend>
      {list.map((c, i) => {
        const check = (c && typeof c === "object" ? c : {}) as Raw;
        const type = typeof check.type === "string" ? check.type : "";
        return (
          <div class="field-check" key={i}>
            <div class="field">
              <label for={`${id}-${i}`}>
                Check {i + 1} of {field}
              </label>
              <select
                id={`${id}-${i}`}
                value={type}
                onChange={(e) =>
                  edits.set(file, [...path, i, "type"], (e.currentTarget as HTMLSelectElement).value)
                }
              >
                {!(FIELD_CHECK_TYPES as readonly string[]).includes(type) && (
                  <option value={type}>{type}</option>
                )}
                {FIELD_CHECK_TYPES.map((t) => (
                  <option value={t}>{t}</option>
                ))}
              </select>
            </div>
            <MapEditor
              file={file}
              path={[...path, i]}
              value={check}
              edits={edits}
              label={`Parameters of check ${i + 1} of ${field}`}
              known={FIELD_CHECK_PARAMS}
              exclude={["type"]}
            />
            <Button onClick={() => edits.remove(file, [...path, i])}>
              Remove check {i + 1} of {field}
            </Button>
          </div>
        );
      })}
      <Button onClick={() => edits.set(file, [...path, list.length], { type: "null", negate: true })}>
        Add check to {field}
      </Button>
    </fieldset>
  );
}
