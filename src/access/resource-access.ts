import type { AccessRules } from "./access-rules.ts";

/** A document a plan names, read through the access rules: its text and where it was found. */
export interface ReadDocument {
  readonly text: string;
  /** The file's checked path (its real path under contained rules) or the URL. */
  readonly path: string;
}

/**
 * The one gate for every file and URL a plan names (metadata documents, `$ref`s, imports,
 * schema files, data read back, reference data, wait conditions, outputs, reports, HTTP
 * targets, schema registries, connection tests). The adapter that received the plan chooses
 * it: the CLI gives an open one (its user's own files), the HTTP server a contained one.
 * `where` opens every message (`step "accounts": jsonSchemaFile`). A refusal never says
 * whether a file outside exists nor what it holds.
 */
export interface ResourceAccess {
  /** The rules as plain data, to hand to another thread. */
  readonly rules: AccessRules;
  /** Folders a relative path of a file to read is looked for in, in order. */
  readonly bases: readonly string[];
  /** The folder a relative output path is below. */
  readonly outputBase: string;
  /**
   * The path to read for a file or folder a plan names (a `file://` URL as its path). Open:
   * the path as named. Contained: its real path (symbolic links resolved; a relative one
   * looked for in `bases`), RF_PATH_NOT_ALLOWED outside the allowed folders; a missing one
   * inside them comes back as it would be, for the caller to say it does not exist.
   */
  readable(location: string, where: string): Promise<string>;
  /**
   * The path to write for an output a plan names. Open: as named. Contained: absolute (a
   * relative one below `outputBase`), checked with the real path of its nearest existing
   * folder: RF_PATH_NOT_ALLOWED outside the output folders or inside rowforge's home.
   */
  writable(path: string, where: string): Promise<string>;
  /** An http(s) URL a plan names, once checked against the allow-list: RF_URL_NOT_ALLOWED otherwise. */
  url(location: string, where: string): URL;
  /** `fetch` of an allowed URL, each redirect checked against the allow-list before it is followed. */
  fetch(location: string, init: RequestInit, where: string): Promise<Response>;
  /**
   * A document's text from a file (a relative one looked for in `bases`) or an http(s) URL,
   * at most `maxBytes` (default 8 MiB): RF_FILE_NOT_FOUND when there is none.
   */
  readText(location: string, where: string, maxBytes?: number): Promise<ReadDocument>;
  /**
   * `text` with the server's folders left out of paths (relative to the folder they are in,
   * `<home>/...` in the home, a folder itself as `<name>`): for answers. `html`: the labels
   * written as HTML text.
   */
  hidePaths(text: string, html?: boolean): string;
}
