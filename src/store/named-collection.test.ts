import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { storePerTest } from "../../test/support/store/store-per-test.ts";
import { sampleConnection, samplePlan } from "../../test/support/store/store-samples.ts";
import { isRowforgeError } from "../errors/index.ts";
import type { StoredConnection, StoredPlan } from "./store-records.ts";

const t = storePerTest();

/** The names a collection lists, in its order. */
const namesIn = async (c: { list(): Promise<readonly { name: string }[]> }): Promise<string[]> =>
  (await c.list()).map((r) => r.name);

describe("store.plans", () => {
  it("saves, reads, replaces, lists and deletes plans", async () => {
    assert.equal(await t.store.plans.get("accounts"), undefined);
    await t.store.plans.put(samplePlan("accounts"));
    await t.store.plans.put(samplePlan("orders"));
    assert.deepEqual(await t.store.plans.get("accounts"), samplePlan("accounts"));

    const replaced = samplePlan("accounts", { id: "id-2", savedAt: "2025-03-02T08:00:00.000Z" });
    await t.store.plans.put(replaced);
    assert.deepEqual(await t.store.plans.get("accounts"), replaced);

    assert.deepEqual(await namesIn(t.store.plans), ["accounts", "orders"]);
    assert.equal(await t.store.plans.delete("accounts"), true);
    assert.equal(await t.store.plans.delete("accounts"), false);
    assert.equal(await t.store.plans.get("accounts"), undefined);
    assert.deepEqual(await namesIn(t.store.plans), ["orders"]);
  });

  it("keeps names case-sensitive and exact", async () => {
    await t.store.plans.put(samplePlan("Accounts"));
    await t.store.plans.put(samplePlan("accounts", { id: "lower" }));
    await t.store.plans.put(samplePlan("plan!with/odd chars é"));
    assert.equal((await t.store.plans.get("Accounts"))?.id, "id-Accounts");
    assert.equal((await t.store.plans.get("accounts"))?.id, "lower");
    assert.equal(await t.store.plans.get("ACCOUNTS"), undefined);
    assert.equal((await t.store.plans.get("plan!with/odd chars é"))?.name, "plan!with/odd chars é");
    assert.deepEqual(await namesIn(t.store.plans), ["Accounts", "accounts", "plan!with/odd chars é"]);
  });

  it("refuses a plan of the wrong shape with RF_RECORD_INVALID", async () => {
    // The stored type forbids this shape; the store must still refuse it at run time.
    const bad = { ...samplePlan("broken"), request: "not an object" } as unknown as StoredPlan;
    await assert.rejects(t.store.plans.put(bad), (e) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_RECORD_INVALID");
      assert.match(e.message, /plan "broken".*\/request/);
      return true;
    });
    assert.equal(await t.store.plans.get("broken"), undefined);
  });
});

describe("store.connections", () => {
  it("saves, reads, lists and deletes connections, secrets as given", async () => {
    await t.store.connections.put(sampleConnection("pg"));
    const json: StoredConnection = {
      name: "files",
      type: "json",
      groupType: "file",
      options: { path: "/tmp/out" },
      savedAt: "2025-03-01T11:00:00.000Z",
    };
    await t.store.connections.put(json);
    const pg = await t.store.connections.get("pg");
    assert.deepEqual(pg, sampleConnection("pg"));
    assert.equal(pg?.options.password, "s3cret");
    assert.deepEqual(await t.store.connections.get("files"), json);
    assert.deepEqual(await namesIn(t.store.connections), ["files", "pg"]);
    assert.equal(await t.store.connections.delete("pg"), true);
    assert.equal(await t.store.connections.get("pg"), undefined);
    assert.equal(await t.store.connections.delete("nope"), false);
  });

  it("refuses option values that are not strings", async () => {
    const bad = { ...sampleConnection("pg"), options: { port: 5432 } } as unknown as StoredConnection;
    await assert.rejects(t.store.connections.put(bad), (e) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_RECORD_INVALID");
      assert.match(e.message, /connection "pg": \/options\/port/);
      return true;
    });
  });
});

describe("re-opening", () => {
  it("keeps plans and connections after close", async () => {
    await t.store.plans.put(samplePlan("accounts"));
    await t.store.connections.put(sampleConnection("pg"));
    await t.reopen();
    assert.deepEqual(await t.store.plans.get("accounts"), samplePlan("accounts"));
    assert.deepEqual(await t.store.connections.list(), [sampleConnection("pg")]);
  });
});
