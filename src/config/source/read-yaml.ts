import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Node, visit } from "yaml";
import {
  type Diagnostic,
  isRowforgeError,
  type PathSegment,
  type SourceLocation,
} from "../../errors/index.ts";
import { parseYamlDocuments } from "./parse-yaml-bounded.ts";
import type { SourceDocument } from "./source-document.ts";

/** Inputs above this size are refused before parsing (plans and tasks are small). */
export const MAX_YAML_BYTES = 8 * 1024 * 1024;
/** Aliases a document may expand; alias bombs blow far past it. */
export const MAX_YAML_ALIASES = 200;

export interface YamlReadResult {
  readonly document: SourceDocument | undefined;
  readonly diagnostics: Diagnostic[];
}

/**
 * Parses YAML keeping positions. Never throws: syntax errors, alias bombs, multiple
 * documents and oversized input become diagnostics with file, line and column.
 */
export function readYaml(text: string, file?: string): YamlReadResult {
  const diagnostics: Diagnostic[] = [];
  const where = (line?: number, column?: number): SourceLocation => ({
    ...(file === undefined ? {} : { file }),
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  });
  if (text.length > MAX_YAML_BYTES) {
    diagnostics.push({
      severity: "error",
      code: "RF_FILE_TOO_LARGE",
      message: `the document is ${text.length} characters long; the limit is ${MAX_YAML_BYTES}`,
      location: where(),
    });
    return { document: undefined, diagnostics };
  }
  const lineCounter = new LineCounter();
  const pos = (offset: number) => lineCounter.linePos(offset);
  let list: ReturnType<typeof parseYamlDocuments>;
  try {
    list = parseYamlDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    if (!isRowforgeError(e) || e.code !== "RF_YAML_TOO_DEEP") throw e;
    diagnostics.push({
      severity: "error",
      code: e.code,
      message: e.message,
      location: where(e.location?.line, e.location?.column),
    });
    return { document: undefined, diagnostics };
  }
  const real = list.filter((d) => d.contents !== null || d.errors.length > 0);
  const doc = real[0] ?? list[0];
  for (const d of list) {
    for (const e of [...d.errors, ...d.warnings]) {
      const p = pos(e.pos[0]);
      const isError = d.errors.includes(e as never);
      diagnostics.push({
        severity: isError ? "error" : "warning",
        code: "RF_YAML_SYNTAX",
        message: e.message.split("\n")[0] ?? e.message,
        location: where(p.line, p.col),
      });
    }
  }
  if (real.length > 1) {
    const second = real[1]!;
    const p = pos(second.range[0]);
    diagnostics.push({
      severity: "error",
      code: "RF_STRUCTURE",
      message:
        "the file holds several YAML documents; rowforge reads one plan, task or configuration per file",
      location: where(p.line, p.col),
      hint: "split the documents into separate files",
    });
  }
  if (!doc || diagnostics.some((d) => d.severity === "error")) return { document: undefined, diagnostics };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    let firstAlias: number | undefined;
    visit(doc, {
      Alias(_, node) {
        firstAlias = node.range?.[0];
        return visit.BREAK;
      },
    });
    const at = firstAlias === undefined ? { line: 1, col: 1 } : pos(firstAlias);
    diagnostics.push({
      severity: "error",
      code: /alias/i.test(message) ? "RF_YAML_ALIAS_LIMIT" : "RF_YAML_SYNTAX",
      message: /alias/i.test(message)
        ? `the document expands more than ${MAX_YAML_ALIASES} aliases (an alias bomb?)`
        : message,
      location: where(at.line, at.col),
    });
    return { document: undefined, diagnostics };
  }

  const locate = (path: readonly PathSegment[], at: "key" | "value" = "value"): SourceLocation => {
    let node: unknown = doc.contents;
    let keyNode: Node | undefined;
    let last: Node | undefined = isNodeLike(node) ? node : undefined;
    for (const seg of path) {
      if (isAlias(node)) node = node.resolve(doc);
      keyNode = undefined;
      if (isMap(node)) {
        const pair = node.items.find(
          (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
        );
        if (!pair) break;
        keyNode = pair.key as Node;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === "number") {
        node = node.items[seg];
      } else break;
      if (isNodeLike(node)) last = node;
      else if (keyNode) last = keyNode;
    }
    const target = at === "key" && keyNode ? keyNode : last;
    const offset = target?.range?.[0];
    if (offset === undefined) return where();
    const p = pos(offset);
    return where(p.line, p.col);
  };

  return { document: { file, value, locate }, diagnostics };
}

function isNodeLike(v: unknown): v is Node {
  return typeof v === "object" && v !== null && "range" in v;
}
