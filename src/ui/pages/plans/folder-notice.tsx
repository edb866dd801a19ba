import type { FolderProblem } from "./plan-api.ts";

/** Where a plan of the server's plan folder was read from, and what the server's loader says about its files. */
export interface FolderOrigin {
  readonly files: readonly string[];
  readonly problems: readonly FolderProblem[];
}

const where = (p: FolderProblem) =>
  p.file === undefined
    ? ""
    : `${p.file}${p.line !== undefined ? `:${p.line}${p.column !== undefined ? `:${p.column}` : ""}` : ""}: `;

/**
 * Said above the editor while a plan folder's plan is open and not saved here yet: its files are
 * read-only (rowforge never writes users' files from the UI), a save keeps a copy that runs by
 * this name then use, and the problems the server's loader found in the files, each at its line.
 */
export function FolderNotice({ folder }: { folder: FolderOrigin }) {
  const errors = folder.problems.filter((p) => p.severity === "error");
  const warnings = folder.problems.filter((p) => p.severity !== "error");
  return (
    <div class="folder-notice" data-testid="folder-notice">
      <p class="hint" role="status">
        Opened from the server's plan folder
        {folder.files.length > 0 ? ` (${folder.files.join(", ")})` : ""}, read-only: saving keeps a copy in
        rowforge; the file in the plan folder is not changed and runs by this name will use the saved copy.
      </p>
      {errors.length + warnings.length > 0 && (
        <ul
          class="folder-problems"
          data-testid="folder-problems"
          aria-label="Problems of the plan folder's files"
        >
          {[...errors, ...warnings].map((p) => (
            <li
              key={`${p.code}-${p.file ?? ""}-${p.line ?? ""}-${p.message}`}
              class={p.severity === "error" ? "error-text" : "muted"}
            >
              {where(p)}
              {p.message} <code>{p.code}</code>
              {p.hint ? <span class="muted"> ({p.hint})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
