import { exportFiles } from "./plan-export.ts";
import { fileKey, type PlanWorkspace, type WorkspaceFile } from "./plan-workspace.ts";
import { yamlProblems } from "./yaml-locate.ts";

/** A text Save must not send: it does not parse. Which file, its export name, where and why. */
export interface SyntaxBlock {
  readonly file: WorkspaceFile;
  readonly name: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * The first file whose text as the user last typed it (the YAML view's draft, else the
 * workspace's text) does not parse, in the order the YAML view lists the files; undefined when
 * every text parses.
 */
export function firstSyntaxBlock(
  ws: PlanWorkspace,
  drafts: ReadonlyMap<string, string>,
): SyntaxBlock | undefined {
  for (const f of exportFiles(ws)) {
    const problem = yamlProblems(drafts.get(fileKey(f.file)) ?? f.text)[0];
    if (problem) return { file: f.file, name: f.name, ...problem };
  }
  return undefined;
}

/** What the editor says when Save is refused. */
export const syntaxBlockMessage = (b: SyntaxBlock): string =>
  `${b.name} has a YAML syntax error at line ${b.line}, column ${b.column}: ${b.message}. Nothing was sent: fix it in the YAML view, then save.`;
