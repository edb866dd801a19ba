import { relative } from "node:path";
import type { Diagnostic } from "../errors/index.ts";

export interface FormatOptions {
  readonly cwd: string;
  readonly color: boolean;
}

const paint = (on: boolean, code: number, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** One problem like a compiler prints it: `file:line:col: error CODE: message (at path)` and a hint line. */
export function formatDiagnostic(d: Diagnostic, o: FormatOptions): string {
  const loc = d.location;
  const file = loc?.file ? relative(o.cwd, loc.file) || loc.file : "";
  const where = [file, loc?.line, loc?.column].filter((x) => x !== undefined && x !== "").join(":");
  const severity = d.severity === "error" ? paint(o.color, 31, "error") : paint(o.color, 33, "warning");
  const at = loc?.path ? ` (at ${loc.path})` : "";
  const head = `${where ? `${where}: ` : ""}${severity} ${d.code}: ${d.message}${at}`;
  return d.hint ? `${head}\n    ${paint(o.color, 2, `hint: ${d.hint}`)}` : head;
}

/** Sorted by file, line and column so output is stable and reads top to bottom. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.location?.file ?? "").localeCompare(b.location?.file ?? "") ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );
}
