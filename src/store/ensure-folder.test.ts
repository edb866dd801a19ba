import assert from "node:assert/strict";
import { stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tempHome } from "../../test/support/store/store-samples.ts";
import { ensureFolder } from "./ensure-folder.ts";

describe("ensureFolder", () => {
  it("creates missing parents and accepts a folder that exists", async () => {
    const { home, cleanup } = await tempHome();
    try {
      const deep = join(home, "a", "b", "c");
      await ensureFolder(deep);
      assert.ok((await stat(deep)).isDirectory());
      await ensureFolder(deep);
    } finally {
      await cleanup();
    }
  });

  it("refuses a file in the way, naming it", async () => {
    const { home, cleanup } = await tempHome();
    try {
      await ensureFolder(home);
      const file = join(home, "file");
      await writeFile(file, "x");
      await assert.rejects(ensureFolder(file), new RegExp(`${file} is a file, not a folder`));
      await assert.rejects(ensureFolder(join(file, "below")), /ENOTDIR/);
    } finally {
      await cleanup();
    }
  });

  it("gives up on a file system that refuses to create, instead of looping", {
    skip: process.platform !== "linux",
  }, async () => {
    await assert.rejects(ensureFolder("/proc/rowforge-cannot-create-here/home"), /ENOENT/);
  });
});
