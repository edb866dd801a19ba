import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { inThreadHost } from "../../src/app/runs/run-host.ts";
import { createRunManager } from "../../src/app/runs/run-manager.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { apiRuntime } from "./api-fixture.ts";

/** The runtime and server over a fresh home; the tests close them with app.close() and svc.close(). */
const setup = () => apiRuntime();

const request = (out: string, name = "api_plan") => ({
  plan: {
    name,
    description: "from the API",
    tasks: [{ name: "people", dataSourceName: "files", enabled: true }],
  },
  tasks: [
    {
      name: "people",
      type: "csv",
      options: { path: out },
      count: { records: 250 },
      fields: [
        { name: "id", options: { regex: "P[0-9]{5}", isUnique: true } },
        { name: "name", options: { expression: "#{Name.firstName}" } },
      ],
    },
  ],
});

test("POST /run answers at once, runs in the background, and the records follow queued → running → success", async () => {
  const { dir, app, runs, svc } = await setup();
  try {
    const out = join(dir, "out", "people");
    const r = await app.inject({ method: "POST", url: "/run", payload: request(out) });
    assert.equal(r.statusCode, 200);
    const { status, message, executionId } = r.json() as {
      status: string;
      message: string;
      executionId: string;
    };
    assert.equal(status, "success");
    assert.ok(message.includes(executionId), "the message states the execution id");
    await runs.idle();
    const st = (await app.inject({ url: `/run/status/${executionId}` })).json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(st), ["id", "status", "failedReason", "runBy", "timeTaken"]);
    assert.equal(st.status, "success");
    assert.equal(st.failedReason, null);
    assert.match(String(st.timeTaken), /^\d+\.\d\ds$/);
    assert.deepEqual((await app.inject({ url: `/run/executions/${executionId}` })).json(), st);
    const history = (await app.inject({ url: "/run/history" })).json() as Record<string, unknown>[];
    assert.equal(history.length, 1);
    assert.deepEqual(Object.keys(history[0]!), [
      "id",
      "status",
      "failedReason",
      "runBy",
      "updatedBy",
      "createdTs",
      "updatedTs",
      "generationSummary",
      "validationSummary",
      "reportLink",
      "timeTaken",
    ]);
    assert.equal(history[0]!.reportLink, `/report/${executionId}/index.html`);
    const summary = history[0]!.generationSummary as {
      name: string;
      format: string;
      records: number;
      success: boolean;
      seconds: number;
    }[];
    assert.deepEqual(
      [summary[0]!.name, summary[0]!.format, summary[0]!.records, summary[0]!.success],
      ["people", "csv", 250, true],
    );
    const files = readdirSync(out).filter((f) => f.endsWith(".csv"));
    assert.equal(files.length, 1);
    assert.equal(readFileSync(join(out, files[0]!), "utf8").trimEnd().split("\n").length, 251);
    assert.equal((await app.inject({ url: "/run/status/no-such-run" })).statusCode, 404);
  } finally {
    await app.close();
    await svc.close();
  }
});

test("runs queue in order, one at a time; a failing run records its reason; a plan that cannot run is a 400 at once", async () => {
  const { dir, app, runs, svc } = await setup();
  try {
    const a = (
      await app.inject({ method: "POST", url: "/run", payload: request(join(dir, "a"), "first") })
    ).json() as { executionId: string };
    const blocked = join(dir, "blocker");
    (await import("node:fs")).writeFileSync(blocked, "in the way");
    const b = (
      await app.inject({ method: "POST", url: "/run", payload: request(join(blocked, "out"), "second") })
    ).json() as { executionId: string };
    await runs.idle();
    const history = (await app.inject({ url: "/run/history" })).json() as {
      id: string;
      status: string;
      failedReason: string | null;
      createdTs: string;
    }[];
    assert.deepEqual(history.map((h) => h.id).sort(), [a.executionId, b.executionId].sort());
    const failed = history.find((h) => h.id === b.executionId)!;
    assert.equal(failed.status, "failed");
    assert.match(failed.failedReason ?? "", /cannot write to/);
    const bad = await app.inject({
      method: "POST",
      url: "/run",
      payload: { plan: { name: "x", tasks: [{ name: "missing_task", dataSourceName: "d" }] } },
    });
    assert.equal(bad.statusCode, 400);
    assert.match((bad.json() as { message: string }).message, /missing_task/);
  } finally {
    await app.close();
    await svc.close();
  }
});

test("runs left queued or running by a killed process are marked failed (interrupted) at the next start", async () => {
  const { store, svc } = await setup();
  const ts = new Date().toISOString();
  await store.executions.put({
    id: "left-over",
    planName: "p",
    status: "running",
    failedReason: null,
    runBy: "api",
    updatedBy: "api",
    createdTs: ts,
    updatedTs: ts,
    generationSummary: [],
    validationSummary: [],
    reportLink: "/report/left-over/index.html",
    timeTaken: "0.00s",
    mode: "generate",
  });
  const runs = createRunManager({
    access: OPEN_ACCESS,
    store,
    reportsRoot: "/nonexistent",
    host: inThreadHost(() => createInlineExecutor()),
  });
  assert.equal(await runs.recoverInterrupted(), 1);
  const r = await store.executions.get("left-over");
  assert.equal(r?.status, "failed");
  assert.equal(r?.failedReason, "interrupted");
  await svc.close();
});

