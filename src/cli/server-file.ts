import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** What a running server leaves in its home so other commands (rowforge cancel) can reach it. */
export interface ServerFile {
  readonly url: string;
  readonly pid: number;
}

const fileOf = (home: string): string => join(home, "server.json");

/** Written once the server listens; a loopback URL replaces a wildcard address. */
export async function rememberServer(home: string, url: string): Promise<void> {
  const reachable = url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//[::1]:");
  const body: ServerFile = { url: reachable, pid: process.pid };
  await writeFile(fileOf(home), `${JSON.stringify(body)}\n`, { mode: 0o600 });
}

/** Removed when the server stops (only when it is still this process's file). */
export async function forgetServer(home: string): Promise<void> {
  const found = await findServer(home);
  if (found?.pid === process.pid) await rm(fileOf(home), { force: true });
}

/** The server of a home, as it wrote itself down; undefined when there is none (or the file is damaged). */
export async function findServer(home: string): Promise<ServerFile | undefined> {
  let text: string;
  try {
    text = await readFile(fileOf(home), "utf8");
  } catch {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { url, pid } = value as { url?: unknown; pid?: unknown };
    return typeof url === "string" && typeof pid === "number" ? { url, pid } : undefined;
  } catch {
    return undefined;
  }
}
