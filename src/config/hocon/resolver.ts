import { nearestNames } from "../../errors/did-you-mean.ts";
import type { DiagnosticSink, Pos } from "./diagnostic-sink.ts";
import { type HoconObject, type HoconValue, isHoconObject, newHoconObject } from "./hocon-value.ts";
import { type ParsedDocument, pathKey } from "./parser.ts";
import type { ConcatNode, MergeNode, SubstNode, ValueNode } from "./value-node.ts";
import { cloneValue, kindName, mergeObjects, renderPath, simpleText } from "./value-ops.ts";

/** Nested resolution steps allowed (substitution chains plus nesting); guards the stack. */
export const MAX_RESOLVE_DEPTH = 400;
/** Values allowed once substitutions are expanded; guards against a file that doubles itself. */
export const MAX_VALUE_COUNT = 1_000_000;
/** Nesting allowed in a resolved value, which later code walks recursively. */
export const MAX_VALUE_DEPTH = 400;

const MISSING = Symbol("missing");
type Resolved = HoconValue | typeof MISSING;
/** `failed`: the path exists but its value could not be resolved, a problem already reported. */
type Lookup =
  | { readonly kind: "found"; readonly value: HoconValue }
  | { readonly kind: "missing" | "cycle" | "failed" };
const NOT_FOUND: Lookup = { kind: "missing" };
const CYCLE: Lookup = { kind: "cycle" };
const FAILED: Lookup = { kind: "failed" };

class Abort extends Error {}

/**
 * Resolves every substitution of a parsed document, after the whole document is read so that
 * a reference may point forward. Problems go to `sink`; the result is a plain object tree.
 */
export function resolveDocument(
  doc: ParsedDocument,
  env: Readonly<Record<string, string | undefined>>,
  sink: DiagnosticSink,
): HoconObject {
  try {
    const value = new Resolver(doc, env, sink).resolve(doc.root);
    return value !== MISSING && isHoconObject(value) ? (cloneValue(value) as HoconObject) : newHoconObject();
  } catch (e) {
    if (e instanceof Abort) return newHoconObject();
    throw e;
  }
}

class Resolver {
  private readonly doc: ParsedDocument;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly sink: DiagnosticSink;
  private readonly memo = new Map<ValueNode, Resolved>();
  private readonly prefixMemo = new Map<MergeNode, Map<number, Resolved>>();
  private readonly inProgress = new Set<ValueNode>();
  /** For each merge being resolved, the layers under way (innermost last). */
  private readonly activeLayers = new Map<MergeNode, number[]>();
  /** Field values that are substitutions or concatenations, innermost last: a reference back to one looks at earlier values. */
  private readonly owners: ValueNode[] = [];
  /** Nodes that came out empty because of a reported problem; references to them stay quiet. */
  private readonly failed = new Set<ValueNode>();
  private readonly sizes = new WeakMap<object, { readonly count: number; readonly depth: number }>();
  private depth = 0;

  constructor(doc: ParsedDocument, env: Readonly<Record<string, string | undefined>>, sink: DiagnosticSink) {
    this.doc = doc;
    this.env = env;
    this.sink = sink;
  }

  resolve(node: ValueNode): Resolved {
    if (this.memo.has(node)) return this.memo.get(node)!;
    if (this.depth >= MAX_RESOLVE_DEPTH) {
      this.sink.error(
        "RF_HOCON_SYNTAX",
        `substitutions and nesting go deeper than ${MAX_RESOLVE_DEPTH} levels`,
        node.pos,
        {
          hint: "shorten the chain of substitutions that refer to each other",
        },
      );
      throw new Abort();
    }
    const owner = node.definedAt !== undefined && (node.kind === "subst" || node.kind === "concat");
    this.depth++;
    this.inProgress.add(node);
    if (owner) this.owners.push(node);
    const reportedBefore = this.sink.reported;
    let result: Resolved;
    try {
      result = this.compute(node);
      if (result === MISSING && this.sink.reported > reportedBefore) this.failed.add(node);
    } finally {
      this.depth--;
      this.inProgress.delete(node);
      if (owner) this.owners.pop();
    }
    this.memo.set(node, result);
    return result;
  }

