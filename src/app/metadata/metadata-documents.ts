import { dirname, isAbsolute, resolve } from "node:path";
import { MAX_SOURCE_BYTES, parseYaml, readRegularFile } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { MetadataDocuments } from "./metadata-source.ts";

/** How long a document fetched by URL may take. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * Reads metadata documents (JSON or YAML): an http(s) URL is fetched; a relative path is
 * looked for in the working folder, then beside each of the plan's files (where a task that
 * names `schemas/pets.yaml` keeps it). Documents are read once per stage.
 */
export function metadataDocuments(planFiles: readonly string[], cwd = process.cwd()): MetadataDocuments {
  const cache = new Map<string, Promise<{ text: string; path: string }>>();
  const readText = (location: string, where: string) => {
    let found = cache.get(location);
    if (!found) {
      found = /^https?:\/\//i.test(location) ? fetchDocument(location, where) : readDocument(location, where);
      cache.set(location, found);
    }
    return found;
  };
  const parsed = new Map<string, Promise<{ value: unknown; path: string }>>();
  return {
    read(location, where) {
      let found = parsed.get(location);
      if (!found) {
        found = readText(location, where).then(({ text, path }) => ({
          value: parseDocument(text, path, where),
          path,
        }));
        parsed.set(location, found);
      }
      return found;
    },
    readText,
  };

  async function readDocument(location: string, where: string): Promise<{ text: string; path: string }> {
    const tried = isAbsolute(location)
      ? [location]
      : [...new Set([cwd, ...planFiles.map((f) => dirname(resolve(cwd, f)))])].map((d) =>
          resolve(d, location),
        );
    for (const path of tried) {
      let bytes: Buffer;
      try {
        bytes = await readRegularFile(path, MAX_SOURCE_BYTES);
      } catch (e) {
        if (e instanceof RowforgeError && e.code === "RF_FILE_NOT_FOUND") continue;
        throw e;
      }
      return { text: bytes.toString("utf8"), path };
    }
    throw new RowforgeError(
      "RF_FILE_NOT_FOUND",
      `${where}: the metadata document ${location} was not found (tried ${tried.join(", ")})`,
      { hint: "fix the path; a relative path is read from the working folder or beside the plan's files" },
    );
  }
}

async function fetchDocument(url: string, where: string): Promise<{ text: string; path: string }> {
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok)
      throw new RowforgeError(
        "RF_FILE_NOT_FOUND",
        `${where}: ${url} answered ${res.status} ${res.statusText}`,
      );
    text = await res.text();
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    throw new RowforgeError(
      "RF_FILE_READ",
      `${where}: the metadata document ${url} could not be fetched: ${(e as Error).message}`,
      { hint: "check the URL and that the server is up, or save the document and give its path" },
    );
  }
  return { text, path: url };
}

function parseDocument(text: string, path: string, where: string): unknown {
  try {
    return text.trimStart().startsWith("{") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 200 });
  } catch (e) {
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: the metadata document ${path} is not valid JSON or YAML: ${(e as Error).message.split("\n")[0]}`,
    );
  }
}
