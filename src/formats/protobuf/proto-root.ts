import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, normalize, resolve } from "node:path";
import protobuf from "protobufjs";
import { RowforgeError } from "../../errors/index.ts";

export type ProtoRoot = protobuf.Root;
export type ProtoType = protobuf.Type;

/** protobufjs keeps field names as written (`order_id`, not `orderId`): they are the step's field names. */
const PARSE = { keepCase: true } as const;

/**
 * Where Google's own `.proto` files are when the user's folders do not hold them: protobufjs's
 * (descriptor, api, type, source_context, compiler/plugin, google/api/annotations and http)
 * and the google-proto-files package (google/api, google/type, google/rpc, the Cloud APIs...).
 * Google's well-known types (timestamp, struct, wrappers...) are protobufjs's built-ins.
 */
const BUNDLED_ROOTS: readonly string[] = (() => {
  const require = createRequire(import.meta.url);
  return ["protobufjs", "google-proto-files"].flatMap((p) => {
    try {
      return [dirname(require.resolve(`${p}/package.json`))];
    } catch {
      return [];
    }
  });
})();

/** A well-known type protobufjs has built in (`google/protobuf/timestamp.proto`). */
const isBuiltIn = (target: string): boolean => target in protobuf.common;

/** The bundled copy of a Google `.proto` (`google/protobuf/descriptor.proto`, `google/type/money.proto`), if any. */
function bundled(target: string): string | undefined {
  if (!target.startsWith("google/")) return undefined;
  return BUNDLED_ROOTS.map((r) => join(r, target)).find((c) => existsSync(c));
}

/**
 * A `.proto` file and what it imports, read with protobufjs. Imports are looked for beside the
 * importing file, then in the step's import paths (`importPaths`, protoc's `-I`), then in each
 * folder above the main file (the usual `-I` roots), then among Google's own files bundled with
 * rowforge (bundled()). A file given by URL is parsed alone: it may import only Google's files.
 */
export function loadProtoFile(
  path: string,
  text: string,
  where: string,
  importPaths: readonly string[] = [],
): ProtoRoot {
  const root = new protobuf.Root();
  const isUrl = /^https?:\/\//i.test(path);
  const roots: string[] = importPaths.map((p) => resolve(p));
  if (!isUrl)
    for (let d = dirname(resolve(path)); ; d = dirname(d)) {
      roots.push(d);
      if (dirname(d) === d) break;
    }
  root.resolvePath = (origin, target) => {
    if (isBuiltIn(target) || isAbsolute(target)) return target;
    const candidates = [join(dirname(origin), target), ...roots.map((r) => join(r, target))];
    const found = candidates.find((c) => existsSync(c)) ?? bundled(target);
    if (found) return found;
    throw new RowforgeError(
      "RF_FILE_NOT_FOUND",
      `${where}: ${origin} imports "${target}", which was not found (tried ${candidates.slice(0, 4).join(", ")}${candidates.length > 4 ? ", ..." : ""})`,
      {
        hint: "keep imported .proto files beside the one that imports them or in a folder above the main file, or name their root folders in the step option importPaths",
      },
    );
  };
  if (isUrl) return parseProtoText(text, path, where);
  try {
    root.loadSync(path, PARSE);
    root.resolveAll();
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: the Protobuf file ${path} cannot be read: ${(e as Error).message.split("\n")[0]}`,
    );
  }
  return root;
}

/**
 * The folders of the step option `importPaths` (a comma list, protoc's `-I`): a relative one is
 * read from the folder the step's `schemaLocation` was found relative to (the working folder,
 * or the plan's folder when the file was found beside the plan).
 */
export function importPathsOf(option: string | undefined, location: string, found: string): string[] {
  const paths = (option ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const rel = normalize(location);
  const base = !isAbsolute(location) && found.endsWith(rel) ? found.slice(0, -rel.length) || "." : ".";
  return paths.map((p) => resolve(base, p));
}

/** A `.proto` text on its own (fetched by URL, or from a schema registry): it may import only Google's files (bundled). */
export function parseProtoText(text: string, from: string, where: string): ProtoRoot {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (isBuiltIn(target) ? target : (bundled(target) ?? target));
  try {
    const parsed = protobuf.parse(text, root, PARSE);
    const others = (parsed.imports ?? []).filter((i) => !isBuiltIn(i) && bundled(i) === undefined);
    if (others.length > 0)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${where}: ${from} imports ${others.join(", ")}, which rowforge does not fetch`,
        { hint: "save the .proto files in a folder and give the path of the main one" },
      );
    for (const i of parsed.imports ?? []) root.loadSync(root.resolvePath("", i) ?? i, PARSE);
    root.resolveAll();
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: the Protobuf schema ${from} cannot be read: ${(e as Error).message.split("\n")[0]}`,
    );
  }
  return root;
}

/** The messages a `.proto` text defines itself (not its imports'), full names in file order. */
export function messagesDefinedIn(text: string): string[] {
  const parsed = protobuf.parse(text, new protobuf.Root(), PARSE);
  const out: string[] = [];
  const visit = (ns: protobuf.NamespaceBase) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobuf.Type) out.push(n.fullName.replace(/^\./, ""));
      else if (n instanceof protobuf.Namespace) visit(n);
    }
  };
  visit(parsed.root);
  return out;
}

/**
 * The message a step is about: `messageName` (full or short name) or else the first message the
 * file defines. An unknown name is refused with the file's messages listed.
 */
export function findMessage(
  root: ProtoRoot,
  defined: readonly string[],
  name: string | undefined,
  where: string,
): ProtoType {
  if (name === undefined) {
    const first = defined[0];
    if (first === undefined)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${where}: the file defines no message, so there are no fields to generate`,
      );
    return root.lookupType(first);
  }
  const wanted = name.replace(/^\./, "");
  const full = defined.find((d) => d === wanted) ?? defined.find((d) => d.endsWith(`.${wanted}`));
  const found = root.lookup(full ?? wanted);
  if (found instanceof protobuf.Type) return found;
  throw new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${where}: the file has no message named "${name}"`, {
    hint: `messages in the file: ${defined.join(", ") || "none"}`,
  });
}

/** A root as JSON for the workers (protobufjs's own descriptor JSON), and back. */
export const rootToJson = (root: ProtoRoot): string => JSON.stringify(root.toJSON());
export const rootFromJson = (json: string): ProtoRoot =>
  protobuf.Root.fromJSON(JSON.parse(json) as protobuf.INamespace);

export { protobuf };
