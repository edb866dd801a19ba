import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
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
