import { constants, type Stats } from "node:fs";
import { access, readdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { ResourceAccess } from "../../access/index.ts";
import { fileKind } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestOutcome } from "../connector.ts";
import { STDOUT_PATH } from "./stdout-sink.ts";

const writable = (path: string): Promise<boolean> =>
  access(path, constants.W_OK).then(
    () => true,
    () => false,
  );

/** The nearest folder above `path` that exists. */
async function existingAncestor(path: string): Promise<{ path: string; stats: Stats }> {
  let up = dirname(path);
  for (;;) {
    const stats = await stat(up).catch(() => undefined);
    if (stats) return { path: up, stats };
    const next = dirname(up);
    if (next === up) throw new RowforgeError("RF_FILE_NOT_FOUND", `no folder above ${path} exists`);
    up = next;
  }
}

/**
 * A file connection's `path` on the local disk: whether it exists, what it holds (a file's
 * size, a folder's entries and data files) and whether rowforge may write there (the path, or
 * the nearest existing folder above it when it does not exist yet). Writes nothing. A path the
 * access rules do not let plans write is refused (RF_PATH_NOT_ALLOWED) before it is looked
 * at: nothing is said about what is there.
 */
export async function testFileConnection(
  c: Connection,
  access: ResourceAccess,
): Promise<ConnectionTestOutcome> {
  const path = c.options.path?.trim();
  if (!path) {
    throw new RowforgeError("RF_KEY_MISSING", `connection "${c.name}" (${c.type}) has no path option`, {
      hint: "add options: {path: <folder or file>} to the connection (or give each step a path)",
    });
  }
  if (path === STDOUT_PATH) {
    return { success: true, message: `connection "${c.name}" writes to standard output`, details: { path } };
  }
  const absolute = resolve(await access.writable(path, `connection "${c.name}": path`));
  const stats = await stat(absolute).catch(() => undefined);
  if (!stats) {
    const parent = await existingAncestor(absolute);
    const canCreate = parent.stats.isDirectory() && (await writable(parent.path));
    const details = { path: absolute, exists: false, writable: canCreate, nearestFolder: parent.path };
    return canCreate
      ? {
          success: true,
          message: `${absolute} does not exist yet; rowforge can create it (${parent.path} is writable)`,
          details,
        }
      : {
          success: false,
          message: `${absolute} does not exist and cannot be created: ${parent.path} is ${parent.stats.isDirectory() ? "not writable by this user" : "not a folder"}`,
          details,
        };
  }
  const canWrite = await writable(absolute);
  if (stats.isFile()) {
    const details = { path: absolute, exists: true, kind: "file", bytes: stats.size, writable: canWrite };
    return {
      success: canWrite,
      message: `${absolute} is a file of ${stats.size} bytes${canWrite ? " and writable" : ", not writable by this user"}`,
      details,
    };
  }
  if (!stats.isDirectory()) {
    return {
      success: false,
      message: `${absolute} is ${fileKind(stats)}, not a file or folder; rowforge refuses to write there`,
      details: { path: absolute, exists: true, kind: fileKind(stats), writable: false },
    };
  }
  const entries = await readdir(absolute, { withFileTypes: true });
  // Data files, as rowforge and Spark name them (markers and manifests start with _ or .).
  const dataFiles = entries.filter((e) => e.isFile() && !/^[._]/.test(e.name)).length;
  const folders = entries.filter((e) => e.isDirectory() && !/^[._]/.test(e.name)).length;
  const details = {
    path: absolute,
    exists: true,
    kind: "folder",
    entries: entries.length,
    dataFiles,
    folders,
    writable: canWrite,
  };
  const holds = entries.length === 0 ? "empty" : `holding ${dataFiles} data file(s) and ${folders} folder(s)`;
  return {
    success: canWrite,
    message: `${absolute} is a folder, ${holds}${canWrite ? ", writable" : ", not writable by this user"}`,
    details,
  };
}
