import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { buildServer } from "../../src/api/build-server.ts";
import { createRuntime } from "../../src/app/compose.ts";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { fixtureDir } from "../support/fixture-dir.ts";

test("the request log masks credentials in the errors it records, and never holds the bearer token", async () => {
  const dir = fixtureDir({});
  const runtime = await createRuntime({
    home: join(dir, "home"),
    env: {},
    cwd: dir,
    executor: () => createInlineExecutor(),
  });
  const svc = runtime.service;
  const lines: string[] = [];
  const token = "log-t0ken-secret";
  const app = await buildServer(svc, {
    logger: { level: "info", stream: { write: (line) => lines.push(line) } },
    guard: { bindHost: "127.0.0.1", token },
  });
  // A failure deep inside that quotes a connection URL, as a driver's error would.
  app.get("/boom", async () => {
    throw new TypeError("cannot connect to postgres://app:hunter2@db:5432/shop?password=pa55word");
  });
  try {
    const r = await app.inject({ url: "/boom", headers: { authorization: `Bearer ${token}` } });
    assert.equal(r.statusCode, 500);
    assert.deepEqual(Object.keys(r.json() as object).sort(), ["errorMessage", "message", "status", "uri"]);
    const log = lines.join("");
    assert.match(log, /request failed/);
    assert.match(log, /app:\*\*\*@db/);
    for (const secret of ["hunter2", "pa55word", token])
      assert.ok(!log.includes(secret), `the log leaks ${secret}`);
    assert.ok(!r.body.includes("hunter2"));
  } finally {
    await app.close();
    await runtime.close();
  }
});
