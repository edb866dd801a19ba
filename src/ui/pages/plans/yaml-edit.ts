import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  type Scalar,
  stringify,
} from "yaml";

/** A path into a YAML document: map keys and list indexes, as `doc.getIn` takes them. */
export type YamlPath = readonly (string | number)[];

/** An edit the form cannot make: the text does not parse, or a renamed key exists already (the editor shows it). */
export class YamlEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "YamlEditError";
  }
}

/** How a whole document is written again when an edit cannot be a splice of the text. */
const REWRITE = { lineWidth: 0, flowCollectionPadding: false } as const;

/**
 * Edits of YAML text that keep everything the edit does not touch: the text is the source of
 * truth, so unknown keys, comments, quoting and layout survive a form edit. An edit is first
 * tried as a splice of the text (a scalar replaced in place, a key added to a block mapping,
 * an item appended to a block list, a key or item removed with its lines) and the result is
 * checked by parsing it again: it must hold exactly the expected data. When no splice fits
 * (flow collections, a missing parent, ...), the `yaml` Document is edited and written again:
 * data and comments are kept, the layout may change.
 */
export function setIn(text: string, path: YamlPath, value: unknown): string {
  const doc = parsed(text);
  const expected = withValue(doc.toJS(), path, value);
  for (const splice of [replaceScalar, addToMap, appendToSeq]) {
    const out = splice(text, doc, path, value);
    if (out !== undefined && holds(out, expected)) return out;
  }
  if (path.length === 0) return stringify(value, REWRITE);
  // An empty flow collection (`tasks: []`) being filled is written in block style, as users write lists.
  for (let n = 0; n < path.length; n++) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    if ((isMap(node) || isSeq(node)) && node.flow && node.items.length === 0) node.flow = false;
  }
  doc.setIn(path, doc.createNode(value));
  return doc.toString(REWRITE);
}

/** Removes the key or list item at `path` (nothing happens when there is none). */
export function deleteIn(text: string, path: YamlPath): string {
  const doc = parsed(text);
  if (path.length === 0 || !doc.hasIn(path)) return text;
  const expected = withoutValue(doc.toJS(), path);
  const out = removeLines(text, doc, path);
  if (out !== undefined && holds(out, expected)) return out;
  doc.deleteIn(path);
  return doc.toString(REWRITE);
}

/** Renames the key at `path` to `to`, in place (its value, comments and position kept). */
export function renameKey(text: string, path: YamlPath, to: string): string {
  const doc = parsed(text);
  const parent = path.length > 0 ? doc.getIn(path.slice(0, -1), true) : undefined;
  const from = path.at(-1);
  if (!isMap(parent) || typeof from !== "string" || from === to) return text;
  if (parent.has(to)) throw new YamlEditError(`"${to}" is already a key here`);
  const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === from);
  if (!pair) return text;
  const expected = renamed(doc.toJS(), path, to);
  const key = pair.key as Scalar;
  if (key.range && (key.type === "PLAIN" || key.type === "QUOTE_DOUBLE" || key.type === "QUOTE_SINGLE")) {
    const out = text.slice(0, key.range[0]) + scalarText(to, key.type) + text.slice(key.range[1]);
    if (holds(out, expected)) return out;
  }
  key.value = to;
  return doc.toString(REWRITE);
}

/** Moves the list item at `path` by `by` places (-1 up, 1 down). */
export function moveItem(text: string, path: YamlPath, by: number): string {
  const doc = parsed(text);
  const seq = doc.getIn(path.slice(0, -1), true);
  const i = path.at(-1);
  if (!isSeq(seq) || typeof i !== "number") return text;
  const j = i + by;
  if (j < 0 || j >= seq.items.length) return text;
  const [item] = seq.items.splice(i, 1);
  seq.items.splice(j, 0, item);
  return doc.toString(REWRITE);
}

