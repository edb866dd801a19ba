import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { sampleConnection, samplePlan, tempHome } from "../../test/support/store/store-samples.ts";
import { isRowforgeError } from "../errors/index.ts";
import { openStore, type Store } from "./open-store.ts";
import type { StoredConnection, StoredPlan } from "./store-records.ts";

let home: string;
let cleanup: () => Promise<void>;
let store: Store;

beforeEach(async () => {
  ({ home, cleanup } = await tempHome());
  store = await openStore(home);
});

afterEach(async () => {
  await store.close();
  await cleanup();
});

describe("store.plans", () => {
  it("saves, reads, replaces, lists and deletes plans", async () => {
    assert.equal(await store.plans.get("accounts"), undefined);
    await store.plans.put(samplePlan("accounts"));
    await store.plans.put(samplePlan("orders"));
    assert.deepEqual(await store.plans.get("accounts"), samplePlan("accounts"));

    const replaced = samplePlan("accounts", { id: "id-2", savedAt: "2025-03-02T08:00:00.000Z" });
    await store.plans.put(replaced);
    assert.deepEqual(await store.plans.get("accounts"), replaced);

    assert.deepEqual(
      (await store.plans.list()).map((p) => p.name),
      ["accounts", "orders"],
    );
    assert.equal(await store.plans.delete("accounts"), true);
    assert.equal(await store.plans.delete("accounts"), false);
    assert.equal(await store.plans.get("accounts"), undefined);
    assert.deepEqual(
      (await store.plans.list()).map((p) => p.name),
      ["orders"],
    );
  });

  it("keeps names case-sensitive and exact", async () => {
    await store.plans.put(samplePlan("Accounts"));
    await store.plans.put(samplePlan("accounts", { id: "lower" }));
    await store.plans.put(samplePlan("plan!with/odd chars é"));
    assert.equal((await store.plans.get("Accounts"))?.id, "id-Accounts");
    assert.equal((await store.plans.get("accounts"))?.id, "lower");
    assert.equal(await store.plans.get("ACCOUNTS"), undefined);
    assert.equal((await store.plans.get("plan!with/odd chars é"))?.name, "plan!with/odd chars é");
    assert.deepEqual(
      (await store.plans.list()).map((p) => p.name),
      ["Accounts", "accounts", "plan!with/odd chars é"],
    );
  });

  it("refuses a plan of the wrong shape with RF_RECORD_INVALID", async () => {
    // The stored type forbids this shape; the store must still refuse it at run time.
    const bad = { ...samplePlan("broken"), request: "not an object" } as unknown as StoredPlan;
    await assert.rejects(store.plans.put(bad), (e) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_RECORD_INVALID");
      assert.match(e.message, /plan "broken".*\/request/);
      return true;
    });
    assert.equal(await store.plans.get("broken"), undefined);
  });
});

describe("store.connections", () => {
  it("saves, reads, lists and deletes connections, secrets as given", async () => {
    await store.connections.put(sampleConnection("pg"));
    const json: StoredConnection = {
      name: "files",
      type: "json",
      groupType: "file",
      options: { path: "/tmp/out" },
      savedAt: "2025-03-01T11:00:00.000Z",
    };
    await store.connections.put(json);
    const pg = await store.connections.get("pg");
    assert.deepEqual(pg, sampleConnection("pg"));
    assert.equal(pg?.options.password, "s3cret");
    assert.deepEqual(await store.connections.get("files"), json);
    assert.deepEqual(
      (await store.connections.list()).map((c) => c.name),
      ["files", "pg"],
    );
    assert.equal(await store.connections.delete("pg"), true);
    assert.equal(await store.connections.get("pg"), undefined);
    assert.equal(await store.connections.delete("nope"), false);
  });

  it("refuses option values that are not strings", async () => {
    const bad = { ...sampleConnection("pg"), options: { port: 5432 } } as unknown as StoredConnection;
    await assert.rejects(store.connections.put(bad), (e) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_RECORD_INVALID");
      assert.match(e.message, /connection "pg": \/options\/port/);
      return true;
    });
  });
});

describe("re-opening", () => {
  it("keeps plans and connections after close", async () => {
    await store.plans.put(samplePlan("accounts"));
    await store.connections.put(sampleConnection("pg"));
    await store.close();
    store = await openStore(home);
    assert.deepEqual(await store.plans.get("accounts"), samplePlan("accounts"));
    assert.deepEqual(await store.connections.list(), [sampleConnection("pg")]);
  });
});