test("each run writes a report (html, json, svg, css) served with proper content types; bad paths are 400, unknown ones 404", async () => {
  const { dir, app, runs, svc } = await setup();
  try {
    const { executionId } = (
      await app.inject({ method: "POST", url: "/run", payload: request(join(dir, "r")) })
    ).json() as { executionId: string };
    await runs.idle();
    const html = await app.inject({ url: `/report/${executionId}/index.html` });
    assert.equal(html.statusCode, 200);
    assert.match(String(html.headers["content-type"]), /^text\/html/);
    assert.match(html.body, /api_plan/);
    assert.match(html.body, /people/);
    const json = (await app.inject({ url: `/report/${executionId}/results.json` })).json() as {
      status: string;
      steps: { records: number }[];
    };
    assert.equal(json.status, "success");
    assert.equal(json.steps[0]!.records, 250);
    assert.equal(
      (await app.inject({ url: `/report/${executionId}/chart.svg` })).headers["content-type"],
      "image/svg+xml",
    );
    assert.match(
      String((await app.inject({ url: `/report/${executionId}/main.css` })).headers["content-type"]),
      /^text\/css/,
    );
    for (const bad of [
      `/report/not-a-uuid/index.html`,
      `/report/${executionId}/index.exe`,
      `/report/${executionId}/${"a".repeat(60)}.html`,
      `/report/${executionId}/..%2Fsecret.html`,
    ]) {
      assert.equal((await app.inject({ url: bad })).statusCode, 400, bad);
    }
    assert.equal((await app.inject({ url: `/report/${executionId}/other.html` })).statusCode, 404);
    assert.equal(
      (await app.inject({ url: "/report/00000000-0000-0000-0000-000000000000/index.html" })).statusCode,
      404,
    );
  } finally {
    await app.close();
    await svc.close();
  }
});

test("POST /run/delete-data removes exactly what the plan's runs wrote, children first, and reports the records", async () => {
  const { dir, app, runs, svc } = await setup();
  try {
    const out = join(dir, "data", "people");
    await app.inject({
      method: "POST",
      url: "/run",
      payload: {
        ...request(out),
        tasks: [{ ...request(out).tasks[0]!, options: { path: out, saveMode: "append" } }],
      },
    });
    await app.inject({
      method: "POST",
      url: "/run",
      payload: {
        ...request(out),
        tasks: [{ ...request(out).tasks[0]!, options: { path: out, saveMode: "append" } }],
      },
    });
    await runs.idle();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(out, "part-99999-someone-else.csv"), "id\nX\n");
    const del = (
      await app.inject({ method: "POST", url: "/run/delete-data", payload: request(out) })
    ).json() as { executionId: string; message: string };
    assert.match(del.message, /delete mode/);
    await runs.idle();
    const history = (await app.inject({ url: "/run/history" })).json() as {
      id: string;
      status: string;
      generationSummary: { records: number }[];
    }[];
    const record = history.find((h) => h.id === del.executionId)!;
    assert.equal(record.status, "success");
    assert.equal(record.generationSummary[0]!.records, 500, "two appended runs of 250");
    assert.deepEqual(
      readdirSync(out).sort(),
      ["part-99999-someone-else.csv"],
      "what rowforge's runs wrote is gone, their _SUCCESS marker too, and only that",
    );
  } finally {
    await app.close();
    await svc.close();
  }
});

test("report files are served with a strict Content-Security-Policy (sandboxed, no scripts) and nosniff, and index.html stands alone", async () => {
  const { dir, app, runs, svc } = await setup();
  try {
    const { executionId } = (
      await app.inject({ method: "POST", url: "/run", payload: request(join(dir, "r")) })
    ).json() as { executionId: string };
    await runs.idle();
    for (const file of ["index.html", "results.json", "chart.svg", "main.css"]) {
      const r = await app.inject({ url: `/report/${executionId}/${file}` });
      assert.equal(r.statusCode, 200, file);
      assert.equal(r.headers["x-content-type-options"], "nosniff", file);
      const csp = String(r.headers["content-security-policy"] ?? "");
      const directives = new Map(
        csp.split(";").map((d) => {
          const [name = "", ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      assert.deepEqual(directives.get("default-src"), ["'none'"], `${file}: ${csp}`);
      assert.ok(directives.has("sandbox"), `${file}: ${csp}`);
      assert.deepEqual(directives.get("sandbox"), [], `${file}: a sandbox without exceptions (${csp})`);
      assert.ok(!/script-src|unsafe-eval/.test(csp), `${file}: ${csp}`);
      assert.deepEqual(directives.get("frame-ancestors"), ["'self'"], `${file}: ${csp}`);
    }
    // The UI shows index.html from its text (fetched with the token), so it needs no other file.
    const html = (await app.inject({ url: `/report/${executionId}/index.html` })).body;
    assert.doesNotMatch(html, /<link[^>]+href=|<img[^>]+src="(?!data:)|<script/);
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  } finally {
    await app.close();
    await svc.close();
  }
});
