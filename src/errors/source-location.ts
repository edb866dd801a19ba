/** Where a problem is: file, 1-based line and column, and the path inside the document. */
export interface SourceLocation {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** Path inside the document, written as `steps[2].fields[4].options.min`. */
  readonly path?: string;
}

export type PathSegment = string | number;

/** Renders `["steps", 2, "fields", 4, "options", "min"]` as `steps[2].fields[4].options.min`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** `file:line:column` (parts that are unknown are left out). */
export function formatLocation(loc: SourceLocation | undefined): string {
  if (!loc) return "";
  let out = loc.file ?? "";
  if (loc.line !== undefined) {
    out += `${out ? ":" : "line "}${loc.line}`;
    if (loc.column !== undefined) out += `:${loc.column}`;
  }
  return out;
}
