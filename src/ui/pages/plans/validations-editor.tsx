import { Button } from "../../components/button.tsx";
import { FieldChecksEditor } from "./field-checks-editor.tsx";
import { MapEditor } from "./map-editor.tsx";
import { FIELD_CHECK_TYPES, VALIDATION_KEYS } from "./option-catalogue.ts";
import { fileData, type PlanWorkspace } from "./plan-workspace.ts";
import { asObject } from "./raw-data.ts";
import type { WorkspaceState } from "./use-workspace.ts";

/**
 * Validation files (Data Caterer's shape: name, dataSources: {<data source>: [{options, validations}]}):
 * each validation's keys (expr, field with its checks, errorThreshold, preFilterExpr, group by, ...).
 */
export function ValidationsEditor({
  state,
  dataSources,
}: {
  state: WorkspaceState;
  dataSources: readonly string[];
}) {
  const { ws } = state;
  return (
    <section aria-label="Validations">
      {ws.validations.map((text, index) => {
        const file = { kind: "validation", index } as const;
        const data = asObject(fileData(text));
        const blocks = Object.entries(asObject(data.dataSources));
        return (
          <fieldset class="card" key={index}>
            <legend>Validation file {String(data.name ?? index + 1)}</legend>
            {blocks.map(([ds, list]) =>
              (Array.isArray(list) ? list : []).map((block, b) => {
                const validations = asObject(block).validations;
                const items = Array.isArray(validations) ? validations : [];
                return (
                  <div key={`${ds}-${b}`}>
                    <h3>
                      {ds} #{b + 1}
                    </h3>
                    {items.map((v, i) => {
                      const path = ["dataSources", ds, b, "validations", i];
                      const o = asObject(v);
                      const checks = Array.isArray(o.validation) && typeof o.field === "string";
                      return (
                        <div class="validation" key={i}>
                          <MapEditor
                            file={file}
                            path={path}
                            value={v}
                            edits={state}
                            label={`Validation ${i + 1} of ${ds}`}
                            known={VALIDATION_KEYS}
                            exclude={checks ? ["validation"] : []}
                          />
                          {checks && (
                            <FieldChecksEditor
                              file={file}
                              path={[...path, "validation"]}
                              checks={o.validation}
                              edits={state}
                              field={String(o.field)}
                            />
                          )}
                          <Button kind="danger" onClick={() => state.remove(file, path)}>
                            Remove validation {i + 1}
                          </Button>
                        </div>
                      );
                    })}
                    <span class="actions">
                      <Button
                        onClick={() =>
                          state.set(file, ["dataSources", ds, b, "validations", items.length], {
                            expr: "true",
                          })
                        }
                      >
                        Add expression check to {ds}
                      </Button>
                      <Button
                        onClick={() =>
                          state.set(file, ["dataSources", ds, b, "validations", items.length], {
                            field: "id",
                            validation: [{ type: FIELD_CHECK_TYPES[0], negate: true }],
                          })
                        }
                      >
                        Add field check to {ds}
                      </Button>
                    </span>
                  </div>
                );
              }),
            )}
          </fieldset>
        );
      })}
      <Button onClick={() => state.replace(withValidation(ws, dataSources[0] ?? "json"))}>
        Add validation file
      </Button>
    </section>
  );
}

function withValidation(ws: PlanWorkspace, ds: string): PlanWorkspace {
  const name = `validations_${ws.validations.length + 1}`;
  const text = `name: ${name}\ndataSources:\n  ${ds}:\n    - validations:\n        - expr: "true"\n          errorThreshold: 0\n`;
  return { ...ws, validations: [...ws.validations, text] };
}
