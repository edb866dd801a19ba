import assert from "node:assert/strict";
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { UI_SHARED_SOURCES } from "./build-ui.ts";
import { loadUiAssets, packageRoot, uiBuildDir } from "./ui-assets.ts";

/** A package root of its own: a copy of src/ui and the project's node_modules (for preact and esbuild). */
function packageCopy(): string {
  const root = mkdtempSync(join(tmpdir(), "rowforge-ui-assets-"));
  cpSync(join(packageRoot(), "src", "ui"), join(root, "src", "ui"), { recursive: true });
  for (const shared of UI_SHARED_SOURCES) cpSync(join(packageRoot(), shared), join(root, shared));
  cpSync(join(packageRoot(), "tsconfig.json"), join(root, "tsconfig.json"));
  symlinkSync(join(packageRoot(), "node_modules"), join(root, "node_modules"));
  return root;
}

test("without a build the UI is built and written to dist/ui; a fresh build is read as it is; edited sources are built again", async () => {
  const root = packageCopy();
  try {
    const first = await loadUiAssets(root);
    assert.deepEqual([...first.keys()].sort(), ["app.css", "app.js", "index.html"]);
    const js = first.get("app.js")!;
    assert.match(js.type, /javascript/);
    assert.ok(js.br.length < js.body.length && js.gzip.length < js.body.length);
    assert.deepEqual(gunzipSync(js.gzip), js.body);
    const written = join(uiBuildDir(root), "app.js");
    assert.deepEqual(readFileSync(written), js.body);
    const builtAt = statSync(written).mtimeMs;

    // Fresh: read from dist/ui, not built again (the file is not rewritten).
    const second = await loadUiAssets(root);
    assert.deepEqual(second.get("app.js")!.body, js.body);
    assert.equal(statSync(written).mtimeMs, builtAt);

    // An edited source makes the build stale: built again, with the edit in it.
    const styles = join(root, "src", "ui", "styles.css");
    const css = `${readFileSync(styles, "utf8")}\n.edited-for-test { color: red; }\n`;
    writeFileSync(styles, css);
    const later = new Date(Date.now() + 5000);
    utimesSync(styles, later, later);
    const third = await loadUiAssets(root);
    assert.match(third.get("app.css")!.body.toString(), /\.edited-for-test/);
    assert.match(readFileSync(join(uiBuildDir(root), "app.css"), "utf8"), /\.edited-for-test/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
