import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { startHttpReceiver } from "../support/http-receiver.ts";
import { until } from "../support/until.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

interface Sse {
  readonly event: string;
  readonly data: Record<string, unknown>;
}
interface Stream {
  readonly status: number;
  readonly contentType: string;
  readonly events: Sse[];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** The client goes away (closes its socket). */
  destroy(): void;
}

/** Opens GET /run/events/{id} over a real socket and collects its events as they come. */
function follow(base: string, id: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/run/events/${id}`, { headers: { accept: "text/event-stream" } }, (res) => {
      const events: Sse[] = [];
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      });
      const ended = new Promise<void>((r) => {
        res.on("end", r);
        res.on("close", r);
      });
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers["content-type"] ?? ""),
        events,
        ended,
        destroy: () => req.destroy(),
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Starts a paced HTTP run (`records` at `rate` a second) to the receiver; its execution id. */
async function startPaced(app: ApiRuntime["app"], url: string, records: number, rate: number) {
  const save = await app.inject({
    method: "POST",
    url: "/connection",
    payload: { connections: [{ name: "api", type: "http", options: { url, password: "hidden-pw-9" } }] },
  });
  assert.equal(save.statusCode, 200, save.body);
  const started = await app.inject({
    method: "POST",
    url: "/run",
    payload: {
      plan: { name: "events_plan", tasks: [{ name: "t", dataSourceName: "api", enabled: true }] },
      tasks: [
        {
          name: "t",
          type: "http",
          options: { rowsPerSecond: String(rate) },
          count: { records },
          fields: [{ name: "n", type: "long", options: { sql: "__index_inc" } }],
        },
      ],
    },
  });
  assert.equal(started.statusCode, 200, started.body);
  return (started.json() as { executionId: string }).executionId;
}

const listen = async (app: ApiRuntime["app"]) => {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  assert.ok(address && typeof address === "object");
  return `http://127.0.0.1:${address.port}`;
};

test("GET /run/events/{id} streams a paced HTTP run: status, progress with delivery and ETA, then the final record; a late subscriber gets the current state first", async () => {
  const receiver = await startHttpReceiver();
  // The receiver is a URL this server's plans may reach.
  const { app, runs, close } = await apiRuntime({
    runtime: (dir) => ({ access: { dataDirs: [dir], allowUrls: [receiver.url] } }),
  });
  try {
    const base = await listen(app);
    const id = await startPaced(app, `${receiver.url}/events`, 400, 250);
    const early = await follow(base, id);
    assert.equal(early.status, 200);
    assert.match(early.contentType, /^text\/event-stream/);
    // The late subscriber joins once progress has been reported (some records done).
    await until("a progress event with records done", () =>
      early.events.some(
        (e) => e.event === "progress" && ((e.data.steps as { done: number }[])[0]?.done ?? 0) > 0,
      ),
    );
    const late = await follow(base, id);
    await Promise.all([early.ended, late.ended]);

    const kinds = early.events.map((e) => e.event);
    assert.equal(kinds[0], "status");
    assert.equal(kinds.at(-1), "end");
    assert.ok(kinds.filter((k) => k === "progress").length >= 2, kinds.join(","));
    const statuses = early.events.filter((e) => e.event === "status").map((e) => e.data.status);
    assert.ok(statuses.includes("running"), statuses.join(","));
    const progress = early.events.filter((e) => e.event === "progress").map((e) => e.data);
    const steps = progress.map((p) => (p.steps as Record<string, unknown>[])[0]!).filter(Boolean);
    const done = steps.map((s) => s.done as number);
    assert.deepEqual(
      done,
      [...done].sort((a, b) => a - b),
      "records done only grow",
    );
    const mid = steps.find((s) => s.status === "running" && (s.done as number) > 0)!;
    assert.ok(mid, "a progress event while the step ran");
    assert.equal(mid.total, 400);
    assert.equal(typeof mid.etaSeconds, "number");
    assert.ok((mid.rowsPerSecond as number) > 0);
    const delivery = steps.find((s) => s.delivery && s.status === "running")?.delivery as
      | { acknowledged: number; failed: number; rate: number }
      | undefined;
    assert.ok(delivery, "a rate-driven step reports what was acknowledged while it runs");
    assert.ok(delivery.acknowledged > 0 && delivery.acknowledged < 400, JSON.stringify(delivery));
    assert.equal(delivery.failed, 0);
    assert.equal(typeof delivery.rate, "number");

    const end = early.events.at(-1)!.data;
    assert.equal(end.id, id);
    assert.equal(end.status, "success");
    assert.equal(end.planName, "events_plan");
    assert.equal(end.mode, "generate");
    assert.equal((end.generationSummary as { records: number }[])[0]!.records, 400);
    assert.equal(end.reportLink, `/report/${id}/index.html`);

    // The late subscriber's first event is the state so far, not an empty run.
    assert.equal(late.events[0]!.event, "status");
    const first = (late.events[0]!.data.steps as { done: number }[])[0];
    assert.ok(first && first.done > 0, JSON.stringify(late.events[0]));
    assert.equal(late.events.at(-1)!.event, "end");

    assert.doesNotMatch(JSON.stringify(early.events), /hidden-pw-9/);
    assert.deepEqual(runs.watching, { runs: 0, listeners: 0 });
  } finally {
    await close();
    await receiver.close();
  }
});

