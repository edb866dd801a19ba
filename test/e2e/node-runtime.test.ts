import assert from "node:assert/strict";
import { test } from "node:test";
import { Worker } from "node:worker_threads";

test("the project's scripts run on Node 24 or newer", () => {
  const major = Number(process.versions.node.split(".")[0]);
  assert.ok(
    major >= 24,
    `tests run on Node ${process.versions.node}; npm scripts should put the project's Node 24 first on PATH`,
  );
});

test("worker threads load TypeScript sources directly", async () => {
  const source = `
    import { parentPort } from "node:worker_threads";
    import { parseDataType } from ${JSON.stringify(new URL("../../src/model/parse-data-type.ts", import.meta.url).href)};
    const r = parseDataType("array<decimal(5,2)>");
    parentPort.postMessage(r.ok ? r.type.kind + ":" + r.type.element.kind : "failed");
  `;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`));
  const message = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  assert.equal(message, "array:decimal");
});
