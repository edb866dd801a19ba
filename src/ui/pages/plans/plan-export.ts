import { fileData, type PlanWorkspace, planName, type WorkspaceFile } from "./plan-workspace.ts";

/** A file the user downloads: its name and its YAML text. */
export interface ExportFile {
  readonly file: WorkspaceFile;
  readonly name: string;
  readonly text: string;
}

const safe = (name: string) => name.replace(/[^\w.-]+/g, "_") || "unnamed";
const nameIn = (text: string, fallback: string) => {
  const data = fileData(text);
  return data !== null && typeof data === "object" && typeof (data as { name?: unknown }).name === "string"
    ? (data as { name: string }).name
    : fallback;
};

/**
 * The workspace as the files Data Caterer users keep, named as they lay them out: `plan/<plan>.yaml`,
 * `task/<task>.yaml`, `validation/<name>.yaml` and `configuration.yaml`, each text exactly as edited.
 */
export function exportFiles(ws: PlanWorkspace): ExportFile[] {
  const files: ExportFile[] = [
    { file: { kind: "plan" }, name: `plan/${safe(planName(ws) || "plan")}.yaml`, text: ws.plan },
  ];
  ws.tasks.forEach((text, index) => {
    const name = `task/${safe(nameIn(text, `task_${index + 1}`))}.yaml`;
    files.push({ file: { kind: "task", index }, name, text });
  });
  ws.validations.forEach((text, index) => {
    const name = `validation/${safe(nameIn(text, `validation_${index + 1}`))}.yaml`;
    files.push({ file: { kind: "validation", index }, name, text });
  });
  if (ws.configuration.trim() !== "")
    files.push({ file: { kind: "configuration" }, name: "configuration.yaml", text: ws.configuration });
  return files;
}

/**
 * Every file of the workspace in one YAML text, documents separated by `---`: importing it
 * into an empty workspace gives the same texts back.
 */
export function exportBundle(ws: PlanWorkspace): string {
  return exportFiles(ws)
    .map((f) => (f.text.endsWith("\n") ? f.text : `${f.text}\n`))
    .join("---\n");
}
