import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readFileOptions } from "./file-options.ts";
import { scanOutput } from "./scan-output.ts";

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-scan-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}
const manifest = (files: string[]) => JSON.stringify({ runId: "r", plan: "p", step: "s", records: 1, files });

describe("scanOutput", () => {
  it("counts only manifest-named files, manifests, _SUCCESS, _temporary-* and the lock as rowforge's", async () => {
    const dir = folder({
      ".rowforge-r.manifest": manifest(["part-00000-r.json", "k=1/part-00000-r.json", "../outside.txt"]),
      "part-00000-r.json": "{}\n",
      "k=1/part-00000-r.json": "{}\n",
      "k=1/_mine.md": "x",
      "part-00001-other.json": "{}\n",
      ".env": "A=1",
      _SUCCESS: "",
      ".rowforge-lock": "{}",
      "_temporary-old/part-00000-old.json": "{}\n",
      "_temporary-now/part-00000-now.json": "{}\n",
    });
    symlinkSync("/etc", join(dir, "_temporary-link"));
    const scan = await scanOutput(readFileOptions("s", { path: dir }), "now");
    assert.deepEqual(scan.manifests, [".rowforge-r.manifest"]);
    assert.deepEqual(scan.owned, [join(dir, "k=1/part-00000-r.json"), join(dir, "part-00000-r.json")]);
    assert.deepEqual(scan.markers, [join(dir, "_SUCCESS"), join(dir, "_temporary-old")]);
    assert.deepEqual(scan.foreign, [".env", "_temporary-link", "k=1/_mine.md", "part-00001-other.json"]);
  });

  it("a single file is rowforge's only when a manifest of that file names it", async () => {
    const dir = folder({
      "a.csv": "x\n",
      "b.csv": "y\n",
      ".a.csv.rowforge-r.manifest": manifest(["a.csv"]),
      ".a.csv.crashed.tmp": "x",
      ".a.csv.now.tmp": "x",
    });
    const a = await scanOutput(readFileOptions("s", { path: join(dir, "a.csv") }), "now");
    assert.deepEqual(
      [a.owned, a.foreign, a.manifests],
      [[join(dir, "a.csv")], [], [".a.csv.rowforge-r.manifest"]],
    );
    assert.deepEqual(a.markers, [join(dir, ".a.csv.crashed.tmp")]);
    const b = await scanOutput(readFileOptions("s", { path: join(dir, "b.csv") }), "now");
    assert.deepEqual([b.owned, b.foreign, b.manifests], [[], ["b.csv"], []]);
  });
});