test("GET /run/events of an ended run answers its status and end at once; an unknown id is a 404", async () => {
  const receiver = await startHttpReceiver();
  // The receiver is a URL this server's plans may reach.
  const { app, runs, close } = await apiRuntime({
    runtime: (dir) => ({ access: { dataDirs: [dir], allowUrls: [receiver.url] } }),
  });
  try {
    const base = await listen(app);
    const id = await startPaced(app, `${receiver.url}/events`, 20, 1000);
    await runs.idle();
    const s = await follow(base, id);
    await s.ended;
    assert.deepEqual(
      s.events.map((e) => e.event),
      ["status", "end"],
    );
    assert.equal(s.events[0]!.data.status, "success");
    assert.equal((s.events[0]!.data.steps as { done: number }[])[0]!.done, 20);
    const missing = await fetch(`${base}/run/events/no-such-run`);
    assert.equal(missing.status, 404);
    assert.match(((await missing.json()) as { message: string }).message, /no-such-run/);
  } finally {
    await close();
    await receiver.close();
  }
});

test("a client that goes away leaves no subscriber behind, and closing the server ends open streams", async () => {
  const receiver = await startHttpReceiver();
  // The receiver is a URL this server's plans may reach.
  const { app, runs, close } = await apiRuntime({
    runtime: (dir) => ({ access: { dataDirs: [dir], allowUrls: [receiver.url] } }),
  });
  try {
    const base = await listen(app);
    const id = await startPaced(app, `${receiver.url}/events`, 2000, 200);
    const gone = await follow(base, id);
    const stays = await follow(base, id);
    await until("both subscribers listening", () => runs.watching.listeners === 2);
    gone.destroy();
    await until("the gone client's subscriber removed", () => runs.watching.listeners === 1);
    const cancel = await app.inject({ method: "POST", url: `/run/cancel/${id}` });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await stays.ended;
    const end = stays.events.at(-1)!;
    assert.equal(end.event, "end");
    assert.equal(end.data.status, "failed");
    assert.match(String(end.data.failedReason), /cancelled/);
    assert.deepEqual(runs.watching, { runs: 0, listeners: 0 });

    // A stream still open when the server closes is ended by the close (no hang).
    const id2 = await startPaced(app, `${receiver.url}/events`, 5000, 100);
    const open = await follow(base, id2);
    await until("the open stream's first event", () => open.events.length > 0);
    const closed = app.close().then(() => open.ended);
    const late = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("the stream kept the server open")), 5000).unref(),
    );
    await Promise.race([closed, late]);
    assert.notEqual(open.events.at(-1)?.event, "end", "the run goes on; only the stream ended");
  } finally {
    await close();
    await receiver.close();
  }
});
