import assert from "node:assert/strict";
import { test } from "node:test";
import { definePlan } from "./define-plan.ts";
import { generate } from "./generate.ts";

const NOW = "2026-03-01T12:00:00Z";

const events = (records: number) =>
  definePlan({
    name: "events",
    dataSources: [
      {
        name: "files",
        connection: { type: "json", options: { path: "/tmp/rowforge-never-written" } },
        steps: [
          {
            name: "events",
            count: { records },
            fields: [
              { name: "id", type: "long", options: { incremental: 1 } },
              { name: "kind", options: { oneOf: ["click", "view", "buy"] } },
              { name: "amount", type: "double", options: { min: 0, max: 100 } },
            ],
          },
        ],
      },
    ],
  });

test("a reader that stops early stops the generation: a billion-row step gives its first batch at once", async () => {
  const started = performance.now();
  const ids: unknown[] = [];
  for await (const row of generate(events(1_000_000_000), {
    seed: 1,
    now: NOW,
    batchSize: 500,
    workers: 0,
  })) {
    ids.push(row.id);
    if (ids.length === 3) break;
  }
  assert.deepEqual(ids, [1, 2, 3]);
  assert.ok(performance.now() - started < 30_000, "only the batches in flight were made");
});

test("an aborted signal ends the iteration with its reason", async () => {
  const controller = new AbortController();
  let read = 0;
  await assert.rejects(
    (async () => {
      for await (const batch of generate(events(100_000), {
        seed: 1,
        now: NOW,
        batchSize: 1000,
        workers: 0,
        signal: controller.signal,
      }).batches()) {
        read += batch.numRows;
        if (read === 2000) controller.abort(new Error("enough"));
      }
    })(),
    /enough/,
  );
  assert.ok(read >= 2000 && read < 100_000, `read ${read}`);
});

test("worker threads make the same rows as the calling thread", async () => {
  const collect = async (workers: number) => {
    const rows: unknown[] = [];
    for await (const row of generate(events(30_000), { seed: "w", now: NOW, batchSize: 4096, workers }))
      rows.push(row);
    return rows;
  };
  const inline = await collect(0);
  assert.equal(inline.length, 30_000);
  assert.deepEqual(await collect(2), inline);
});

test("a batch size that is not a positive whole number is a coded error", async () => {
  await assert.rejects(generate(events(10), { batchSize: 0 }).batches()[Symbol.asyncIterator]().next(), {
    code: "RF_OPTION_INVALID",
  });
});
