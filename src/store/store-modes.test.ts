import assert from "node:assert/strict";
import { chmodSync, readdirSync, statSync } from "node:fs";
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

/** Every file of the store folder with its permission bits, for the assertion message. */
const modesOf = (location: string) =>
  readdirSync(location)
    .filter((f) => statSync(join(location, f)).isFile())
    .map((f) => `${f} ${(statSync(join(location, f)).mode & 0o777).toString(8)}`);

test("files LevelDB writes while the store is open (a flushed write buffer, a new log) are owner-only too", async () => {
  const home = join(fixtureDir({}), "home");
  const store = await openStore(home);
  const location = storeLocation(home);
  const before = new Set(readdirSync(location));
  try {
    // More than LevelDB's 4 MB write buffer: it writes a table file and starts a new log.
    const big = "x".repeat(64 * 1024);
    for (let i = 0; i < 100; i++)
      await store.plans.put({
        id: `p${i}`,
        name: `p${i}`,
        request: { big },
        savedAt: new Date().toISOString(),
      });
    const created = readdirSync(location).filter((f) => !before.has(f));
    assert.ok(
      created.some((f) => f.endsWith(".ldb")),
      `a table file was written: ${created.join(", ")}`,
    );
    // While the store is open (a server's whole life), not only once it is closed.
    const open = () => modesOf(location).filter((m) => !m.endsWith(" 600"));
    for (let waited = 0; open().length > 0 && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(open(), [], modesOf(location).join("; "));
  } finally {
    await store.close();
  }
  assert.deepEqual(
    modesOf(location).filter((m) => !m.endsWith(" 600")),
    [],
  );
});

test("a store left readable by others (an older rowforge) is made owner-only when opened", async () => {
  const home = join(fixtureDir({}), "home");
  await (await openStore(home)).close();
  const location = storeLocation(home);
  chmodSync(location, 0o755);
  for (const f of readdirSync(location)) chmodSync(join(location, f), 0o644);
  const store = await openStore(home);
  await store.close();
  assert.equal(statSync(location).mode & 0o777, 0o700);
  assert.deepEqual(
    modesOf(location).filter((m) => !m.endsWith(" 600")),
    [],
  );
});
