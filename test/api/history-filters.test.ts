import assert from "node:assert/strict";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test("GET /run/history filters by planName, status and mode; extended=true adds planName and mode to each record", async () => {
  const { app, store, close } = await apiRuntime();
  try {
    const rows = [
      ["a", "success", "generate"],
      ["a", "failed", "generate"],
      ["a", "success", "delete"],
      ["b", "success", "generate"],
    ] as const;
    for (const [i, [planName, status, mode]] of rows.entries()) {
      const id = `00000000-0000-4000-8000-00000000001${i}`;
      await store.executions.put({
        id,
        planName,
        status,
        failedReason: status === "failed" ? "boom" : null,
        runBy: "api",
        updatedBy: "api",
        createdTs: `2026-11-01T00:00:1${i}.000Z`,
        updatedTs: `2026-11-01T00:00:1${i}.000Z`,
        generationSummary: [],
        validationSummary: [],
        reportLink: `/report/${id}/index.html`,
        timeTaken: "0.00s",
        mode,
      });
    }
    const get = async (query: string) => {
      const r = await app.inject({ url: `/run/history?${query}` });
      assert.equal(r.statusCode, 200, r.body);
      return r.json() as { id: string; planName?: string; status: string; mode?: string }[];
    };
    assert.equal((await get("planName=a")).length, 3);
    assert.deepEqual(
      (await get("planName=a&status=success&extended=true")).map((r) => [r.planName, r.status, r.mode]),
      [
        ["a", "success", "delete"],
        ["a", "success", "generate"],
      ],
    );
    assert.deepEqual(
      (await get("mode=delete&extended=true")).map((r) => r.planName),
      ["a"],
    );
    const total = await app.inject({ url: "/run/history?status=success&limit=1" });
    assert.equal(total.headers["x-total-count"], "3", "the total counts the filtered list");
    // Without extended, the spec's record exactly.
    const plain = (await get("planName=b"))[0]!;
    assert.equal(plain.planName, undefined);
    assert.equal(plain.mode, undefined);
    assert.deepEqual(await get("planName=nope"), []);
  } finally {
    await close();
  }
});

test("GET /run/history?planNameContains matches a part of the plan's name, ignoring case; planName stays exact", async () => {
  const { app, store, close } = await apiRuntime();
  try {
    for (const [i, planName] of ["Orders_EU", "orders", "customers", "back_orders_v2"].entries()) {
      const id = `00000000-0000-4000-8000-00000000002${i}`;
      await store.executions.put({
        id,
        planName,
        status: "success",
        failedReason: null,
        runBy: "api",
        updatedBy: "api",
        createdTs: `2026-11-01T00:00:2${i}.000Z`,
        updatedTs: `2026-11-01T00:00:2${i}.000Z`,
        generationSummary: [],
        validationSummary: [],
        reportLink: `/report/${id}/index.html`,
        timeTaken: "0.00s",
        mode: "generate",
      });
    }
    const names = async (query: string) => {
      const r = await app.inject({ url: `/run/history?extended=true&${query}` });
      assert.equal(r.statusCode, 200, r.body);
      return (r.json() as { planName: string }[]).map((x) => x.planName);
    };
    assert.deepEqual(await names("planNameContains=ORDER"), ["back_orders_v2", "orders", "Orders_EU"]);
    assert.deepEqual(await names("planNameContains=eu"), ["Orders_EU"]);
    assert.deepEqual(await names("planNameContains=zz"), []);
    assert.deepEqual(await names("planName=orders"), ["orders"], "planName is the exact name");
    assert.deepEqual(await names("planName=order"), []);
  } finally {
    await close();
  }
});

test("an edit that sends a connection's masked secret back keeps the stored secret; a new value replaces it", async () => {
  const { app, store, close } = await apiRuntime();
  try {
    const save = (options: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/connection",
        payload: { connections: [{ name: "db", type: "postgres", options }] },
      });
    assert.equal(
      (await save({ url: "postgresql://bob:pw-in-url@h:5432/x", user: "bob", password: "s3cret-1" }))
        .statusCode,
      200,
    );
    const shown = (await app.inject({ url: "/connection/db" })).json() as { options: Record<string, string> };
    assert.equal(shown.options.password, "***");
    assert.doesNotMatch(JSON.stringify(shown), /s3cret-1|pw-in-url/);
    // The UI's edit form sends back what it was shown, with one option changed.
    assert.equal((await save({ ...shown.options, user: "alice" })).statusCode, 200);
    const kept = await store.connections.get("db");
    assert.equal(kept?.options.password, "s3cret-1");
    assert.equal(kept?.options.url, "postgresql://bob:pw-in-url@h:5432/x");
    assert.equal(kept?.options.user, "alice");
    assert.equal((await save({ ...shown.options, password: "new-2" })).statusCode, 200);
    assert.equal((await store.connections.get("db"))?.options.password, "new-2");
  } finally {
    await close();
  }
});
