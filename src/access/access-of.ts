import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_SOURCE_BYTES, readRegularFile } from "../config/index.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { AccessRules, ContainedRules } from "./access-rules.ts";
import { insideAny, isInside } from "./path-inside.ts";
import type { ReadDocument, ResourceAccess } from "./resource-access.ts";
import { shownUrl, urlAllowList } from "./url-allow-list.ts";

/** How long a document fetched by URL may take. */
const FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed, each checked like the first URL. */
const MAX_REDIRECTS = 5;

/** The access a set of rules gives: open (the CLI) or contained (the HTTP server). */
export function accessOf(rules: AccessRules): ResourceAccess {
  const gate = rules.kind === "open" ? openGate(rules.cwd) : containedGate(rules);
  const refusedRead = (where: string, location: string) =>
    pathRefused(where, location, "outside the folders this server reads (rowforge serve --data-dir)");
  /** The path to read for one candidate (absolute): "refused", or its real path, or undefined when it does not exist. */
  const check = async (candidate: string): Promise<string | "refused" | undefined> => {
    if (!gate.mayRead(candidate)) return "refused";
    const real = await realpath(candidate).catch(() => undefined);
    if (real === undefined) return undefined;
    return (await gate.mayReadReal(real)) ? real : "refused";
  };
  const candidatesOf = (file: string) =>
    isAbsolute(file) ? [normalize(file)] : gate.bases.map((b) => resolve(b, file));
  const access: ResourceAccess = {
    rules,
    bases: gate.bases,
    outputBase: gate.outputBase,
    async readable(location, where) {
      const file = filePath(location, where);
      // The CLI reads what its user names, relative to its folder as every path it is given.
      if (!gate.contained) return file;
      let missing: string | undefined;
      for (const candidate of candidatesOf(file)) {
        const found = await check(candidate);
        if (found === "refused") throw refusedRead(where, location);
        if (found !== undefined) return found;
        missing ??= candidate;
      }
      // Missing but inside: the caller says it does not exist, in its own words.
      return missing ?? normalize(file);
    },
    async writable(path, where) {
      const file = filePath(path, where);
      if (!gate.contained) return file;
      if (!isAbsolute(file) && gate.outputBase === "")
        throw pathRefused(
          where,
          path,
          "an output, and this server has no output folder (rowforge serve --output-dir)",
        );
      const absolute = isAbsolute(file) ? normalize(file) : resolve(gate.outputBase, file);
      if (!gate.mayWrite(absolute) || !(await gate.mayWriteReal(await realOfNearest(absolute))))
        throw pathRefused(
          where,
          path,
          "outside the folders this server writes (rowforge serve --output-dir)",
        );
      return absolute;
    },
    url(location, where) {
      let url: URL;
      try {
        url = new URL(location.trim());
      } catch {
        throw new RowforgeError("RF_OPTION_INVALID", `${where}: "${location}" is not a URL`, {
          hint: "write a URL like https://host:port/path",
        });
      }
      if (!gate.mayReach(url))
        throw new RowforgeError(
          "RF_URL_NOT_ALLOWED",
          `${where} names ${shownUrl(url)}, which is not on this server's URL allow-list (rowforge serve --allow-url)`,
        );
      return url;
    },
    async fetch(location, init, where) {
      let url = access.url(location, where);
      let request = init;
      for (let hops = 0; ; hops++) {
        const res = await fetch(url, { ...request, redirect: "manual" });
        const next = res.headers.get("location");
        if (res.status < 300 || res.status >= 400 || next === null || hops >= MAX_REDIRECTS) return res;
        await res.body?.cancel();
        url = access.url(new URL(next, url).href, where);
        // A 303 (and a 301/302 of a POST, as browsers do) continues as a GET without a body.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && request.method === "POST")) {
          const { body: _body, ...rest } = request;
          request = { ...rest, method: "GET" };
        }
      }
    },
    async readText(location, where, maxBytes = MAX_SOURCE_BYTES): Promise<ReadDocument> {
      if (/^https?:\/\//i.test(location.trim())) return fetchText(access, location.trim(), where, maxBytes);
      const file = filePath(location, where);
      for (const candidate of candidatesOf(file)) {
        const path = await check(candidate);
        if (path === "refused") throw refusedRead(where, location);
        if (path === undefined) continue;
        try {
          return { text: (await readRegularFile(path, maxBytes)).toString("utf8"), path };
        } catch (e) {
          // The message names the file as the plan does, not where it really is.
          if (isRowforgeError(e))
            throw new RowforgeError(e.code, `${where}: ${e.message.split(path).join(location)}`, {
              hint: e.hint,
            });
          throw e;
        }
      }
      throw new RowforgeError("RF_FILE_NOT_FOUND", `${where} names ${location}, which does not exist`, {
        hint: gate.contained
          ? "fix the path; a relative path is looked for in the server's output and data folders"
          : "fix the path; a relative path is resolved against the current folder",
      });
    },
    hidePaths: gate.hidePaths,
  };
  return access;
}

/** The CLI's access: whatever its user names, relative to `cwd`. */
export const openAccess = (cwd: string): ResourceAccess => accessOf({ kind: "open", cwd });

