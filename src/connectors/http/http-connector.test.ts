// rowforge-test: alone (a rate held within 5% each second)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { assertRateHeld, perSecond } from "../../../test/support/broker-clients.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { type HttpReceiver, startHttpReceiver } from "../../../test/support/http-receiver.ts";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { createInlineExecutor } from "../../app/executors.ts";
import { deletePlanData } from "../../app/runs/delete-plan-data.ts";
import { runPlan } from "../../app/runs/run-plan.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";

let receiver: HttpReceiver;
let path = 0;
before(async () => {
  receiver = await startHttpReceiver();
});
after(() => receiver.close());

/** A fresh path on the receiver for one test. */
const freshPath = () => `/t${++path}`;

const ACCOUNT_FIELDS = `
      - name: httpUrl
        type: struct
        fields:
          - {name: url, static: "URL/accounts/{id}"}
          - {name: method, static: PUT}
          - name: pathParam
            type: struct
            fields:
              - {name: id, options: {sql: body.account_id}}
      - name: httpHeaders
        type: struct
        fields:
          - {name: Content-Type, static: application/json}
          - {name: X-Account, options: {sql: body.account_id}}
      - name: httpBody
        type: struct
        fields:
          - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}
          - {name: amount, type: double, options: {min: 1, max: 100}}
`;

function httpPlan(step: string, connection: Readonly<Record<string, string>> = {}): Promise<ResolvedPlan> {
  return planFrom(
    "name: p\ntasks:\n  - name: t\n    dataSourceName: api\nsinkOptions: {seed: 7}\n",
    { t: `name: t\nsteps:\n${step}` },
    {
      "application.conf": `http {\n  api {\n${Object.entries(connection)
        .map(([k, v]) => `    ${k} = ${JSON.stringify(v)}\n`)
        .join("")}  }\n}\n`,
    },
  );
}

const run = (plan: ResolvedPlan, signal?: AbortSignal) =>
  runPlan(plan, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
    ...(signal ? { signal } : {}),
  });