function parsed(text: string): Document {
  const doc = parseDocument(text);
  if (doc.errors.length > 0)
    throw new YamlEditError(`fix the YAML first: ${doc.errors[0]!.message.split("\n")[0]}`);
  return doc;
}

// ---- splices ----------------------------------------------------------------------------

type Splice = (text: string, doc: Document, path: YamlPath, value: unknown) => string | undefined;

const isScalarValue = (v: unknown): v is string | number | boolean | null =>
  v === null ||
  typeof v === "string" ||
  typeof v === "boolean" ||
  (typeof v === "number" && Number.isFinite(v));

const replaceScalar: Splice = (text, doc, path, value) => {
  const node = doc.getIn(path, true);
  if (!isScalar(node) || !node.range || !isScalarValue(value)) return undefined;
  if (node.type !== "PLAIN" && node.type !== "QUOTE_DOUBLE" && node.type !== "QUOTE_SINGLE") return undefined;
  const [start, end] = node.range;
  const gap = start === end && text[start - 1] === ":" ? " " : "";
  return text.slice(0, start) + gap + scalarText(value, node.type) + text.slice(end);
};

const addToMap: Splice = (text, doc, path, value) => {
  const key = path.at(-1);
  const parent = doc.getIn(path.slice(0, -1), true);
  if (typeof key !== "string" || !isMap(parent) || parent.flow || parent.items.length === 0) return undefined;
  if (parent.has(key) || !parent.range) return undefined;
  const first = parent.items[0]!.key as Node | null;
  if (!first?.range) return undefined;
  const indent = " ".repeat(columnOf(text, first.range[0]));
  const lines = entryLines(`${keyText(key)}:`, value, indent);
  return insertAt(text, parent.range[1], lines);
};

const appendToSeq: Splice = (text, doc, path, value) => {
  const index = path.at(-1);
  const parent = doc.getIn(path.slice(0, -1), true);
  if (!isSeq(parent) || parent.flow || parent.items.length === 0 || !parent.range) return undefined;
  if (index !== parent.items.length) return undefined;
  const first = parent.items[0] as Node | null;
  if (!first?.range) return undefined;
  const dash = text.lastIndexOf("-", first.range[0]);
  if (dash < 0 || text.slice(lineStart(text, dash), dash).trim() !== "") return undefined;
  const indent = " ".repeat(columnOf(text, dash));
  return insertAt(text, parent.range[1], itemLines(value, indent));
};

/** Removes a block mapping's key or a block list's item with the lines it spans. */
function removeLines(text: string, doc: Document, path: YamlPath): string | undefined {
  const parent = doc.getIn(path.slice(0, -1), true);
  const last = path.at(-1);
  let start: number | undefined;
  let end: number | undefined;
  if (isMap(parent) && !parent.flow) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
    const key = pair?.key as Node | undefined;
    if (!pair || !key?.range) return undefined;
    if (text.slice(lineStart(text, key.range[0]), key.range[0]).trim() !== "") return undefined;
    start = lineStart(text, key.range[0]);
    end = ((pair.value as Node | null)?.range ?? key.range)[1];
  } else if (isSeq(parent) && !parent.flow && typeof last === "number") {
    const item = parent.items[last] as Node | undefined;
    if (!item?.range) return undefined;
    const dash = text.lastIndexOf("-", item.range[0]);
    if (dash < 0 || text.slice(lineStart(text, dash), dash).trim() !== "") return undefined;
    start = lineStart(text, dash);
    end = item.range[1];
  }
  if (start === undefined || end === undefined) return undefined;
  // A block collection's end is the start of the next line; a scalar's is before its line's end.
  const stop = text[end - 1] === "\n" ? end : lineEndAfter(text, end);
  return text.slice(0, start) + text.slice(stop);
}

// ---- text helpers -----------------------------------------------------------------------

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const columnOf = (text: string, at: number) => at - lineStart(text, at);
/** The offset just after the newline ending the line that holds `at` (or the text's end). */
function lineEndAfter(text: string, at: number): number {
  const nl = text.indexOf("\n", at);
  return nl < 0 ? text.length : nl + 1;
}

