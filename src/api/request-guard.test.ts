import assert from "node:assert/strict";
import { hostname } from "node:os";
import { test } from "node:test";
import { allowedHostNames, isLoopback, splitHost, tokenMatches } from "./request-guard.ts";

test("allowed host names follow the bound address", () => {
  const loop = allowedHostNames("127.0.0.1");
  assert.deepEqual([...loop].sort(), ["127.0.0.1", "::1", "localhost"]);
  const wildcard = allowedHostNames("0.0.0.0", ["Proxy.Example"]);
  for (const n of ["127.0.0.1", "localhost", hostname().toLowerCase(), "proxy.example"])
    assert.ok(wildcard.has(n), n);
  const one = allowedHostNames("192.0.2.10");
  assert.deepEqual([...one], ["192.0.2.10"], "a specific address is reached by that address only");
  assert.ok(isLoopback("[::1]") && isLoopback("127.3.4.5") && !isLoopback("0.0.0.0"));
});

test("Host headers split into name and port, IPv6 in brackets", () => {
  assert.deepEqual(splitHost("LocalHost:9898"), { name: "localhost", port: "9898" });
  assert.deepEqual(splitHost("[::1]:80"), { name: "::1", port: "80" });
  assert.deepEqual(splitHost("example.com"), { name: "example.com", port: undefined });
  assert.equal(splitHost("a:b:c"), undefined);
  assert.equal(splitHost("evil.example:80@127.0.0.1"), undefined);
});

test("bearer tokens match exactly", () => {
  assert.ok(tokenMatches("Bearer s3cret", "s3cret"));
  assert.ok(tokenMatches("bearer s3cret", "s3cret"));
  for (const h of [undefined, "", "Bearer", "Bearer s3cre", "Bearer s3cretX", "Basic s3cret", "s3cret"])
    assert.ok(!tokenMatches(h, "s3cret"), String(h));
});
