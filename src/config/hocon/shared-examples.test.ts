import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { flattenHoconObject } from "./flatten-hocon-object.ts";
import type { HoconObject, HoconValue } from "./hocon-value.ts";
import { parseHocon } from "./parse-hocon.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const examples = resolve(repoRoot, "../shared/conformance/datacaterer-examples");
const missing = existsSync(examples)
  ? false
  : `the shared example corpus is not at ${examples}; these compatibility checks are skipped`;

const read = (name: string) => readFileSync(join(examples, name), "utf8");
const at = (v: HoconValue | undefined, ...path: string[]): HoconValue | undefined => {
  for (const k of path)
    v = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as HoconObject)[k] : undefined;
  return v;
};

describe("the shared example configurations", { skip: missing }, () => {
  for (const name of ["application.conf", "application-dvd.conf"]) {
    test(`${name} parses without any diagnostic`, () => {
      const r = parseHocon(read(name), { file: name, env: {} });
      assert.deepEqual(r.diagnostics, []);
    });
  }

  test("jdbc.postgresCustomer.url is the default without POSTGRES_URL and the variable with it", () => {
    const text = read("application.conf");
    const unset = parseHocon(text, { file: "application.conf", env: {} });
    assert.equal(
      at(unset.value, "jdbc", "postgresCustomer", "url"),
      "jdbc:postgresql://postgresserver:5432/customer",
    );
    const set = parseHocon(text, {
      file: "application.conf",
      env: { POSTGRES_URL: "jdbc:postgresql://localhost/db" },
    });
    assert.equal(at(set.value, "jdbc", "postgresCustomer", "url"), "jdbc:postgresql://localhost/db");
    assert.equal(at(set.value, "jdbc", "postgresCustomer", "user"), "postgres");
  });

  test('runtime.config["spark.driver.memory"] is 6g and flags keep their types', () => {
    const r = parseHocon(read("application.conf"), { env: {} });
    assert.equal(at(r.value, "runtime", "config", "spark.driver.memory"), "6g");
    assert.equal(at(r.value, "runtime", "master"), "local[*]");
    assert.equal(at(r.value, "flags", "enableCount"), true);
    assert.equal(at(r.value, "metadata", "oneOfDistinctCountVsCountThreshold"), 0.1);
    assert.deepEqual(at(r.value, "alert", "slackAlertConfig", "channels"), []);
  });

  test("kafka.kafkaAccount flattens to kafka.bootstrap.servers", () => {
    const r = parseHocon(read("application.conf"), { env: {} });
    const account = at(r.value, "kafka", "kafkaAccount") as HoconObject;
    assert.deepEqual({ ...flattenHoconObject(account) }, { "kafka.bootstrap.servers": "kafka:29092" });
  });

  test("an unquoted dotted format name nests (org.apache.spark.sql.cassandra)", () => {
    const r = parseHocon(read("application.conf"), { env: { CASSANDRA_PORT: "19042" } });
    const cassandra = at(r.value, "org", "apache", "spark", "sql", "cassandra", "cassandra") as HoconObject;
    assert.equal(flattenHoconObject(cassandra)["spark.cassandra.connection.port"], "19042");
  });

  test("locate points at the definition in effect", () => {
    const r = parseHocon(read("application-dvd.conf"), { file: "application-dvd.conf", env: {} });
    const loc = r.locate(["jdbc", "postgresDvd", "url"]);
    assert.equal(loc?.file, "application-dvd.conf");
    assert.match(read("application-dvd.conf").split("\n")[loc!.line! - 1]!, /url = "jdbc:postgresql:/);
  });
});
