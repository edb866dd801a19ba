import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { YamlPath } from "./yaml-edit.ts";

/** A 1-based line and column in a text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** A syntax problem of YAML text, where it is. */
export interface YamlProblem extends TextPosition {
  readonly message: string;
}

/** The syntax errors of YAML text (none when it parses), each with its line and column. */
export function yamlProblems(text: string): YamlProblem[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  return doc.errors.map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    return { message: e.message.split("\n")[0]!, line: pos.line, column: pos.col };
  });
}

/**
 * Where the node at `path` starts (the key's position for a mapping value, so an error about
 * an option points at its name), or the nearest ancestor that exists.
 */
export function positionOf(text: string, path: YamlPath): TextPosition | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  for (let n = path.length; n >= 0; n--) {
    const at = path.slice(0, n);
    const offset = n === 0 ? (doc.contents as Node | null)?.range?.[0] : keyOrNodeOffset(doc, at);
    if (offset !== undefined) {
      const pos = lineCounter.linePos(offset);
      return { line: pos.line, column: pos.col };
    }
  }
  return undefined;
}

function keyOrNodeOffset(doc: ReturnType<typeof parseDocument>, path: YamlPath): number | undefined {
  const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
  const last = path.at(-1);
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
    return (pair?.key as Node | undefined)?.range?.[0];
  }
  if (isSeq(parent) && typeof last === "number") return (parent.items[last] as Node | undefined)?.range?.[0];
  return undefined;
}

/** The deepest path whose node holds the 1-based `line` (for following the cursor of the YAML view). */
export function pathAtLine(text: string, line: number): YamlPath {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const path: (string | number)[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    let next: { seg: string | number; node: unknown } | undefined;
    if (isMap(node)) {
      for (const p of node.items) {
        if (!isPair(p) || !isScalar(p.key) || !p.key.range) continue;
        const end = (p.value as Node | null)?.range?.[1] ?? p.key.range[1];
        if (lineOf(p.key.range[0]) <= line && line <= lineOf(Math.max(p.key.range[0], end - 1)))
          next = { seg: String(p.key.value), node: p.value };
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const r = (item as Node | null)?.range;
        if (r && lineOf(r[0]) <= line && line <= lineOf(Math.max(r[0], r[1] - 1)))
          next = { seg: i, node: item };
      });
    }
    if (!next) return path;
    path.push(next.seg);
    node = next.node;
  }
}
