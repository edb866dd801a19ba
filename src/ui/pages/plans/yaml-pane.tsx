import { useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { download } from "./download.ts";
import { exportFiles } from "./plan-export.ts";
import { fileText, type WorkspaceFile } from "./plan-workspace.ts";
import type { LocatedProblem } from "./step-problems.ts";
import type { WorkspaceState } from "./use-workspace.ts";
import { YamlView } from "./yaml-view.tsx";

/** The YAML view: one workspace file at a time (picked by its export name), editable, downloadable. */
export function YamlPane({
  state,
  problemsIn,
}: {
  state: WorkspaceState;
  problemsIn: (file: WorkspaceFile) => readonly LocatedProblem[];
}) {
  const { ws } = state;
  const [yamlFile, setYamlFile] = useState(0);
  const files = exportFiles(ws);
  const current = files[Math.min(yamlFile, files.length - 1)]!;
  return (
    <div class="yaml-pane">
      <div class="field-row">
        <div class="field">
          <label for="yaml-file">File</label>
          <select
            id="yaml-file"
            value={String(yamlFile)}
            onChange={(e) => setYamlFile(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {files.map((f, i) => (
              <option value={String(i)}>{f.name}</option>
            ))}
          </select>
        </div>
        <Button onClick={() => download(current.name, current.text)}>Download {current.name}</Button>
      </div>
      <YamlView
        key={current.name}
        label={`YAML of ${current.name}`}
        text={fileText(ws, current.file)}
        onChange={(t) => state.setText(current.file, t)}
        problems={problemsIn(current.file)}
      />
    </div>
  );
}
