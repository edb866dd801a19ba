import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, normalize, resolve } from "node:path";
import type protobuf from "protobufjs";
import { RowforgeError } from "../../errors/index.ts";

let loaded: typeof protobuf | undefined;

/** protobufjs, loaded at the first Protobuf schema read or written: plans without one never load it. */
export const protobufjs = (): typeof protobuf => {
  loaded ??= createRequire(import.meta.url)("protobufjs") as typeof protobuf;
  return loaded;
};

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
const isBuiltIn = (target: string): boolean => target in protobufjs().common;

/** The bundled copy of a Google `.proto` (`google/protobuf/descriptor.proto`, `google/type/money.proto`), if any. */
function bundled(target: string): string | undefined {
  if (!target.startsWith("google/")) return undefined;
  return BUNDLED_ROOTS.map((r) => join(r, target)).find((c) => existsSync(c));
}

/** The texts of the files a `.proto` file imports, by path (protoImports reads them beforehand). */
export type ProtoFiles = (path: string) => string | undefined;

/**
 * Where an import is looked for: beside the importing file, then in the step's import paths
 * (`importPaths`, protoc's `-I`), then in each folder above the main file (the usual `-I` roots).
 */
function importCandidates(
  origin: string,
  target: string,
  main: string,
  importPaths: readonly string[],
): string[] {
  if (isAbsolute(target)) return [target];
  const out = [join(dirname(origin), target), ...importPaths.map((p) => join(resolve(p), target))];
  for (let d = dirname(resolve(main)); ; d = dirname(d)) {
    out.push(join(d, target));
    if (dirname(d) === d) break;
  }
  return [...new Set(out)];
}

/** The message of a parse failure: where (a line), never the text (the file may be any file). */
function parseFailure(e: unknown, file: string, where: string): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const line = /line (\d+)/.exec(e instanceof Error ? e.message : "");
  return new RowforgeError(
    "RF_METADATA_SCHEMA_INVALID",
    `${where}: the Protobuf file ${file} cannot be read: it is not valid Protobuf${line ? ` (line ${line[1]})` : ""}`,
  );
}

/** The imports (and weak imports) a `.proto` text names. */
function importsOf(text: string, file: string, where: string): string[] {
  try {
    const parsed = protobufjs().parse(text, new (protobufjs().Root)(), PARSE);
    return [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])];
  } catch (e) {
    throw parseFailure(e, file, where);
  }
}

/**
 * Reads what a `.proto` file imports, and what those import, through `read` (the access rules'
 * reader: RF_FILE_NOT_FOUND for a file that is not there, RF_PATH_NOT_ALLOWED for one it may
 * not read, which counts as absent unless it is the first candidate, beside the importing
 * file). Google's well-known types are protobufjs's own and are not read.
 */
export async function protoImports(
  path: string,
  text: string,
  where: string,
  read: (candidate: string) => Promise<{ readonly text: string }>,
  importPaths: readonly string[] = [],
): Promise<ProtoFiles> {
  const files = new Map<string, string>();
  const visit = async (file: string, source: string): Promise<void> => {
    for (const target of importsOf(source, file, where)) {
      if (isBuiltIn(target)) continue;
      const candidates = importCandidates(file, target, path, importPaths);
      // Refused candidates are left out of the message: they would show folders the caller may not see.
      const tried: string[] = [];
      let found: string | undefined;
      for (const [i, c] of candidates.entries()) {
        if (files.has(c)) {
          found = c;
          break;
        }
        let got: string;
        try {
          got = (await read(c)).text;
        } catch (e) {
          if (!(e instanceof RowforgeError)) throw e;
          if (i > 0 && e.code === "RF_PATH_NOT_ALLOWED") continue;
          if (e.code !== "RF_FILE_NOT_FOUND") throw e;
          tried.push(c);
          continue;
        }
        tried.push(c);
        files.set(c, got);
        await visit(c, got);
        found = c;
        break;
      }
      // Google's own files not among the user's: rowforge's bundled copies (not the caller's files).
      const copy = found === undefined ? bundled(target) : undefined;
      if (copy !== undefined && !files.has(copy)) {
        const got = readFileSync(copy, "utf8");
        files.set(copy, got);
        await visit(copy, got);
      }
      if (found === undefined && copy === undefined) throw importMissing(file, target, tried, where);
    }
  };
  await visit(path, text);
  return (p) => files.get(p);
}

