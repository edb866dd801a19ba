import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { Level } from "level";
import { tempHome } from "../../test/support/store/store-samples.ts";
import { isRowforgeError } from "../errors/index.ts";
import {
  LAYOUT_MIGRATIONS,
  type LayoutMigration,
  prepareLayout,
  STORE_LAYOUT_VERSION,
} from "./layout-version.ts";
import { openSublevel, type StoreDb } from "./store-db.ts";

let cleanup: () => Promise<void>;
let db: StoreDb;

beforeEach(async () => {
  const t = await tempHome();
  cleanup = t.cleanup;
  db = new Level<string, unknown>(t.home, { valueEncoding: "json" });
  await db.open();
});

afterEach(async () => {
  await db.close();
  await cleanup();
});

const meta = () => openSublevel(db, "meta");

describe("prepareLayout", () => {
  it("stamps a new store with the current version, which has no pending migrations", async () => {
    assert.equal(STORE_LAYOUT_VERSION, 1);
    assert.deepEqual(Object.keys(LAYOUT_MIGRATIONS), []);
    assert.equal(await prepareLayout({ db, meta: meta(), location: "/x" }), undefined);
    assert.equal(await meta().get("layoutVersion"), 1);
    assert.equal(await prepareLayout({ db, meta: meta(), location: "/x" }), 1);
  });

  it("upgrades an older store one version at a time, in order", async () => {
    await meta().put("layoutVersion", 1);
    const ran: string[] = [];
    const step =
      (from: number): LayoutMigration =>
      async (d) => {
        ran.push(
          `${from}->${from + 1} at ${String(await d.sublevel("meta", { valueEncoding: "json" }).get("layoutVersion"))}`,
        );
      };
    const found = await prepareLayout({
      db,
      meta: meta(),
      location: "/x",
      target: 3,
      migrations: { 1: step(1), 2: step(2) },
    });
    assert.equal(found, 1);
    assert.deepEqual(ran, ["1->2 at 1", "2->3 at 2"]);
    assert.equal(await meta().get("layoutVersion"), 3);
  });

  it("stops at a missing migration with RF_INTERNAL and leaves the version where it got to", async () => {
    await meta().put("layoutVersion", 1);
    const noop: LayoutMigration = async () => undefined;
    await assert.rejects(
      prepareLayout({ db, meta: meta(), location: "/x", target: 3, migrations: { 1: noop } }),
      (e) => {
        assert.ok(isRowforgeError(e));
        assert.equal(e.code, "RF_INTERNAL");
        assert.match(e.message, /from store layout version 2 to 3/);
        return true;
      },
    );
    assert.equal(await meta().get("layoutVersion"), 2);
  });
});
