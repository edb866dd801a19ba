import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { openStore, storeLocation } from "./open-store.ts";

test("the store (saved connections with their passwords) is readable by its owner only", async () => {
  const home = join(fixtureDir({}), "home");
  const store = await openStore(home);
  try {
    assert.equal(statSync(home).mode & 0o777, 0o700, "a home rowforge creates");
    const location = storeLocation(home);
    assert.equal(statSync(location).mode & 0o777, 0o700);
    const files = readdirSync(location).filter((f) => statSync(join(location, f)).isFile());
    assert.ok(files.length > 0);
    for (const f of files) assert.equal(statSync(join(location, f)).mode & 0o777, 0o600, f);
  } finally {
    await store.close();
  }
});