function importMissing(origin: string, target: string, candidates: readonly string[], where: string) {
  return new RowforgeError(
    "RF_FILE_NOT_FOUND",
    `${where}: ${origin} imports "${target}", which was not found (tried ${candidates.slice(0, 4).join(", ")}${candidates.length > 4 ? ", ..." : ""})`,
    {
      hint: "keep imported .proto files beside the one that imports them, or in a folder above the main file",
    },
  );
}

/**
 * A `.proto` file and what it imports, parsed with protobufjs: imports come from `files`
 * (protoImports, given the same `importPaths`), found beside the importing file, then in the
 * import paths, then in each folder above the main file, then among Google's files bundled with
 * rowforge; Google's well-known types (`google/protobuf/timestamp.proto`, ...) are protobufjs's
 * own. A file given by URL is parsed alone: it may import only Google's files.
 */
export function loadProtoFile(
  path: string,
  text: string,
  where: string,
  files: ProtoFiles,
  importPaths: readonly string[] = [],
): ProtoRoot {
  if (/^https?:\/\//i.test(path)) return parseProtoText(text, path, where);
  const root = new (protobufjs().Root)();
  const seen = new Set<string>();
  const add = (file: string, source: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let parsed: protobuf.IParserResult;
    try {
      parsed = protobufjs().parse(source, root, PARSE);
    } catch (e) {
      throw parseFailure(e, file, where);
    }
    for (const target of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      if (isBuiltIn(target)) {
        // protobufjs's own definitions, added as they are (loading would resolve the root half-read).
        const json = seen.has(target) ? null : protobufjs().common.get(target);
        if (json) root.addJSON(json.nested ?? {});
        seen.add(target);
        continue;
      }
      const candidates = importCandidates(file, target, path, importPaths);
      const found = candidates.find((c) => files(c) !== undefined) ?? bundled(target);
      if (found === undefined || files(found) === undefined)
        throw importMissing(file, target, candidates, where);
      add(found, files(found)!);
    }
  };
  add(path, text);
  try {
    root.resolveAll();
  } catch (e) {
    throw unresolved(e, `the Protobuf file ${path}`, where);
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
  const root = new (protobufjs().Root)();
  root.resolvePath = (_origin, target) => (isBuiltIn(target) ? target : (bundled(target) ?? target));
  let parsed: protobuf.IParserResult;
  try {
    parsed = protobufjs().parse(text, root, PARSE);
  } catch (e) {
    throw parseFailure(e, from, where);
  }
  const others = (parsed.imports ?? []).filter((i) => !isBuiltIn(i) && bundled(i) === undefined);
  if (others.length > 0)
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: ${from} imports ${others.join(", ")}, which rowforge does not fetch`,
      { hint: "save the .proto files in a folder and give the path of the main one" },
    );
  try {
    for (const i of parsed.imports ?? []) root.loadSync(root.resolvePath("", i) ?? i, PARSE);
    root.resolveAll();
  } catch (e) {
    throw unresolved(e, `the Protobuf schema ${from}`, where);
  }
  return root;
}

/** The error of a schema whose types or imports do not resolve: protobufjs's first line says why. */
const unresolved = (e: unknown, what: string, where: string): RowforgeError =>
  new RowforgeError(
    "RF_METADATA_SCHEMA_INVALID",
    `${where}: ${what} cannot be read: ${(e as Error).message.split("\n")[0]}`,
  );

/** The messages a `.proto` text defines itself (not its imports'), full names in file order. */
export function messagesDefinedIn(text: string): string[] {
  const parsed = protobufjs().parse(text, new (protobufjs().Root)(), PARSE);
  const out: string[] = [];
  const visit = (ns: protobuf.NamespaceBase) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobufjs().Type) out.push(n.fullName.replace(/^\./, ""));
      else if (n instanceof protobufjs().Namespace) visit(n);
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
  if (found instanceof protobufjs().Type) return found;
  throw new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${where}: the file has no message named "${name}"`, {
    hint: `messages in the file: ${defined.join(", ") || "none"}`,
  });
}

/** A root as JSON for the workers (protobufjs's own descriptor JSON), and back. */
export const rootToJson = (root: ProtoRoot): string => JSON.stringify(root.toJSON());
export const rootFromJson = (json: string): ProtoRoot =>
  protobufjs().Root.fromJSON(JSON.parse(json) as protobuf.INamespace);