function insertAt(text: string, at: number, lines: string): string {
  const before = text.slice(0, at);
  const sep = before === "" || before.endsWith("\n") ? "" : "\n";
  return `${before}${sep}${lines}${text.slice(at)}`;
}

/** `key: value` lines at `indent`, a collection written in block style below its key. */
function entryLines(head: string, value: unknown, indent: string): string {
  if (isScalarValue(value)) return `${indent}${head} ${scalarText(value, "PLAIN")}\n`;
  if (isEmpty(value)) return `${indent}${head} ${Array.isArray(value) ? "[]" : "{}"}\n`;
  const body = stringify(value, REWRITE)
    .trimEnd()
    .split("\n")
    .map((l) => `${indent}  ${l}`)
    .join("\n");
  return `${indent}${head}\n${body}\n`;
}

/** `- value` lines at `indent`, a mapping's first key on the dash's line. */
function itemLines(value: unknown, indent: string): string {
  if (isScalarValue(value)) return `${indent}- ${scalarText(value, "PLAIN")}\n`;
  if (isEmpty(value)) return `${indent}- ${Array.isArray(value) ? "[]" : "{}"}\n`;
  const [head, ...rest] = stringify(value, REWRITE).trimEnd().split("\n");
  return `${[`${indent}- ${head}`, ...rest.map((l) => `${indent}  ${l}`)].join("\n")}\n`;
}

const isEmpty = (v: unknown) =>
  Array.isArray(v) ? v.length === 0 : v !== null && typeof v === "object" && Object.keys(v).length === 0;

const PLAIN_SAFE = /^[A-Za-z_$/][\w$ ./@-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** A scalar as YAML text, in the quoting style of the scalar it replaces when it is a string. */
export function scalarText(value: string | number | boolean | null, style: Scalar.Type | undefined): string {
  if (value === null) return "null";
  if (typeof value !== "string") return String(value);
  if (style === "QUOTE_SINGLE") return `'${value.replaceAll("'", "''")}'`;
  if (style === "PLAIN" && PLAIN_SAFE.test(value) && !RESERVED.test(value) && !value.endsWith(" "))
    return value;
  return JSON.stringify(value);
}

const keyText = (key: string) => scalarText(key, "PLAIN");

// ---- expected data, for checking a splice ----------------------------------------------

function holds(text: string, expected: unknown): boolean {
  const doc = parseDocument(text);
  return doc.errors.length === 0 && sameData(doc.toJS(), expected);
}

/** Deep equality of parsed YAML data, key order ignored. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]))
    );
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameData((a as never)[k], (b as never)[k]))
  );
}

type Container = Record<string | number, unknown>;

function withValue(data: unknown, path: YamlPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const root = structuredClone(data ?? (typeof path[0] === "number" ? [] : {}));
  let at = root as Container;
  path.slice(0, -1).forEach((seg, i) => {
    const next = at[seg];
    if (next === null || typeof next !== "object") at[seg] = typeof path[i + 1] === "number" ? [] : {};
    at = at[seg] as Container;
  });
  at[path.at(-1)!] = structuredClone(value);
  return root;
}

function withoutValue(data: unknown, path: YamlPath): unknown {
  const root = structuredClone(data);
  const parent = path.slice(0, -1).reduce<unknown>((o, seg) => (o as Container)?.[seg], root);
  const last = path.at(-1)!;
  if (Array.isArray(parent) && typeof last === "number") parent.splice(last, 1);
  else if (parent && typeof parent === "object") delete (parent as Container)[last];
  return root;
}

function renamed(data: unknown, path: YamlPath, to: string): unknown {
  const root = structuredClone(data);
  const parent = path.slice(0, -1).reduce<unknown>((o, seg) => (o as Container)?.[seg], root) as Container;
  const from = path.at(-1)!;
  const value = parent[from];
  delete parent[from];
  parent[to] = value;
  return root;
}
