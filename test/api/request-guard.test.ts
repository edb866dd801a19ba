import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { exposureWarning } from "../../src/api/request-guard.ts";
import { apiFixture } from "./api-fixture.ts";

// The security review's findings: a cross-origin text/plain POST started a delete run and shut the
// server down; a foreign Host header was accepted (DNS rebinding). Each is answered before any body is read.

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

const PLAN = { plan: { name: "p", tasks: [{ name: "accounts_task", dataSourceName: "out_json" }] } };
const generic = (r: { json(): unknown }) => Object.keys(r.json() as object).sort();

test("a cross-origin text/plain POST (a web page's form or no-cors fetch) is refused: 403, no run, no shutdown", async () => {
  for (const url of ["/run/delete-data", "/run", "/plan", "/shutdown", "/connection"]) {
    const r = await f.app.inject({
      method: "POST",
      url,
      headers: { origin: "http://evil.example", "content-type": "text/plain" },
      payload: JSON.stringify(PLAN),
    });
    assert.equal(r.statusCode, 403, url);
    assert.deepEqual(generic(r), ["details", "message", "status"]);
    assert.equal((r.json() as { details: string }).details, "ForeignOrigin");
  }
  // Body-less POSTs (the by-name runs, /shutdown) carry the Origin of a no-cors fetch.
  const shut = await f.app.inject({
    method: "POST",
    url: "/shutdown",
    headers: { origin: "http://evil.example" },
  });
  assert.equal(shut.statusCode, 403);
  const nullOrigin = await f.app.inject({ method: "POST", url: "/shutdown", headers: { origin: "null" } });
  assert.equal(nullOrigin.statusCode, 403);
  const otherPort = await f.app.inject({
    method: "DELETE",
    url: "/plan/p",
    headers: { origin: "http://localhost:3000" },
  });
  assert.equal(otherPort.statusCode, 403, "another local web app is another origin");
  const crossSite = await f.app.inject({
    method: "POST",
    url: "/shutdown",
    headers: { "sec-fetch-site": "cross-site" },
  });
  assert.equal(crossSite.statusCode, 403, "a browser's Sec-Fetch-Site: cross-site without Origin");
  assert.deepEqual(f.shutdowns, [], "the server was not shut down");
  assert.deepEqual(((await f.app.inject({ url: "/plans" })).json() as unknown[]).length, 1, "no plan saved");
});

test("the server's own origin and reads from anywhere still work", async () => {
  const own = await f.app.inject({
    method: "POST",
    url: "/plan",
    headers: { origin: "http://localhost:80", "sec-fetch-site": "same-origin" },
    payload: PLAN,
  });
  assert.equal(own.statusCode, 200);
  const read = await f.app.inject({ url: "/plans", headers: { origin: "http://evil.example" } });
  assert.equal(
    read.statusCode,
    200,
    "a GET changes nothing (and sends no CORS header, so a page cannot read it)",
  );
  assert.equal(read.headers["access-control-allow-origin"], undefined);
  assert.equal((await f.app.inject({ method: "DELETE", url: "/plan/p" })).statusCode, 200);
});

test("state-changing bodies must be JSON (415), YAML text only on /sample/task-yaml", async () => {
  for (const type of [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/yaml",
  ]) {
    const r = await f.app.inject({
      method: "POST",
      url: "/run/delete-data",
      headers: { "content-type": type },
      payload: "plan=x",
    });
    assert.equal(r.statusCode, 415, type);
    assert.equal((r.json() as { details: string }).details, "UnsupportedMediaType");
  }
  const yaml = "name: t\nsteps:\n  - name: s\n    fields: [{name: a, options: {regex: 'K[0-9]'}}]\n";
  for (const type of ["text/plain", "application/yaml"]) {
    const r = await f.app.inject({
      method: "POST",
      url: "/sample/task-yaml?sampleSize=2",
      headers: { "content-type": type },
      payload: yaml,
    });
    assert.equal(r.statusCode, 200, type);
  }
  const noBody = await f.app.inject({ method: "POST", url: "/shutdown" });
  assert.equal(noBody.statusCode, 200, "a POST without a body needs no content type");
});

test("a Host header the server is not known by is refused with 421 (DNS rebinding)", async () => {
  const r = await f.app.inject({ url: "/plans", headers: { host: "attacker.example:9898" } });
  assert.equal(r.statusCode, 421);
  assert.deepEqual(generic(r), ["details", "message", "status"]);
  assert.match((r.json() as { message: string }).message, /--allowed-host/);
  for (const host of ["127.0.0.1:9898", "localhost", "[::1]:9898"])
    assert.equal((await f.app.inject({ url: "/plans", headers: { host } })).statusCode, 200, host);
});

test("--allowed-host names are accepted in Host and Origin", async () => {
  const g = await apiFixture({ guard: { bindHost: "127.0.0.1", allowedHosts: ["rowforge.internal"] } });
  try {
    const r = await g.app.inject({
      method: "POST",
      url: "/plan",
      headers: { host: "rowforge.internal", origin: "https://rowforge.internal" },
      payload: PLAN,
    });
    assert.equal(r.statusCode, 200);
    assert.equal(
      (await g.app.inject({ url: "/plans", headers: { host: "other.internal" } })).statusCode,
      421,
    );
  } finally {
    await g.close();
  }
});

test("with a token every route but the docs needs Authorization: Bearer (401 otherwise)", async () => {
  const token = "t0ken-for-test-only";
  const g = await apiFixture({ guard: { bindHost: "127.0.0.1", token } });
  try {
    const none = await g.app.inject({ url: "/plans" });
    assert.equal(none.statusCode, 401);
    assert.equal(none.headers["www-authenticate"], 'Bearer realm="rowforge"');
    assert.deepEqual(generic(none), ["details", "message", "status"]);
    assert.ok(!none.body.includes(token));
    assert.equal(
      (await g.app.inject({ url: "/plans", headers: { authorization: "Bearer wrong" } })).statusCode,
      401,
    );
    assert.equal((await g.app.inject({ url: "/nope" })).statusCode, 401, "unknown routes too");
    assert.equal((await g.app.inject({ method: "POST", url: "/shutdown" })).statusCode, 401, "and /shutdown");
    assert.deepEqual(g.shutdowns, []);
    const ok = await g.app.inject({ url: "/plans", headers: { authorization: `Bearer ${token}` } });
    assert.equal(ok.statusCode, 200);
    assert.equal((await g.app.inject({ url: "/docs" })).statusCode, 200);
    assert.equal((await g.app.inject({ url: "/openapi.json" })).statusCode, 200);
  } finally {
    await g.close();
  }
});

test("binding beyond loopback warns, more loudly without a token", () => {
  assert.equal(exposureWarning("127.0.0.1", false), undefined);
  assert.equal(exposureWarning("::1", false), undefined);
  assert.equal(exposureWarning("localhost", false), undefined);
  assert.match(exposureWarning("0.0.0.0", false) ?? "", /without a token.*ROWFORGE_TOKEN/);
  assert.match(exposureWarning("0.0.0.0", true) ?? "", /needs the bearer token/);
});
