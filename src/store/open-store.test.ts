import assert from "node:assert/strict";
import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { Level } from "level";
import { sampleExecution, samplePlan, tempHome } from "../../test/support/store/store-samples.ts";
import { isRowforgeError, type RowforgeError } from "../errors/index.ts";
import { openStore, storeLocation } from "./open-store.ts";

let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ home, cleanup } = await tempHome());
});

afterEach(async () => {
  await cleanup();
});

const rejectsWith = async (
  promise: Promise<unknown>,
  code: string,
  ...patterns: RegExp[]
): Promise<RowforgeError> => {
  let caught: unknown;
  await assert.rejects(promise, (e) => {
    caught = e;
    return true;
  });
  assert.ok(isRowforgeError(caught), String(caught));
  assert.equal(caught.code, code, caught.message);
  for (const p of patterns) assert.match(caught.message, p);
  assert.doesNotMatch(caught.message, /\n\s+at /, "no stack trace in the message");
  return caught;
};

const literally = (s: string): RegExp => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Writes raw text under a key of a sublevel while the store is closed. */
async function writeRaw(entries: readonly [sublevel: string, key: string, value: string][]): Promise<void> {
  const raw = new Level(storeLocation(home));
  await raw.open();
  for (const [sublevel, key, value] of entries) await raw.sublevel(sublevel).put(key, value);
  await raw.close();
}

describe("openStore", () => {
  it("creates the home folder and the store folder inside it", async () => {
    const store = await openStore(home);
    assert.equal(store.home, home);
    assert.ok((await stat(join(home, "store"))).isDirectory());
    await store.close();
    await store.close();
  });

  it("refuses a second open in the same process with RF_STORE_LOCKED naming the folder", async () => {
    const store = await openStore(home);
    const e = await rejectsWith(openStore(home), "RF_STORE_LOCKED", literally(join(home, "store")), /in use/);
    assert.equal(e.status, 409);
    assert.match(e.hint, /--home/);
    await store.plans.put(samplePlan("still-works"));
    assert.equal((await store.plans.get("still-works"))?.name, "still-works");
    await store.close();
    const again = await openStore(home);
    await again.close();
  });

  it("reports a home that cannot hold a store as RF_STORE_UNAVAILABLE with the reason", async () => {
    await mkdir(home, { recursive: true });
    await writeFile(join(home, "store"), "a file where the folder should be");
    const e = await rejectsWith(
      openStore(home),
      "RF_STORE_UNAVAILABLE",
      literally(join(home, "store")),
      /cannot be opened: \S/,
    );
    assert.equal(e.status, 500);

    const fileHome = join(home, "store", "deeper");
    await rejectsWith(
      openStore(fileHome),
      "RF_STORE_UNAVAILABLE",
      literally(fileHome),
      /cannot be opened: \S/,
    );
  });

  it("refuses a store written with a newer layout version, and lets it go", async () => {
    const store = await openStore(home);
    await store.close();
    await writeRaw([["meta", "layoutVersion", "2"]]);
    const e = await rejectsWith(
      openStore(home),
      "RF_STORE_UNAVAILABLE",
      /layout version 2/,
      /up to 1/,
      /newer rowforge/,
    );
    assert.match(e.hint, /newer rowforge/);
    // The failed open released the lock: the folder can be opened again.
    await writeRaw([["meta", "layoutVersion", "1"]]);
    const reopened = await openStore(home);
    await reopened.close();
  });

  it("refuses a damaged layout version record", async () => {
    await (await openStore(home)).close();
    await writeRaw([["meta", "layoutVersion", '"one"']]);
    await rejectsWith(openStore(home), "RF_STORE_UNAVAILABLE", /damaged layout version/);
  });
});

describe("damaged records", () => {
  it("skips them in lists, reports them on get, and can still delete or replace them", async () => {
    const first = await openStore(home);
    await first.plans.put(samplePlan("good"));
    await first.executions.put(sampleExecution("e-good", "2025-03-01T10:00:00.000Z"));
    await first.executions.put(sampleExecution("e-bad", "2025-03-01T11:00:00.000Z"));
    await first.close();
    await writeRaw([
      ["plans", "bad-json", "{not json"],
      ["plans", "wrong-shape", '{"name":"wrong-shape"}'],
      ["plans", "renamed", JSON.stringify(samplePlan("other"))],
      ["connections", "pg", '{"name":"pg","type":"postgres"}'],
      ["executions", "e-bad", "garbage"],
    ]);

    const problems: string[] = [];
    const store = await openStore(home, {
      onCorrupt: (p) => problems.push(`${p.sublevel}/${p.key}: ${p.reason}`),
    });
    assert.deepEqual(
      (await store.plans.list()).map((p) => p.name),
      ["good"],
    );
    assert.deepEqual(await store.connections.list(), []);
    assert.deepEqual(
      (await store.executions.list()).map((e) => e.id),
      ["e-good"],
    );
    assert.deepEqual(await store.executions.listByStatus("running").then((l) => l.map((e) => e.id)), [
      "e-good",
    ]);
    assert.ok(problems.includes("plans/bad-json: not valid JSON"), problems.join("\n"));
    assert.ok(problems.some((p) => p.startsWith("plans/wrong-shape: ")));
    assert.ok(problems.some((p) => p.startsWith('plans/renamed: its name "other" differs')));
    assert.ok(problems.some((p) => p.startsWith("connections/pg: ")));
    assert.ok(problems.includes("executions/e-bad: not valid JSON"), problems.join("\n"));

    await rejectsWith(
      store.plans.get("bad-json"),
      "RF_STORE_UNAVAILABLE",
      /plan under key "plans\/bad-json"/,
      /not valid JSON/,
    );
    await rejectsWith(
      store.connections.get("pg"),
      "RF_STORE_UNAVAILABLE",
      /connection under key "connections\/pg"/,
    );
    await rejectsWith(
      store.executions.get("e-bad"),
      "RF_STORE_UNAVAILABLE",
      /execution under key "executions\/e-bad"/,
    );

    assert.equal(await store.plans.delete("bad-json"), true);
    assert.equal(await store.plans.get("bad-json"), undefined);

    // Saving the damaged execution again, at another time, leaves its old index entry stale: it must not show twice.
    await store.executions.put(sampleExecution("e-bad", "2025-03-01T09:00:00.000Z", { status: "success" }));
    assert.deepEqual(
      (await store.executions.list()).map((e) => e.id),
      ["e-good", "e-bad"],
    );
    assert.deepEqual(
      (await store.executions.listByStatus("running")).map((e) => e.id),
      ["e-good"],
    );
    assert.deepEqual(
      (await store.executions.listByStatus("success")).map((e) => e.id),
      ["e-bad"],
    );
    await store.close();
  });

  it("reports reads after close as RF_STORE_UNAVAILABLE", async () => {
    const store = await openStore(home);
    await store.close();
    await rejectsWith(store.plans.get("x"), "RF_STORE_UNAVAILABLE", /read plan "x"/, literally(home));
  });
});