describe("HTTP connector", () => {
  it("sends one request per row: url with path parameter, method, headers and JSON body", async () => {
    const p = freshPath();
    const plan = await httpPlan(
      `  - name: accounts\n    count: {records: 300}\n    fields:${ACCOUNT_FIELDS.replace("URL", `${receiver.url}${p}`)}`,
    );
    const r = await run(plan);
    assert.equal(r.success, true, r.failedReason ?? "");
    const got = receiver.received(p);
    assert.equal(got.length, 300);
    const ids = new Set<string>();
    for (const q of got) {
      assert.equal(q.method, "PUT");
      const body = JSON.parse(q.body) as { account_id: string; amount: number };
      assert.match(body.account_id, /^ACC\d{8}$/);
      assert.equal(q.url, `${p}/accounts/${body.account_id}`);
      assert.equal(q.headers["x-account"], body.account_id);
      assert.equal(q.headers["content-type"], "application/json");
      assert.ok(body.amount >= 1 && body.amount <= 100);
      ids.add(body.account_id);
    }
    assert.equal(ids.size, 300);
    const d = r.steps[0]!.delivery!;
    assert.deepEqual([d.sent, d.acknowledged, d.failed], [300, 300, 0]);
    assert.deepEqual(d.responses, { "200": 300 });
    assert.ok(d.latencyMs && d.latencyMs.p50 > 0 && d.latencyMs.max >= d.latencyMs.p99);
    assert.equal(r.steps[0]!.records, 300);
  });

  it("a step named like POST/pets calls that route of the connection's url", async () => {
    const p = freshPath();
    const plan = await httpPlan(
      "  - name: POST/pets\n    count: {records: 5}\n    fields:\n      - {name: name, options: {oneOf: [rex, tom]}}\n",
      { url: `${receiver.url}${p}` },
    );
    const r = await run(plan);
    assert.equal(r.success, true, r.failedReason ?? "");
    const got = receiver.received(p);
    assert.equal(got.length, 5);
    for (const q of got) {
      assert.equal(q.method, "POST");
      assert.equal(q.url, `${p}/pets`);
      assert.match((JSON.parse(q.body) as { name: string }).name, /^(rex|tom)$/);
    }
  });

  it("fields marked isQueryParam become the query string, arrays as their style and explode say", async () => {
    const p = freshPath();
    const plan = await httpPlan(
      `  - name: query\n    count: {records: 4}\n    options: {url: "${receiver.url}${p}?fixed=1", method: GET}\n    fields:\n      - {name: tags, type: "array<string>", options: {sql: "ARRAY('a b', 'c')", isQueryParam: true, queryParamStyle: form, queryParamExplode: false}}\n      - {name: ids, type: "array<int>", options: {sql: "ARRAY(1, 2)", isQueryParam: true}}\n      - {name: limit, type: int, options: {sql: "__index_inc + 1", isQueryParam: true}}\n`,
    );
    const r = await run(plan);
    assert.equal(r.success, true, r.failedReason ?? "");
    assert.deepEqual(
      receiver
        .received(p)
        .map((q) => [q.method, q.url, q.body])
        .sort((a, b) => a[1]!.localeCompare(b[1]!)),
      [1, 2, 3, 4].map((n) => ["GET", `${p}?fixed=1&tags=a%20b,c&ids=1&ids=2&limit=${n}`, ""]),
    );
  });

  it("holds count.duration + rate within 5% per second, measured where the requests arrive", async () => {
    await assertRateHeld(
      async () => {
        const p = freshPath();
        const plan = await httpPlan(
          `  - name: rated\n    count: {duration: 3s, rate: 400}\n    options: {url: "${receiver.url}${p}", method: POST}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
        );
        const r = await run(plan);
        assert.equal(r.success, true, r.failedReason ?? "");
        const d = r.steps[0]!.delivery!;
        assert.equal(d.schedule?.kind, "rate");
        assert.deepEqual(
          d.perSecond.slice(0, 3).map((s) => s.target),
          [400, 400, 400],
        );
        return { received: receiver.received(p), expected: 1200, behindSeconds: d.behindSeconds ?? 0 };
      },
      400,
      3,
    );
  });

  it("follows a ramp load pattern", async () => {
    // Like assertRateHeld: an attempt the machine starved (the run says it fell behind) is tried again.
    for (let k = 0; ; k++) {
      const p = freshPath();
      const plan = await httpPlan(
        `  - name: ramp\n    count:\n      duration: 2s\n      pattern: {type: ramp, startRate: 200, endRate: 600}\n    options: {url: "${receiver.url}${p}"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      );
      const r = await run(plan);
      assert.equal(r.success, true, r.failedReason ?? "");
      assert.equal(receiver.received(p).length, 800);
      const seconds = perSecond(receiver.received(p), 400);
      const held = Math.abs(seconds[0]! - 300) <= 15 && Math.abs(seconds[1]! - 500) <= 25;
      if (held) return;
      const behind = r.steps[0]!.delivery!.behindSeconds ?? 0;
      assert.ok(behind >= 0.05 && k < 2, `per second ${seconds}, ${behind} s behind`);
    }
  });

  it("counts error answers per status and goes on; retries 5xx until they succeed", async () => {
    const p = freshPath();
    receiver.behave({ status: (n, req) => (req.url.startsWith(p) && n % 3 === 0 ? 500 : 200) });
    const log = join(fixtureDir({}), "logs", "responses.ndjson");
    try {
      const plan = await httpPlan(
        `  - name: flaky\n    count: {records: 90}\n    options: {url: "${receiver.url}${p}", retries: "0", concurrency: "1", responseLog: "${log}"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      );
      const r = await run(plan);
      // The response log has one line per request: its row, status and latency.
      const lines = readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map(
          (l) =>
            JSON.parse(l) as {
              row: number;
              method: string;
              url: string;
              status: number;
              ms: number;
              error?: string;
            },
        );
      assert.deepEqual(
        lines.map((l) => l.row).sort((a, b) => a - b),
        Array.from({ length: 90 }, (_, i) => i),
      );
      assert.ok(lines.every((l) => l.method === "POST" && l.url === `${receiver.url}${p}` && l.ms > 0));
      assert.equal(
        lines.filter((l) => l.status === 500 && /HTTP 500/.test(l.error ?? "")).length,
        receiver.received(p).filter((q) => q.status === 500).length,
      );
      assert.equal(r.success, true, r.failedReason ?? "");
      const d = r.steps[0]!.delivery!;
      const refused = receiver.received(p).filter((q) => q.status === 500).length;
      assert.ok(refused > 0);
      assert.equal(d.failed, refused);
      assert.equal(d.acknowledged, 90 - refused);
      assert.deepEqual(d.responses, { "200": 90 - refused, "500": refused });
      assert.match(d.errors[0]!.message, /HTTP 500 from POST http:\/\/127\.0\.0\.1:\d+\/t\d+/);
      assert.ok(Math.abs(d.errorRate - refused / 90) < 1e-9);

      const q = freshPath();
      let first = true;
      receiver.behave({
        status: (_n, req) => {
          if (!req.url.startsWith(q)) return 200;
          first = !first;
          return first ? 200 : 503;
        },
      });
      const retried = await run(
        await httpPlan(
          `  - name: retried\n    count: {records: 20}\n    options: {url: "${receiver.url}${q}", retryBackoff: "1", concurrency: "1"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
        ),
      );
      assert.equal(retried.success, true);
      assert.equal(retried.steps[0]!.delivery!.acknowledged, 20);
      assert.equal(receiver.received(q).length, 40);
    } finally {
      receiver.behave({});
    }
  });

  it("a receiver that never answers or cuts connections: failures counted, the run ends", async () => {
    const hung = await startHttpReceiver({ hang: true });
    try {
      const plan = await httpPlan(
        `  - name: hung\n    count: {records: 4}\n    options: {url: "${hung.url}/x", timeout: "0.3", retries: "0"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      );
      const t0 = performance.now();
      const r = await run(plan);
      assert.ok(performance.now() - t0 < 10_000);
      assert.equal(r.success, true);
      const d = r.steps[0]!.delivery!;
      assert.deepEqual([d.acknowledged, d.failed], [0, 4]);
      assert.match(d.errors[0]!.message, /no response within 0.3 s/);
    } finally {
      await hung.close();
    }
    const cut = await startHttpReceiver({ cut: (n) => n % 2 === 0 });
    try {
      const plan = await httpPlan(
        `  - name: cut\n    count: {records: 10}\n    options: {url: "${cut.url}/y", retries: "0", concurrency: "1"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      );
      const r = await run(plan);
      const d = r.steps[0]!.delivery!;
      assert.equal(d.acknowledged + d.failed, 10);
      assert.equal(d.failed, 5);
      assert.match(d.errors[0]!.message, /closed the connection/);
    } finally {
      await cut.close();
    }
  });

  it("nothing listening: the step fails with RF_BROKER_UNREACHABLE naming where, at once", async () => {
    const gone = await startHttpReceiver();
    const url = gone.url;
    await gone.close();
    const plan = await httpPlan(
      `  - name: down\n    count: {records: 50}\n    options: {url: "${url}/z"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
    );
    const r = await run(plan);
    assert.equal(r.success, false);
    const step = r.steps[0]!;
    assert.equal(step.errorCode, "RF_BROKER_UNREACHABLE");
    assert.match(
      step.error!,
      new RegExp(
        `nothing answers at ${url.replaceAll(".", "\\.")} \\(ECONNREFUSED\\); 0 of \\d+ messages were acknowledged`,
      ),
    );
    assert.equal(step.delivery!.acknowledged, 0);
  });

  it("a cancelled paced step says exactly how many requests were acknowledged", async () => {
    const p = freshPath();
    const plan = await httpPlan(
      `  - name: slow\n    count: {records: 1000}\n    options: {url: "${receiver.url}${p}", rowsPerSecond: "200"}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled")), 1000);
    const r = await run(plan, controller.signal);
    assert.equal(r.success, false);
    const d = r.steps[0]!.delivery!;
    assert.ok(d.acknowledged > 100 && d.acknowledged < 400, `${d.acknowledged}`);
    assert.equal(d.acknowledged, receiver.received(p).length);
    assert.equal(r.steps[0]!.records, d.acknowledged);
  });

  it("basic authentication is sent and never shown", async () => {
    const p = freshPath();
    const plan = await httpPlan(
      `  - name: authed\n    count: {records: 2}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      { url: `${receiver.url}${p}`, user: "svc", password: "s3cret-Pw" },
    );
    const r = await run(plan);
    assert.equal(r.success, true);
    assert.equal(
      receiver.received(p)[0]!.headers.authorization,
      `Basic ${Buffer.from("svc:s3cret-Pw").toString("base64")}`,
    );
    assert.doesNotMatch(JSON.stringify(r), /s3cret-Pw|c3ZjOnMzY3JldC1Qdw/);
  });

  it("delete mode says requests cannot be taken back", async () => {
    const plan = await httpPlan(
      "  - name: gone\n    count: {records: 2}\n    fields:\n      - {name: n, type: long}\n",
      { url: `${receiver.url}/never` },
    );
    const d = await deletePlanData(plan, { access: OPEN_ACCESS });
    assert.equal(d.success, true);
    assert.match(d.steps[0]!.skipped!, /HTTP requests cannot be taken back: delete mode removes nothing/);
  });

  it("refuses bad options before anything is sent", async () => {
    for (const [options, message] of [
      ['{url: "ftp://x/y"}', /url "ftp:\/\/x\/y" is not http or https/],
      ['{url: "http://127.0.0.1:1/a", method: FETCH}', /method "FETCH" is not one of GET, POST/],
      ['{url: "http://127.0.0.1:1/a", rowsPerSecond: "-3"}', /rowsPerSecond must be a number above zero/],
      ['{url: "http://127.0.0.1:1/a", concurrency: "0"}', /concurrency must be a whole number from 1/],
    ] as const) {
      const plan = await httpPlan(
        `  - name: bad\n    count: {records: 2}\n    options: ${options}\n    fields:\n      - {name: n, type: long}\n`,
      );
      await assert.rejects(run(plan), message);
    }
  });
});
