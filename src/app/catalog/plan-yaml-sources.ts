import { isDeepStrictEqual } from "node:util";
import {
  CST,
  type Document,
  isPair,
  isScalar,
  Lexer,
  type Node,
  parseDocument,
  type Scalar,
  stringify,
  visit,
} from "yaml";
import type { PlanYamlSources } from "../../model/plan-yaml-sources.ts";
import { isSecretKey, MASK, maskDeep, maskText } from "./secrets.ts";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Lexer tokens that mark structure and are not in the source text. */
const NOT_IN_SOURCE = new Set(["doc-mode", "scalar", "flow-error-end"]);

interface Splice {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

/** A scalar's replacement: `***` (or a masked text) as a double-quoted YAML string, keeping a block scalar's line end. */
function replacement(node: Scalar, source: string, value: string): Splice | undefined {
  const [from, to] = node.range ?? [];
  if (from === undefined || to === undefined) return undefined;
  const old = source.slice(from, to);
  const quoted = node.type === "QUOTE_SINGLE" && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
  return { from, to, text: old.endsWith("\n") ? `${quoted}\n` : quoted };
}

/**
 * A YAML text with its secrets hidden as GET /plan/{name} hides them in the plan (`***` under a
 * secret key, credentials inside strings masked), and credentials written in comments masked too;
 * everything else byte for byte, so comments, order and quoting stay. Each way of masking is
 * checked by parsing its result: the data must be the original's masked as maskDeep masks it.
 * A text that does not parse is masked as plain text.
 */
export function maskYamlText(text: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return maskText(text);
  let expected: unknown;
  try {
    expected = maskDeep(doc.toJS());
  } catch {
    // Too many aliases and the like: the text cannot be read as data, so only as text.
    return maskText(text);
  }
  const means = (out: string) => {
    const check = parseDocument(out);
    try {
      return check.errors.length === 0 && isDeepStrictEqual(check.toJS(), expected);
    } catch {
      return false;
    }
  };
  const spliced = spliceMasks(text, doc);
  if (means(spliced)) return spliced;
  // An unusual layout (aliases, say): the document written again from its tree with the same
  // values masked (comments kept, layout normalised), else the masked data alone.
  const rewritten = maskText(maskTree(doc).toString());
  return means(rewritten) ? rewritten : maskText(stringify(expected));
}

const hidesSecret = (v: unknown) =>
  (typeof v === "string" && v !== "" && v !== MASK) || typeof v === "number";

/** The text with each secret value and each credential in a string or comment replaced in place. */
function spliceMasks(text: string, doc: Document.Parsed): string {
  const splices: Splice[] = [];
  const done = new Set<Node>();
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || !isScalar(pair.value)) return;
      if (!isSecretKey(String(pair.key.value)) || !hidesSecret(pair.value.value)) return;
      const s = replacement(pair.value, text, MASK);
      if (s) splices.push(s);
      done.add(pair.value);
    },
    Scalar(key, node) {
      if (key === "key" || done.has(node) || typeof node.value !== "string") return;
      const masked = maskText(node.value);
      if (masked === node.value) return;
      const s = replacement(node, text, masked);
      if (s) splices.push(s);
    },
  });
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type !== null && NOT_IN_SOURCE.has(type)) continue;
    if (type === "comment") {
      const masked = maskText(token);
      if (masked !== token) splices.push({ from: offset, to: offset + token.length, text: masked });
    }
    offset += token.length;
  }
  let out = text;
  for (const s of splices.sort((a, b) => b.from - a.from))
    out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return out;
}

/** The document with its secret values masked in the tree (changes `doc`). */
function maskTree(doc: Document.Parsed): Document.Parsed {
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && isScalar(pair.value) && isSecretKey(String(pair.key.value))) {
        if (hidesSecret(pair.value.value)) pair.value.value = MASK;
      }
    },
    Scalar(key, node) {
      if (key !== "key" && typeof node.value === "string" && node.value !== MASK)
        node.value = maskText(node.value);
    },
  });
  return doc;
}

/** The texts with their secrets hidden (see maskYamlText). */
export function maskYamlSources(sources: PlanYamlSources): PlanYamlSources {
  return {
    plan: maskYamlText(sources.plan),
    tasks: sources.tasks.map(maskYamlText),
    validation: sources.validation.map(maskYamlText),
    configuration: maskYamlText(sources.configuration),
  };
}

/** The parts of a plan request the texts stand for, as the web UI sends them (plan-workspace.ts). */
interface RequestParts {
  readonly plan: unknown;
  readonly tasks: readonly unknown[];
  readonly validation: readonly unknown[];
  readonly configuration?: unknown;
}

class Unparsable extends Error {}

function dataOf(text: string, what: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Unparsable(`the saved text of ${what} does not parse`);
  try {
    return doc.toJS();
  } catch (e) {
    throw new Unparsable(
      `the saved text of ${what} cannot be read (${e instanceof Error ? e.message : String(e)})`,
    );
  }
}

function partsOfSources(s: PlanYamlSources): RequestParts {
  const config = s.configuration.trim() === "" ? undefined : dataOf(s.configuration, "the configuration");
  return {
    plan: dataOf(s.plan, "the plan") ?? {},
    tasks: s.tasks.map((t, i) => dataOf(t, `task ${i + 1}`) ?? {}),
    validation: s.validation.map((t, i) => dataOf(t, `validation ${i + 1}`) ?? {}),
    ...(isObject(config) && Object.keys(config).length > 0 ? { configuration: config } : {}),
  };
}

function partsOfRequest(r: Readonly<Record<string, unknown>>): RequestParts {
  const config = r.configuration;
  return {
    plan: r.plan ?? {},
    tasks: Array.isArray(r.tasks) ? r.tasks : [],
    validation: Array.isArray(r.validation) ? r.validation : [],
    ...(isObject(config) && Object.keys(config).length > 0 ? { configuration: config } : {}),
  };
}

/** Secrets masked (the texts are stored masked) and JSON's view of the values (what the request went through). */
const comparable = (v: unknown): unknown => JSON.parse(JSON.stringify(maskDeep(v)) ?? "null");

function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path} has ${b.length} entries, not ${a.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], path === "" ? k : `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return isDeepStrictEqual(a, b) ? undefined : `${path || "the plan"} differs`;
}

/**
 * Whether the texts still describe the stored plan request: undefined when they do, else what
 * differs first (`tasks[1].steps[0].count.records differs`), as the editor tells its user.
 */
export function sourcesDifference(
  sources: PlanYamlSources,
  request: Readonly<Record<string, unknown>>,
): string | undefined {
  let fromTexts: RequestParts;
  try {
    fromTexts = partsOfSources(sources);
  } catch (e) {
    if (e instanceof Unparsable) return e.message;
    throw e;
  }
  return firstDifference(comparable(fromTexts), comparable(partsOfRequest(request)), "");
}
