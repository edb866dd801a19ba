import { Button } from "../../components/button.tsx";
import { download } from "./download.ts";
import { exportFiles } from "./plan-export.ts";
import { fileKey, fileText, type WorkspaceFile } from "./plan-workspace.ts";
import type { LocatedProblem } from "./step-problems.ts";
import type { WorkspaceState } from "./use-workspace.ts";
import { type FocusRequest, YamlView } from "./yaml-view.tsx";

/** The YAML view: one workspace file at a time (picked by its export name), editable, downloadable. */
export function YamlPane({
  state,
  problemsIn,
  fileIndex,
  onFileIndex,
  focusAt,
}: {
  state: WorkspaceState;
  problemsIn: (file: WorkspaceFile) => readonly LocatedProblem[];
  /** The file shown, by its place in the export list (the editor keeps it, so a refused save can pick one). */
  fileIndex: number;
  onFileIndex: (index: number) => void;
  /** Where to put the cursor in the file shown. */
  focusAt?: FocusRequest | undefined;
}) {
  const { ws } = state;
  const files = exportFiles(ws);
  const current = files[Math.min(fileIndex, files.length - 1)]!;
  const key = fileKey(current.file);
  const draft = state.drafts.get(key);
  return (
    <div class="yaml-pane">
      <div class="field-row">
        <div class="field">
          <label for="yaml-file">File</label>
          <select
            id="yaml-file"
            value={String(fileIndex)}
            onChange={(e) => onFileIndex(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {files.map((f, i) => (
              <option value={String(i)}>
                {f.name}
                {state.drafts.has(fileKey(f.file)) ? " (syntax error)" : ""}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => download(current.name, draft ?? current.text)}>Download {current.name}</Button>
      </div>
      <YamlView
        key={key}
        label={`YAML of ${current.name}`}
        text={fileText(ws, current.file)}
        draft={draft}
        onChange={(t) => state.setText(current.file, t)}
        onDraft={(t) => state.setDraft(current.file, t)}
        problems={problemsIn(current.file)}
        focusAt={focusAt}
      />
    </div>
  );
}
