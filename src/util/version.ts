import { readFileSync } from "node:fs";

/** rowforge's version, read once from package.json (two folders up from this source file, one up from the bundle in dist/): the CLI's --version and the OpenAPI document show it. */
export const VERSION: string = readVersion();

function readVersion(): string {
  const pkg: unknown = JSON.parse(
    readFileSync(
      new URL(import.meta.url.endsWith(".ts") ? "../../package.json" : "../package.json", import.meta.url),
      "utf8",
    ),
  );
  const version = typeof pkg === "object" && pkg !== null && "version" in pkg ? pkg.version : undefined;
  return typeof version === "string" ? version : "0.0.0";
}
