import assert from "node:assert/strict";
import { test } from "node:test";
import { isSecretKey, maskDeep, maskOptions, maskText } from "./secrets.ts";

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

test("keys the first masking missed: pass, pw, passphrase, cookie, connectionString, sessionId, sasl.jaas.config", () => {
  for (const k of [
    "pass",
    "dbPass",
    "user_pw",
    "PW",
    "passphrase",
    "ssl.key.passphrase",
    "cookie",
    "Set-Cookie",
    "connectionString",
    "connection_string",
    "sessionId",
    "session_id",
    "sasl.jaas.config",
  ]) {
    assert.ok(isSecretKey(k), k);
  }
  for (const k of [
    "bypass",
    "compass",
    "spark.sql.session.timeZone",
    "sid",
    "url",
    "keyFields",
    "author",
    "author_id",
    "primaryKeyPosition",
    "isPrimaryKey",
    "foreignKeys",
  ])
    assert.ok(!isSecretKey(k), k);
  for (const k of ["Authorization", "auth", "spark.cassandra.auth.username", "authToken"])
    assert.ok(isSecretKey(k), k);
});

test("credentials inside URLs and texts are masked, the rest stays readable", () => {
  assert.equal(
    maskText("jdbc:postgresql://user:pw@host:5432/db?password=p4ss&sslmode=require"),
    "jdbc:postgresql://user:***@host:5432/db?password=***&sslmode=require",
  );
  assert.equal(
    maskText("jdbc:sqlserver://h:1433;databaseName=d;user=u;password=x;encrypt=true"),
    "jdbc:sqlserver://h:1433;databaseName=d;user=u;password=***;encrypt=true",
  );
  assert.equal(maskText("mongodb://admin:Secr3t@mongo/db"), "mongodb://admin:***@mongo/db");
  assert.equal(
    maskText('org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p";'),
    'org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="***";',
  );
  assert.equal(maskText("http://h/x?token=abc&pw=1&page=2"), "http://h/x?token=***&pw=***&page=2");
  assert.equal(maskText("Authorization: Bearer abcdef123"), "Authorization: Bearer ***");
  assert.equal(maskText("foreign key: accounts.id not found"), "foreign key: accounts.id not found");
  assert.equal(maskText("http://example.com/path?q=1"), "http://example.com/path?q=1");
});

test("maskOptions and maskDeep use the text masking too, through nested objects and arrays", () => {
  assert.deepEqual(
    maskOptions({
      url: "jdbc:postgresql://app:pw@db:5432/shop?password=pw",
      "sasl.jaas.config": "x required password=y;",
      pass: "p",
    }),
    { url: "jdbc:postgresql://app:***@db:5432/shop?password=***", "sasl.jaas.config": "***", pass: "***" },
  );
  assert.deepEqual(
    maskDeep({
      dataSources: [
        {
          connection: { options: { url: "postgres://u:pw@h/d", password: "x", nested: { cookie: "c" } } },
          steps: [{ name: "s", options: { token: 12, path: "/tmp/x" } }],
        },
      ],
    }),
    {
      dataSources: [
        {
          connection: {
            options: { url: "postgres://u:***@h/d", password: "***", nested: { cookie: "***" } },
          },
          steps: [{ name: "s", options: { token: "***", path: "/tmp/x" } }],
        },
      ],
    },
  );
});

test("masking long texts without separators or values stays linear (no re-scan from inside a word)", {
  timeout: 60_000,
}, () => {
  const n = 1_000_000;
  for (const text of [
    "a".repeat(n),
    "a=".repeat(n / 2),
    "a:".repeat(n / 2),
    `http://${"a".repeat(n)}:${"b".repeat(n)}`,
  ])
    assert.equal(maskText(text), text);
  assert.equal(maskText(`${"x=".repeat(1000)}password=p`), `${"x=".repeat(1000)}password=***`);
});
