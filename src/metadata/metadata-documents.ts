import { dirname, isAbsolute, resolve } from "node:path";
import { parseDocument, type ResourceAccess } from "../access/index.ts";
import { RowforgeError } from "../errors/index.ts";
import type { MetadataDocuments } from "./metadata-source.ts";

/**
 * Reads metadata documents (JSON or YAML) through the access rules: an http(s) URL is
 * fetched; a relative path is looked for where the access looks (the working folder of the
 * CLI, the data folders of the server), then beside each of the plan's files (where a task
 * that names `schemas/pets.yaml` keeps it). Documents are read once per stage.
 */
export function metadataDocuments(planFiles: readonly string[], access: ResourceAccess): MetadataDocuments {
  const cache = new Map<string, Promise<{ text: string; path: string }>>();
  const readText = (location: string, where: string) => {
    let found = cache.get(location);
    if (!found) {
      found = /^https?:\/\//i.test(location)
        ? access.readText(location, where)
        : readDocument(location, where);
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
          value: parseDocument(text, `${where}: the metadata document ${location}`),
          path,
        }));
        parsed.set(location, found);
      }
      return found;
    },
    readText,
    access,
  };

  async function readDocument(location: string, where: string): Promise<{ text: string; path: string }> {
    const beside =
      isAbsolute(location) || /^file:/i.test(location)
        ? []
        : [...new Set(planFiles.map((f) => resolve(dirname(resolve(access.bases[0] ?? "", f)), location)))];
    for (const candidate of [location, ...beside]) {
      try {
        return await access.readText(candidate, where);
      } catch (e) {
        if (!(e instanceof RowforgeError) || e.code !== "RF_FILE_NOT_FOUND") throw e;
      }
    }
    throw new RowforgeError(
      "RF_FILE_NOT_FOUND",
      `${where}: the metadata document ${location} was not found`,
      {
        hint: `fix the path; a relative path is looked for in ${access.rules.kind === "open" ? "the working folder" : "the server's data folders"} and beside the plan's files`,
      },
    );
  }
}
