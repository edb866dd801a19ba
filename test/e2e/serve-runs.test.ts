import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startServe } from "../support/start-serve.ts";

test("over real HTTP: save a connection and a plan, run it, poll to success, check files, read the report, delete the data", async () => {
  const dir = fixtureDir({ "application.conf": "flags { enableSaveReports = true }\n" });
  const server = await startServe([
    "--home",
    join(dir, "home"),
    "--config",
    join(dir, "application.conf"),
    "--data-dir",
    dir,
  ]);
  const post = (path: string, body?: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  try {
    const out = join(dir, "out", "orders");
    assert.equal(
      (
        await post("/connection", {
          connections: [
            { name: "orders_files", type: "csv", options: { path: out, header: "true", password: "unused" } },
          ],
        })
      ).status,
      200,
    );
    const plan = {
      plan: {
        name: "orders_plan",
        description: "orders as CSV",
        tasks: [{ name: "orders", dataSourceName: "orders_files", enabled: true }],
      },
      tasks: [
        {
          name: "orders",
          count: { records: 1234 },
          fields: [
            { name: "order_id", options: { regex: "O[0-9]{7}", isUnique: true } },
            { name: "total", type: "decimal(8,2)", options: { min: 1, max: 500 } },
          ],
        },
      ],
    };
    assert.equal((await post("/plan", plan)).status, 200);
    const started = await (await post("/run/plans/orders_plan?source=json")).text();
    const id = /execution id ([0-9a-f-]{36})/.exec(started)![1]!;
    let status = "";
    for (let i = 0; i < 200 && status !== "success"; i++) {
      status = ((await (await fetch(`${server.url}/run/status/${id}`)).json()) as { status: string }).status;
      if (status === "failed") break;
      await sleep(50);
    }
    assert.equal(status, "success");
    const csv = readdirSync(out).filter((f) => f.endsWith(".csv"));
    assert.equal(csv.length, 1);
    const lines = readFileSync(join(out, csv[0]!), "utf8").trimEnd().split("\n");
    assert.equal(lines[0], "order_id,total");
    assert.equal(lines.length, 1235);
    const history = (await (await fetch(`${server.url}/run/history`)).json()) as {
      id: string;
      reportLink: string;
    }[];
    const report = await fetch(server.url + history.find((h) => h.id === id)!.reportLink);
    assert.equal(report.status, 200);
    const html = await report.text();
    assert.match(html, /orders_plan/);
    assert.match(html, /1,234/);
    assert.ok(!html.includes("unused"), "secrets stay out of reports");

    const del = await (await post("/run/plans/orders_plan?source=json&mode=delete")).text();
    const delId = /execution id ([0-9a-f-]{36})/.exec(del)![1]!;
    let deleted: { status: string } = { status: "" };
    for (let i = 0; i < 200 && deleted.status !== "success"; i++) {
      deleted = (await (await fetch(`${server.url}/run/status/${delId}`)).json()) as { status: string };
      await sleep(50);
    }
    assert.equal(deleted.status, "success");
    assert.ok(!existsSync(out) || readdirSync(out).every((f) => !f.endsWith(".csv")), "the data is gone");
    const record = (
      (await (await fetch(`${server.url}/run/history`)).json()) as {
        id: string;
        generationSummary: { records: number }[];
      }[]
    ).find((h) => h.id === delId)!;
    assert.equal(record.generationSummary[0]!.records, 1234, "records deleted per step");
    await post("/shutdown", {});
    assert.equal(await server.exited, 0);
  } finally {
    server.child.kill("SIGKILL");
  }
});