  private compute(node: ValueNode): Resolved {
    switch (node.kind) {
      case "simple":
        return node.value;
      case "array": {
        const out: HoconValue[] = [];
        for (const item of node.items) {
          const v = this.resolve(item);
          if (v !== MISSING) out.push(v);
        }
        return this.counted(out, node.pos);
      }
      case "object": {
        const out = newHoconObject();
        for (const [k, v] of node.fields) {
          const r = this.resolve(v);
          if (r !== MISSING) out[k] = r;
        }
        return this.counted(out, node.pos);
      }
      case "subst":
        return this.substitution(node);
      case "concat":
        return this.concat(node);
      case "merge":
        return this.mergeLayers(node, node.layers.length, true);
    }
  }

  /** Records the size of a new list or object and stops when the document has grown too large or deep. */
  private counted<T extends HoconValue[] | HoconObject>(v: T, pos: Pos): T {
    let count = 1;
    let depth = 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      const inner = typeof child === "object" && child !== null ? this.sizes.get(child) : undefined;
      count += inner?.count ?? 1;
      depth = Math.max(depth, 1 + (inner?.depth ?? 0));
    }
    if (count > MAX_VALUE_COUNT || depth > MAX_VALUE_DEPTH) {
      const what =
        count > MAX_VALUE_COUNT
          ? `more than ${MAX_VALUE_COUNT} values`
          : `more than ${MAX_VALUE_DEPTH} levels of nesting`;
      this.sink.error("RF_HOCON_SYNTAX", `substitutions expand the configuration to ${what}`, pos, {
        hint: "a value that copies other values several times, over several levels, grows each time; remove the repetition",
      });
      throw new Abort();
    }
    this.sizes.set(v, { count, depth });
    return v;
  }

  private substitution(node: SubstNode): Resolved {
    const name = renderPath(node.path);
    const result = this.lookup(node.path);
    if (result.kind === "found") return result.value;
    if (result.kind === "failed") return MISSING;
    if (result.kind === "cycle") {
      if (!node.optional) {
        this.sink.error(
          "RF_HOCON_SYNTAX",
          `the substitution \${${name}} depends on itself through a cycle of references`,
          node.pos,
          {
            hint: "break the cycle: one of the values involved must not refer back to the others",
          },
        );
      }
      return MISSING;
    }
    const envName = node.path.join(".");
    if (!node.fromAppend) {
      const fromEnv = this.env[envName];
      if (fromEnv !== undefined) return fromEnv;
    }
    if (node.optional) return MISSING;
    const near = nearestNames(envName, this.knownPaths()).filter((n) => n !== envName);
    const suggestion = near.length > 0 ? ` (did you mean ${near.map((n) => `\${${n}}`).join(" or ")}?)` : "";
    this.sink.error(
      "RF_ENV_UNDEFINED",
      `\${${name}} is not defined: the configuration has no key ${name} and there is no environment variable ${envName}${suggestion}`,
      node.pos,
      {
        hint: `set the environment variable ${envName}, define ${name} in the file, or write \${?${name}} to make it optional`,
      },
    );
    return MISSING;
  }

  private knownPaths(): string[] {
    return [...this.doc.locations.keys()].map((k) => (JSON.parse(k) as string[]).join("."));
  }

  /**
   * Finds the value at `path` from the root, resolving only what lies on the way, so that an
   * object may refer to its own other keys. Reaching the field being defined looks back at its
   * earlier values (`a = ${a} [3]`); reaching anything else under way is a cycle.
   */
  private lookup(path: readonly string[]): Lookup {
    let node: ValueNode = this.doc.root;
    for (let i = 0; ; i++) {
      const layer: number | undefined =
        node.kind === "merge" ? this.activeLayers.get(node)?.at(-1) : undefined;
      if (i === path.length) {
        if (node.kind === "merge" && layer !== undefined) return this.found(node, this.prefix(node, layer));
        if (this.inProgress.has(node)) return node === this.owners.at(-1) ? NOT_FOUND : CYCLE;
        return this.found(node, this.resolve(node));
      }
      const key = path[i]!;
      if (node.kind === "object") {
        const child = node.fields.get(key);
        if (child === undefined) return NOT_FOUND;
        node = child;
        continue;
      }
      if (node.kind === "merge" && layer !== undefined) {
        const top: ValueNode = node.layers[layer]!;
        const child: ValueNode | undefined = top.kind === "object" ? top.fields.get(key) : undefined;
        if (child !== undefined) {
          node = child;
          continue;
        }
        return this.descend(node, this.prefix(node, layer), path.slice(i));
      }
      if (this.inProgress.has(node)) return CYCLE;
      return this.descend(node, this.resolve(node), path.slice(i));
    }
  }

  private found(node: ValueNode, v: Resolved): Lookup {
    if (v !== MISSING) return { kind: "found", value: v };
    return this.failed.has(node) ? FAILED : NOT_FOUND;
  }

  /** The rest of a lookup inside the resolved value of `node`. */
  private descend(node: ValueNode, value: Resolved, rest: readonly string[]): Lookup {
    let v: Resolved = value;
    for (const key of rest) {
      if (v === MISSING) return this.found(node, v);
      if (!isHoconObject(v) || !Object.hasOwn(v, key)) return NOT_FOUND;
      v = v[key]!;
    }
    return this.found(node, v);
  }

  /** The value of a repeated key as it was before its layer `upTo` (what a self-reference sees). */
  private prefix(node: MergeNode, upTo: number): Resolved {
    let byLayer = this.prefixMemo.get(node);
    if (byLayer === undefined) {
      byLayer = new Map();
      this.prefixMemo.set(node, byLayer);
    }
    if (byLayer.has(upTo)) return byLayer.get(upTo)!;
    const v = this.mergeLayers(node, upTo, false);
    byLayer.set(upTo, v);
    return v;
  }

  /**
   * Combines the layers below `upTo`, latest first: an undefined optional substitution is
   * skipped, objects merge, and the first non-object hides everything earlier.
   */
  private mergeLayers(node: MergeNode, upTo: number, whole: boolean): Resolved {
    const objects: HoconObject[] = [];
    let kept: Pos | undefined;
    let result: Resolved = MISSING;
    let active = this.activeLayers.get(node);
    if (active === undefined) {
      active = [];
      this.activeLayers.set(node, active);
    }
    for (let j = upTo - 1; j >= 0; j--) {
      const layer = node.layers[j]!;
      active.push(j);
      let v: Resolved;
      try {
        v = this.resolve(layer);
      } finally {
        active.pop();
      }
      if (v === MISSING) continue;
      kept ??= layer.definedAt;
      if (isHoconObject(v)) {
        objects.push(v);
        continue;
      }
      if (objects.length === 0) result = v;
      break;
    }
    if (objects.length > 0) {
      let merged = objects[objects.length - 1]!;
      for (let k = objects.length - 2; k >= 0; k--) merged = mergeObjects(merged, objects[k]!);
      result = this.counted(merged, node.pos);
    }
    if (whole && kept !== undefined && node.fieldPath !== undefined) {
      this.doc.locations.set(pathKey(node.fieldPath), kept);
    }
    return result;
  }

  private concat(node: ConcatNode): Resolved {
    const values: string[] = [];
    const defined: HoconValue[] = [];
    for (const part of node.parts) {
      if (part.kind === "space") {
        values.push(part.text);
        continue;
      }
      const v = this.resolve(part);
      values.push(part.kind === "simple" ? part.raw : v === MISSING ? "" : simpleTextOrValue(v));
      if (v !== MISSING) defined.push(v);
    }
    if (defined.length === 0) return MISSING;
    if (defined.every(isHoconObject)) {
      return this.counted(
        defined.reduce((a, b) => mergeObjects(a, b)),
        node.pos,
      );
    }
    if (defined.every((v) => Array.isArray(v))) {
      return this.counted(defined.flat(1), node.pos);
    }
    const structured = defined.find((v) => typeof v === "object" && v !== null);
    if (structured !== undefined) {
      const other = defined.find((v) => kindName(v) !== kindName(structured))!;
      const first = node.parts[0];
      const appending = first?.kind === "subst" && first.fromAppend;
      const message = appending
        ? `\`+=\` adds to a list, but ${renderPath(first.path)} holds ${kindName(defined[0]!)}`
        : `this value writes ${kindName(structured)} next to ${kindName(other)}; only texts, only lists or only objects can be joined`;
      this.sink.error("RF_HOCON_SYNTAX", message, node.pos, {
        hint: "put a comma or a new line between separate values, or quote text that belongs together",
      });
      return MISSING;
    }
    if (defined.length === 1 && node.parts.every((p) => p.kind === "subst")) return defined[0]!;
    return values.join("");
  }
}

const simpleTextOrValue = (v: HoconValue): string =>
  typeof v === "object" && v !== null ? "" : simpleText(v);
