import { MapEditor } from "./map-editor.tsx";
import { CONFIGURATION_SECTIONS } from "./option-catalogue.ts";
import { fileData, type WorkspaceFile } from "./plan-workspace.ts";
import type { WorkspaceState } from "./use-workspace.ts";
import type { YamlPath } from "./yaml-edit.ts";

const FILE = { kind: "configuration" } as const;

/** POST /plan's `configuration`: flags, folders, generation, validation and alert settings. */
export function ConfigurationEditor({ state }: { state: WorkspaceState }) {
  const text = state.ws.configuration.trim() === "" ? "{}" : state.ws.configuration;
  const data = fileData(text);
  const obj = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  const edits = {
    ...state,
    set: (f: WorkspaceFile, p: YamlPath, v: unknown) => {
      if (state.ws.configuration.trim() === "") state.setText(FILE, "{}\n");
      state.set(f, p, v);
    },
  };
  return (
    <section aria-label="Configuration">
      {Object.entries(CONFIGURATION_SECTIONS).map(([section, keys]) => (
        <MapEditor
          key={section}
          file={FILE}
          path={[section]}
          value={obj[section]}
          edits={edits}
          label={`Configuration: ${section}`}
          known={keys}
        />
      ))}
    </section>
  );
}
