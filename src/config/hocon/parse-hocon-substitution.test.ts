// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are HOCON text, where ${...} is a substitution
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseOk, problems } from "../../../test/support/config/hocon-problems.ts";
import { parseHocon } from "./parse-hocon.ts";

describe("HOCON substitutions", () => {
  test("a substitution keeps the type of what it refers to", () => {
    assert.deepEqual(parseOk("a = 1\nb = ${a}\nc = [x]\nd = ${c}\ne { k = v }\nf = ${e}"), {
      a: 1,
      b: 1,
      c: ["x"],
      d: ["x"],
      e: { k: "v" },
      f: { k: "v" },
    });
  });

  test("a substitution may refer to a key defined later", () => {
    assert.deepEqual(parseOk("b = ${a.x}\na.x = late"), { b: "late", a: { x: "late" } });
  });

  test("a substitution sees the final value of a repeated key", () => {
    assert.deepEqual(parseOk("a = 1\nb = ${a}\na = 2"), { a: 2, b: 2 });
  });

  test("quoted path elements in a substitution", () => {
    assert.deepEqual(parseOk('c { "spark.driver.memory" = 6g }\nm = ${c."spark.driver.memory"}'), {
      c: { "spark.driver.memory": "6g" },
      m: "6g",
    });
  });

  test("a path missing from the configuration falls back to the environment", () => {
    assert.deepEqual(parseOk("home = ${HOME}\nx = ${a.b}", { HOME: "/home/u", "a.b": "dotted" }), {
      home: "/home/u",
      x: "dotted",
    });
  });

  test("the configuration wins over the environment, even when it is null", () => {
    assert.deepEqual(parseOk("HOME = null\nh = ${HOME}", { HOME: "/home/u" }), { HOME: null, h: null });
    assert.deepEqual(parseOk("USER = me\nu = ${USER}", { USER: "env" }), { USER: "me", u: "me" });
  });

  test("the env override idiom keeps the default when the variable is unset", () => {
    const text = 'url = "jdbc:default"\nurl = ${?DB_URL}\nn = 10\nn = ${?N}';
    assert.deepEqual(parseOk(text), { url: "jdbc:default", n: 10 });
  });

  test("the env override idiom takes the variable when it is set (as text)", () => {
    const text = 'url = "jdbc:default"\nurl = ${?DB_URL}\nn = 10\nn = ${?N}';
    assert.deepEqual(parseOk(text, { DB_URL: "jdbc:env", N: "20" }), { url: "jdbc:env", n: "20" });
  });

  test("an empty environment variable is a value", () => {
    assert.deepEqual(parseOk("a = x\na = ${?E}", { E: "" }), { a: "" });
  });

  test("an unset optional substitution with no earlier value removes the key", () => {
    assert.deepEqual(parseOk("a = ${?NOPE}\nb = 1"), { b: 1 });
    assert.deepEqual(parseOk("a = ${?X}${?Y}"), {});
  });

  test("an unset optional substitution is dropped from lists and joins as empty text", () => {
    assert.deepEqual(parseOk("l = [1, ${?NOPE}, 2]\ns = a${?NOPE}b\nt = ${?NOPE} [1]"), {
      l: [1, 2],
      s: "ab",
      t: [1],
    });
  });

  test("an unset required substitution is RF_ENV_UNDEFINED naming the variable and its position", () => {
    const r = parseHocon("a = 1\nurl = ${POSTGRES_URL}", { file: "app.conf", env: {} });
    assert.equal(r.diagnostics.length, 1);
    const d = r.diagnostics[0]!;
    assert.equal(d.code, "RF_ENV_UNDEFINED");
    assert.match(d.message, /POSTGRES_URL/);
    assert.deepEqual(d.location, { file: "app.conf", line: 2, column: 7 });
    assert.match(d.hint ?? "", /\$\{\?POSTGRES_URL\}/);
    assert.equal(Object.hasOwn(r.value, "url"), false);
  });

  test("an undefined substitution suggests a nearby key", () => {
    const [msg] = problems("database { host = h }\nx = ${databse.host}");
    assert.match(msg!, /did you mean \$\{database\.host\}/);
  });

  test("a hidden substitution is never evaluated", () => {
    assert.deepEqual(parseOk("foo = ${does-not-exist}\nfoo = 42"), { foo: 42 });
  });

  test("self-reference looks at the earlier value", () => {
    assert.deepEqual(parseOk('path = "a:b:c"\npath = ${path}":d"'), { path: "a:b:c:d" });
    assert.deepEqual(parseOk("a = [1, 2]\na = ${a} [3, 4]"), { a: [1, 2, 3, 4] });
    assert.deepEqual(parseOk("a = 1\na = ${a}x\na = ${a}y"), { a: "1xy" });
  });

  test("self-reference through a path looks below the field being defined", () => {
    assert.deepEqual(parseOk("foo { a { c = 1 } }\nfoo = ${foo.a}\nfoo { a = 2 }"), { foo: { c: 1, a: 2 } });
  });

  test("self-reference with no earlier value falls back to the environment", () => {
    assert.deepEqual(parseOk('PATH = ${PATH}":/opt/bin"', { PATH: "/usr/bin" }), {
      PATH: "/usr/bin:/opt/bin",
    });
  });

  test("an optional self-reference with no earlier value is empty", () => {
    assert.deepEqual(parseOk("a = ${?a}foo\nb = ${?b}"), { a: "foo" });
  });

  test("a required self-reference with no earlier value is undefined", () => {
    const out = problems("foo = ${foo}");
    assert.equal(out.length, 1);
    assert.match(out[0]!, /^RF_ENV_UNDEFINED 1:7 /);
  });

  test("objects may refer to their own keys and see later merges", () => {
    assert.deepEqual(parseOk("bar { foo = 42, baz = ${bar.foo} }\nbar { foo = 43 }"), {
      bar: { foo: 43, baz: 43 },
    });
  });

  test("mutually referring objects resolve", () => {
    const text = "bar { a = ${foo.d}, b = 1 }\nbar.b = 3\nfoo { c = ${bar.b}, d = 2 }\nfoo.d = 4";
    assert.deepEqual(parseOk(text), { bar: { a: 4, b: 3 }, foo: { c: 3, d: 4 } });
  });

  test("a reference into an overridden key sees the override", () => {
    const text = "db { url = default }\ndb.url = ${?DB_URL}\ncopy = ${db.url}";
    assert.deepEqual(parseOk(text, { DB_URL: "env" }), { db: { url: "env" }, copy: "env" });
    assert.deepEqual(parseOk(text), { db: { url: "default" }, copy: "default" });
  });

  test("a cycle is reported once, not looped on", () => {
    const out = problems("a = ${b}\nb = ${c}\nc = ${a}");
    assert.deepEqual(out, [
      "RF_HOCON_SYNTAX 3:5 the substitution ${a} depends on itself through a cycle of references",
    ]);
    assert.equal(problems("bar = ${foo}\nfoo = ${bar}").length, 1);
  });

  test("a reference to a value that failed is not reported again", () => {
    assert.deepEqual(problems("a = ${NOPE}\nb = ${a}\nc = ${a}x"), [
      "RF_ENV_UNDEFINED 1:5 ${NOPE} is not defined: the configuration has no key NOPE and there is no environment variable NOPE",
    ]);
  });

  test("a reference to an enclosing object is a cycle", () => {
    const out = problems("a { b = ${a} }");
    assert.equal(out.length, 1);
    assert.match(out[0]!, /^RF_HOCON_SYNTAX 1:9 .*cycle/);
  });

  test("an optional substitution in a cycle is simply missing", () => {
    assert.deepEqual(parseOk("a { b = ${?a}, c = 1 }"), { a: { c: 1 } });
  });

  test("+= appends to a list, with or without an earlier value", () => {
    assert.deepEqual(parseOk("a = [1]\na += 2\na += 3\nb += x\nc { d += 1, d += 2 }"), {
      a: [1, 2, 3],
      b: ["x"],
      c: { d: [1, 2] },
    });
  });

  test("+= on text is an error that says so", () => {
    const out = problems("a = text\na += 2");
    assert.equal(out.length, 1);
    assert.match(out[0]!, /`\+=` adds to a list, but a holds text/);
  });

  test("+= does not pick up an environment variable of the same name", () => {
    assert.deepEqual(parseOk("a += 1", { a: "env" }), { a: [1] });
  });

  test("a value reached twice is two independent copies", () => {
    const r = parseHocon("o { k = 1 }\np = ${o}\nq = ${o}", { env: {} });
    assert.notEqual(r.value.p, r.value.q);
    assert.notEqual(r.value.o, r.value.p);
  });
});
