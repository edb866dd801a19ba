import assert from "node:assert/strict";
import { test } from "node:test";
import { isSecretKey, maskDeep, maskOptions } from "./secrets.ts";

test("secret-looking keys, case-insensitive and inside compound names", () => {
  for (const k of [
    "password",
    "PASSWORD",
    "basicAuthPassword",
    "slackToken",
    "googleSecretKey",
    "azureClientSecret",
    "openMetadataJwtToken",
    "apiKey",
    "credentials",
    "spark.cassandra.auth.password",
    "private_key",
  ]) {
    assert.ok(isSecretKey(k), k);
  }
  for (const k of ["url", "user", "host", "port", "keyspace", "path", "topic", "dbtable", "authType"])
    assert.ok(!isSecretKey(k), k);
});

test("masking replaces values, keeps keys and empty values", () => {
  assert.deepEqual(maskOptions({ url: "jdbc:x", password: "s3cret", token: "" }), {
    url: "jdbc:x",
    password: "***",
    token: "",
  });
  assert.deepEqual(maskDeep({ alert: { slackToken: "t" }, flag: { enableCount: "true" } }), {
    alert: { slackToken: "***" },
    flag: { enableCount: "true" },
  });
});
