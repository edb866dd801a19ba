import assert from "node:assert/strict";
import { request } from "node:http";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startServe } from "../support/start-serve.ts";

/** One HTTP request with any headers (fetch may not set Host). */
function call(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method ?? "GET", headers: o.headers ?? {} }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => {
        body += d.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(o.body);
  });
}

test("rowforge serve --token --allowed-host over real HTTP: bearer token, Host and Origin checks; the token is never printed", async () => {
  const token = "e2e-t0ken-never-printed";
  const dir = fixtureDir({ "application.conf": "flags { enableCount = true }\n" });
  const server = await startServe([
    "--home",
    join(dir, "home"),
    "--config",
    join(dir, "application.conf"),
    "--log-level",
    "info",
    "--token",
    token,
    "--allowed-host",
    "rowforge.test",
  ]);
  try {
    const auth = { authorization: `Bearer ${token}` };
    assert.equal((await call(`${server.url}/plans`, {})).status, 401);
    assert.equal(
      (await call(`${server.url}/plans`, { headers: { authorization: "Bearer nope" } })).status,
      401,
    );
    assert.equal((await call(`${server.url}/plans`, { headers: auth })).status, 200);
    assert.equal((await call(`${server.url}/docs`, {})).status, 200);
    assert.equal((await call(`${server.url}/openapi.json`, {})).status, 200);
    const port = new URL(server.url).port;
    assert.equal(
      (await call(`${server.url}/plans`, { headers: { ...auth, host: `rebind.example:${port}` } })).status,
      421,
    );
    assert.equal(
      (await call(`${server.url}/plans`, { headers: { ...auth, host: "rowforge.test" } })).status,
      200,
    );
    const crossSite = await call(`${server.url}/shutdown`, {
      method: "POST",
      headers: { ...auth, origin: "http://evil.example", "content-type": "text/plain" },
      body: "{}",
    });
    assert.equal(crossSite.status, 403);
    assert.equal(server.child.exitCode, null, "still running after a cross-site shutdown attempt");
    const own = await call(`${server.url}/shutdown`, {
      method: "POST",
      headers: { ...auth, origin: server.url },
    });
    assert.equal(own.status, 200);
    assert.equal(await server.exited, 0);
    assert.ok(!server.output().includes(token), "the token appears in no log line");
    assert.match(server.output(), /"status":401/, "the request log was on");
  } finally {
    server.child.kill("SIGKILL");
  }
});
