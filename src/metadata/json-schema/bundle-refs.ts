import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { MetadataDocuments } from "../metadata-source.ts";

/** Where documents a schema refers to are kept inside the first one: `#/<DOCS>/<location>/...`. */
export const DOCS = "\u0000docs";

const pointerPart = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

/** The location of `file` (a path or URL) read from the document at `base`. */
function locate(file: string, base: string): string {
  if (/^https?:\/\//i.test(file)) return file;
  // A file:// reference is the file it names (read through the same rules as any path).
  if (/^file:\/\//i.test(file)) {
    try {
      return fileURLToPath(file);
    } catch {
      return file;
    }
  }
  if (/^https?:\/\//i.test(base)) return new URL(file, base).href;
  return isAbsolute(file) ? file : resolve(dirname(base), file);
}

/**
 * The schema at `path` with the documents its `$ref`s name (`common.json#/$defs/money`,
 * `./address.schema.json`, relative to the document that names them, or URLs) read and
 * placed inside it, every reference rewritten to point there: references across documents
 * then resolve like local ones, and a cycle through several files is found like a local one.
 * Each document is read once, so files that refer to each other are no loop here.
 */
export async function bundleRefs(
  root: unknown,
  path: string,
  docs: MetadataDocuments,
  where: string,
): Promise<unknown> {
  const bundled = new Map<string, unknown>();
  const pending: { location: string; value: unknown }[] = [];
  const wanted = new Set<string>([path]);
  const rewrite = (node: unknown, location: string): unknown => {
    if (Array.isArray(node)) return node.map((x) => rewrite(x, location));
    if (typeof node !== "object" || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out[k] = rewriteRef(v, location);
      else out[k] = rewrite(v, location);
    }
    return out;
  };
  const rewriteRef = (ref: string, location: string): string => {
    const hash = ref.indexOf("#");
    const file = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    const target = file === "" ? location : locate(file, location);
    if (file !== "" && !wanted.has(target)) {
      wanted.add(target);
      pending.push({ location: target, value: undefined });
    }
    return target === path ? `#${fragment}` : `#/${DOCS}/${pointerPart(target)}${fragment}`;
  };
  const main = rewrite(root, path);
  while (pending.length > 0) {
    const next = pending.shift()!;
    const doc = await docs.read(next.location, where);
    bundled.set(next.location, rewrite(doc.value, next.location));
  }
  if (bundled.size === 0 || typeof main !== "object" || main === null || Array.isArray(main)) return main;
  return { ...main, [DOCS]: Object.fromEntries(bundled) };
}

/** A reference as users wrote it, for messages: `address.schema.json#/$defs/a` instead of the bundled pointer. */
export function displayRef(ref: string): string {
  const prefix = `#/${DOCS}/`;
  if (!ref.startsWith(prefix)) return ref;
  const rest = ref.slice(prefix.length);
  const slash = rest.indexOf("/");
  const location = (slash < 0 ? rest : rest.slice(0, slash)).replaceAll("~1", "/").replaceAll("~0", "~");
  const name = location.split("/").at(-1) ?? location;
  return `${name}#${slash < 0 ? "" : rest.slice(slash)}`;
}