/** The policy decisions behind an access: what may be read, written and reached. */
interface Gate {
  readonly contained: boolean;
  readonly bases: readonly string[];
  readonly outputBase: string;
  /** Before touching the file system: whether the path is a candidate at all. */
  mayRead(absolute: string): boolean;
  /** The real path (symbolic links resolved) of a file found. */
  mayReadReal(real: string): Promise<boolean>;
  mayWrite(absolute: string): boolean;
  mayWriteReal(real: string): Promise<boolean>;
  mayReach(url: URL): boolean;
  hidePaths(text: string, html?: boolean): string;
}

function openGate(cwd: string): Gate {
  const yes = () => true;
  return {
    contained: false,
    bases: [cwd],
    outputBase: cwd,
    mayRead: yes,
    mayReadReal: async () => true,
    mayWrite: yes,
    mayWriteReal: async () => true,
    mayReach: yes,
    hidePaths: (text) => text,
  };
}

function containedGate(r: ContainedRules): Gate {
  // Relative paths are looked for in the first output folder first: a step reads back where it wrote.
  const readDirs = [...new Set([...r.outputDirs.slice(0, 1), ...r.readDirs, ...r.outputDirs])];
  const homeData = join(r.home, "data");
  const sealedForWrite =
    (paths: readonly string[], homes: readonly string[], data: readonly string[]) => (p: string) =>
      insideAny(p, paths) || (insideAny(p, homes) && !insideAny(p, data));
  const lexicalSealedWrite = sealedForWrite(r.sealed, [r.home], [homeData]);
  /** Real paths of folders, those that exist (the lexical ones count as well). */
  const real = async (paths: readonly string[]) => [
    ...paths,
    ...(await Promise.all(paths.map((p) => realpath(p).catch(() => p)))),
  ];
  /** How a folder itself is shown: in the home as `<home>/...`, elsewhere by its name. */
  const labelOf = (dir: string) =>
    isInside(dir, r.home) ? `<home>/${relative(r.home, dir)}` : `<${basename(dir)}>`;
  // The longest folder first, so a path is shown relative to the deepest folder it is in.
  const shown = [...new Set([...readDirs, r.home, ...r.sealed])]
    .filter((d) => d.length > 1)
    .sort((a, b) => b.length - a.length);
  return {
    contained: true,
    bases: readDirs,
    outputBase: r.outputDirs[0] ?? "",
    mayRead: (p) => insideAny(p, readDirs) && !insideAny(p, r.sealed),
    async mayReadReal(p) {
      return insideAny(p, await real(readDirs)) && !insideAny(p, await real(r.sealed));
    },
    mayWrite: (p) => insideAny(p, r.outputDirs) && !lexicalSealedWrite(p),
    async mayWriteReal(p) {
      const [outputs, sealed, homes, data] = await Promise.all([
        real(r.outputDirs),
        real(r.sealed),
        real([r.home]),
        real([homeData]),
      ]);
      return insideAny(p, outputs) && !sealedForWrite(sealed, homes, data)(p);
    },
    mayReach: urlAllowList(r.allowUrls),
    hidePaths(text, html = false) {
      const label = (s: string) => (html ? s.replaceAll("<", "&lt;").replaceAll(">", "&gt;") : s);
      let out = text;
      for (const dir of shown) {
        const home = dir === r.home;
        const at = escapeRegExp(dir);
        // Inside a folder: relative to it (below the home: <home>/...); the folder itself: its name.
        out = out
          .replace(new RegExp(`${at}${escapeRegExp(sep)}`, "g"), home ? label("<home>/") : "")
          .replace(new RegExp(`${at}(?![\\w-]|\\.\\w)`, "g"), label(home ? "<home>" : labelOf(dir)));
      }
      return out;
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A `file://` URL as its path; any other location as it is. */
function filePath(location: string, where: string): string {
  const trimmed = location.trim();
  if (!/^file:/i.test(trimmed)) return trimmed;
  try {
    return fileURLToPath(trimmed);
  } catch {
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: "${location}" is not a file URL of this machine`,
      {
        hint: "name the file by its path",
      },
    );
  }
}

/** The real path of `path`: its deepest existing folder with symbolic links resolved, and the rest. */
async function realOfNearest(path: string): Promise<string> {
  for (let existing = path; ; ) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) return join(real, relative(existing, path));
    const up = dirname(existing);
    if (up === existing) return path;
    existing = up;
  }
}

function pathRefused(where: string, location: string, why: string): RowforgeError {
  return new RowforgeError("RF_PATH_NOT_ALLOWED", `${where} names ${location}, which is ${why}`);
}

/** A document fetched by URL, at most `maxBytes`; a failure says how, never what the answer held. */
async function fetchText(
  access: ResourceAccess,
  location: string,
  where: string,
  maxBytes: number,
): Promise<ReadDocument> {
  const shown = shownUrl(access.url(location, where));
  let res: Response;
  try {
    res = await access.fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }, where);
  } catch (e) {
    if (isRowforgeError(e)) throw e;
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : (e as Error).message;
    throw new RowforgeError("RF_FILE_READ", `${where}: ${shown} could not be fetched: ${cause}`, {
      hint: "check the URL and that the server is up, or save the document and give its path",
    });
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new RowforgeError(
      "RF_FILE_NOT_FOUND",
      `${where}: ${shown} answered ${res.status} ${res.statusText}`,
    );
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body ?? []) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new RowforgeError("RF_FILE_TOO_LARGE", `${where}: ${shown} answered more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), path: location };
}
