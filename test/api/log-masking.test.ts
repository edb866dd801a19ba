import assert from "node:assert/strict";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test("the request log masks credentials in the errors it records, and never holds the bearer token", async () => {
  const lines: string[] = [];
  const token = "log-t0ken-secret";
  const { app, close } = await apiRuntime({
    serveRuns: false,
    server: {
      logger: { level: "info", stream: { write: (line) => lines.push(line) } },
      guard: { bindHost: "127.0.0.1", token },
    },
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
    await close();
  }
});
