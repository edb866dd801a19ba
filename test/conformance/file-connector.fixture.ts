import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fixtureDir } from "../support/fixture-dir.ts";
import { readWithPyarrow } from "../support/pyarrow.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

/** Files under a folder (relative paths), rowforge's lock file aside (it is left between runs by design). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name !== ".rowforge-lock")
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

async function idsOfFile(format: string, file: string): Promise<string[]> {
  if (format === "parquet" || format === "orc") {
    return readWithPyarrow(file, format).rows.map((r) => String(r.id));
  }
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l !== "");
  if (format === "csv") {
    const header = lines.shift()!.split(",");
    const at = header.indexOf("id");
    return lines.map((l) => l.split(",")[at]!);
  }
  return lines.map((l) => String((JSON.parse(l) as { id: unknown }).id));
}

/** The file connector's destinations: a fresh folder each (three part files when parts are asked for). */
export const fileConnectorFixture: ConnectorFixture = {
  destination: (_format, parts) => ({
    path: join(fixtureDir({}), "out"),
    ...(parts ? { partitions: "3" } : {}),
  }),
  async readIds(format, _options, outputs) {
    const ids: string[] = [];
    for (const f of outputs) ids.push(...(await idsOfFile(format, f)));
    return ids;
  },
  contents: (options) => filesUnder(options.path!),
};
