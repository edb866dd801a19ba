import { Button } from "../../components/button.tsx";
import type { InputProblem } from "./option-check.ts";
import type { WorkspaceFile } from "./plan-workspace.ts";
import type { WorkspaceEdits } from "./use-workspace.ts";
import type { YamlPath } from "./yaml-edit.ts";

/** Unknown keys of a mapping the form edits, each with buttons that rename it to a near known key. */
export function KeyProblems({
  problems,
  file,
  path,
  edits,
}: {
  problems: readonly InputProblem[];
  file: WorkspaceFile;
  /** The path of the mapping the keys are in. */
  path: YamlPath;
  edits: WorkspaceEdits;
}) {
  if (problems.length === 0) return null;
  return (
    <ul class="key-problems">
      {problems.map((p) => (
        <li key={p.key}>
          <span class="error-text" role="alert">
            {p.message}
          </span>
          {p.suggestions?.map((s) => (
            <Button class="btn-link" key={s} onClick={() => edits.rename(file, [...path, p.key], s)}>
              use {s}
            </Button>
          ))}
        </li>
      ))}
    </ul>
  );
}
