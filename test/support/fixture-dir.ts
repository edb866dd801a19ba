import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Writes files (relative path → content) into a new temporary folder and returns the folder. */
export function fixtureDir(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "rowforge-fixture-"));
  for (const [rel, content] of Object.entries(files)) {
    const full = join(root, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}
