import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { apiFixture } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiFixture>>;
const fifos: string[] = [];
before(async () => {
  f = await apiFixture();
});
after(async () => {
  // A reader stuck on a FIFO (the bug) is released by a writer opening and closing it.
  for (const fifo of fifos) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {}
  }
  await f.close();
});

function mkfifo(path: string): string {
  const r = spawnSync("mkfifo", [path]);
  assert.equal(r.status, 0, String(r.stderr));
  fifos.push(path);
  return path;
}

test("POST /sample/task-file refuses a FIFO named .yaml at once instead of hanging", {
  timeout: 30_000,
}, async () => {
  const fifo = mkfifo(join(f.dir, "tasks", "pipe.yaml"));
  const r = await f.app.inject({ method: "POST", url: "/sample/task-file", payload: { taskYamlPath: fifo } });
  assert.equal(r.statusCode, 400, r.body);
  const body = r.json() as { error: { code: string; message: string } };
  assert.equal(body.error.code, "INVALID_REQUEST");
  assert.match(body.error.message, /pipe\.yaml is a FIFO \(named pipe\), not a regular file/);
  // The server still answers file-backed requests (nothing blocked the thread pool).
  const ok = await f.app.inject({
    method: "POST",
    url: "/sample/task-file",
    payload: { taskYamlPath: join(f.dir, "tasks", "accounts.yaml"), sampleSize: 1 },
  });
  assert.equal(ok.statusCode, 200, ok.body);
});

test("a FIFO in the plan folder does not hang GET /plans", { timeout: 30_000 }, async () => {
  mkfifo(join(f.dir, "plans", "pipe.yaml"));
  const r = await f.app.inject({ method: "GET", url: "/plans" });
  assert.equal(r.statusCode, 200, r.body);
  assert.match(r.body, /shop_plan/);
});
