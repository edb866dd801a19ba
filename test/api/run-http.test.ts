import assert from "node:assert/strict";
import { test } from "node:test";
import type { DeliveryReport } from "../../src/model/delivery-report.ts";
import { startHttpReceiver } from "../support/http-receiver.ts";
import { until } from "../support/until.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

interface HistoryRecord {
  id: string;
  status: string;
  failedReason: string;
  generationSummary: { records: number; delivery: DeliveryReport }[];
}

/** Saves connection `api` (HTTP, to `url`) and starts a run of 1,000 rows at 100 a second to it; its execution id. */
async function startPacedRun(app: ApiRuntime["app"], planName: string, options: Record<string, string>) {
  const save = await app.inject({
    method: "POST",
    url: "/connection",
    payload: { connections: [{ name: "api", type: "http", options }] },
  });
  assert.equal(save.statusCode, 200, save.body);
  const started = await app.inject({
    method: "POST",
    url: "/run",
    payload: {
      plan: { name: planName, tasks: [{ name: "t", dataSourceName: "api", enabled: true }] },
      tasks: [
        {
          name: "t",
          type: "http",
          options: { rowsPerSecond: "100" },
          count: { records: 1000 },
          fields: [{ name: "n", type: "long", options: { sql: "__index_inc" } }],
        },
      ],
    },
  });
  assert.equal(started.statusCode, 200, started.body);
  return (started.json() as { executionId: string }).executionId;
}

/** The run's record as GET /run/history answers it. */
async function recordOf(app: ApiRuntime["app"], id: string): Promise<HistoryRecord> {
  const history = (await app.inject({ url: "/run/history" })).json() as HistoryRecord[];
  return history.find((r) => r.id === id)!;
}

test("POST /run of a paced HTTP step, cancelled by POST /run/cancel: its summary says exactly what was acknowledged", async () => {
  const receiver = await startHttpReceiver();
  // The receiver is a URL this server's plans may reach.
  const { app, runs, close } = await apiRuntime({
    runtime: (dir) => ({ access: { dataDirs: [dir], allowUrls: [receiver.url] } }),
  });
  try {
    const id = await startPacedRun(app, "api_http", {
      url: `${receiver.url}/events`,
      password: "hidden-pw-1",
    });
    await until("60 rows received", () => receiver.received("/events").length >= 60, { timeoutMs: 30_000 });
    const cancel = await app.inject({ method: "POST", url: `/run/cancel/${id}` });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await runs.idle();
    const status = await recordOf(app, id);
    assert.equal(status.status, "failed");
    assert.match(status.failedReason, /cancelled/);
    const [step] = status.generationSummary;
    const received = receiver.received("/events").length;
    assert.ok(received > 50 && received < 400, `${received} received`);
    assert.equal(step!.delivery.acknowledged, received);
    assert.equal(step!.records, received);
    assert.ok(step!.delivery.perSecond.length >= 1);
    assert.doesNotMatch(JSON.stringify(status), /hidden-pw-1/);
  } finally {
    await close();
    await receiver.close();
  }
});

test("a server shutdown (POST /shutdown's path, past its grace period) stops a paced HTTP step and records exactly what was acknowledged", async () => {
  const receiver = await startHttpReceiver();
  // The receiver is a URL this server's plans may reach.
  const { app, runs, close } = await apiRuntime({
    runtime: (dir) => ({ access: { dataDirs: [dir], allowUrls: [receiver.url] } }),
  });
  try {
    const id = await startPacedRun(app, "api_http_shutdown", { url: `${receiver.url}/shutdown` });
    await until("60 rows received", () => receiver.received("/shutdown").length >= 60, { timeoutMs: 30_000 });
    // What POST /shutdown does: runs get a grace period, then are cancelled "shutdown".
    assert.equal(await runs.shutdown(300), true);
    const record = await recordOf(app, id);
    assert.equal(record.status, "failed");
    assert.match(record.failedReason, /shutdown/);
    const received = receiver.received("/shutdown").length;
    assert.ok(received > 50 && received < 500, `${received} received`);
    assert.equal(record.generationSummary[0]!.delivery.acknowledged, received);
  } finally {
    await close();
    await receiver.close();
  }
});
