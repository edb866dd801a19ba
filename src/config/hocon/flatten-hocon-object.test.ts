import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { flattenHoconObject } from "./flatten-hocon-object.ts";
import { parseHocon } from "./parse-hocon.ts";

const flat = (text: string) => {
  const r = parseHocon(text, { env: {} });
  assert.deepEqual(r.diagnostics, []);
  return { ...flattenHoconObject(r.value) };
};

describe("flattenHoconObject", () => {
  test("nested objects become dotted keys", () => {
    assert.deepEqual(flat('kafkaAccount { kafka.bootstrap.servers = "kafka:29092" }'), {
      "kafkaAccount.kafka.bootstrap.servers": "kafka:29092",
    });
  });

  test("quoted keys with dots stay as written", () => {
    assert.deepEqual(flat('config { "spark.driver.memory" = 6g }'), { "config.spark.driver.memory": "6g" });
  });

  test("numbers, booleans, null and lists are rendered as text", () => {
    assert.deepEqual(flat("n = 10000\nf = 0.1\nb = true\nz = null\nl = [a, 1, false]\ne = []"), {
      n: "10000",
      f: "0.1",
      b: "true",
      z: "",
      l: "a,1,false",
      e: "",
    });
  });

  test("lists or objects inside a list are rendered as JSON", () => {
    assert.deepEqual(flat("l = [[1, 2], { k = v }]"), { l: '[1,2],{"k":"v"}' });
  });

  test("an empty object contributes no key", () => {
    assert.deepEqual(flat("json { json { } }\na = 1"), { a: "1" });
  });

  test("a __proto__ key is kept as a plain key", () => {
    const out = flattenHoconObject(parseHocon('"__proto__" = x', { env: {} }).value);
    assert.equal(Object.getPrototypeOf(out), null);
    assert.equal(Object.getOwnPropertyDescriptor(out, "__proto__")?.value, "x");
  });
});
