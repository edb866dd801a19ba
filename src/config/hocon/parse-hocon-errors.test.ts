// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are HOCON text, where ${...} is a substitution
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "node:test";
import { problems } from "../../../test/support/config/hocon-problems.ts";
import { parseHocon } from "./parse-hocon.ts";

describe("HOCON syntax errors", () => {
  test("each problem carries the file, line and column", () => {
    const r = parseHocon("a = 1\nb = [1, 2", { file: "app.conf", env: {} });
    assert.equal(r.diagnostics.length, 1);
    const d = r.diagnostics[0]!;
    assert.equal(d.code, "RF_HOCON_SYNTAX");
    assert.equal(d.severity, "error");
    assert.deepEqual(d.location, { file: "app.conf", line: 2, column: 10 });
    assert.match(d.message, /missing `\]` to close the list opened at line 2, column 5/);
  });

  test("an unquoted [*] points at the forbidden character", () => {
    const out = problems("a = 1\n  master = local[*]");
    assert.match(out[0]!, /^RF_HOCON_SYNTAX 2:18 the character `\*` is not allowed in an unquoted value/);
  });

  test("an unquoted URL points at the colon and says to quote it", () => {
    const r = parseHocon("url = http://host", { env: {} });
    assert.equal(r.diagnostics.length, 1);
    assert.deepEqual(r.diagnostics[0]!.location, { line: 1, column: 11 });
    assert.match(r.diagnostics[0]!.hint ?? "", /double quotes/);
  });

  test("an unclosed object names where it was opened", () => {
    assert.deepEqual(problems("a {\n  b = 1\n"), [
      "RF_HOCON_SYNTAX 3:1 missing `}` to close the object opened at line 1, column 3",
    ]);
  });

  test("a stray closing brace", () => {
    assert.deepEqual(problems("a = 1\n}"), ["RF_HOCON_SYNTAX 2:1 this `}` has no matching `{`"]);
  });

  test("an unterminated quoted string", () => {
    assert.deepEqual(problems('a = "abc\nb = 1'), [
      "RF_HOCON_SYNTAX 1:5 this quoted string is not closed on its line",
    ]);
  });

  test("an unterminated triple-quoted string", () => {
    assert.deepEqual(problems('a = 1\nb = """abc\n'), [
      'RF_HOCON_SYNTAX 2:5 this """ string is never closed',
    ]);
  });

  test("an invalid escape", () => {
    assert.deepEqual(problems('a = "C:\\dir"'), [
      "RF_HOCON_SYNTAX 1:8 `\\d` is not a valid escape in a quoted string",
    ]);
  });

  test("a key without a value", () => {
    assert.deepEqual(problems("a = 1\nlonely\nb = 2"), ["RF_HOCON_SYNTAX 2:1 the key `lonely` has no value"]);
    assert.deepEqual(problems("a ="), ["RF_HOCON_SYNTAX 1:4 expected a value, found the end of the file"]);
  });

  test("an empty path element", () => {
    const out = problems("a..b = 1\n.c = 2\nd. = 3");
    assert.equal(out.length, 3);
    assert.ok(out.every((p) => /empty element/.test(p)));
    assert.deepEqual(
      out.map((p) => p.split(" ")[1]),
      ["1:1", "2:1", "3:1"],
    );
  });

  test("double and leading commas", () => {
    assert.deepEqual(problems("a = [1,,2]"), [
      "RF_HOCON_SYNTAX 1:8 unexpected comma: list elements are separated by one comma or a new line",
    ]);
    assert.deepEqual(problems("a = [,1]"), [
      "RF_HOCON_SYNTAX 1:6 unexpected comma: list elements are separated by one comma or a new line",
    ]);
    assert.deepEqual(problems("a = 1,,\nb = 2"), [
      "RF_HOCON_SYNTAX 1:7 unexpected comma: commas go between fields, one at a time",
    ]);
  });

  test("two fields on one line without a comma", () => {
    const out = problems("a = 1 b = 2");
    assert.equal(out.length, 1);
    assert.match(out[0]!, /^RF_HOCON_SYNTAX 1:9 expected a comma or a new line after the value/);
  });

  test("a substitution in a key", () => {
    assert.deepEqual(problems("${x} = 1"), [
      "RF_HOCON_SYNTAX 1:1 a substitution `${...}` cannot be used in a key",
    ]);
  });

  test("a ${VAR:-default} gets a message that explains the HOCON way", () => {
    const r = parseHocon("a = ${PORT:-5432}\nb = 1", { env: {} });
    assert.equal(r.diagnostics.length, 1);
    assert.match(r.diagnostics[0]!.message, /cannot carry a default value/);
    assert.match(r.diagnostics[0]!.hint ?? "", /key = \$\{\?VAR\}/);
    assert.deepEqual(r.diagnostics[0]!.location, { line: 1, column: 11 });
    assert.equal(r.value.b, 1);
  });

  test("an unclosed substitution", () => {
    assert.deepEqual(problems("a = ${x\nb = 1"), [
      "RF_HOCON_SYNTAX 1:5 this substitution is not closed with `}` on its line",
    ]);
  });

  test("include is reported as not supported, and parsing goes on", () => {
    const r = parseHocon('include "other.conf"\ninclude required(file("x.conf"))\na = 1', {
      file: "f.conf",
      env: {},
    });
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.location?.line, d.message]),
      [
        ["RF_HOCON_SYNTAX", 1, "include is not supported by rowforge"],
        ["RF_HOCON_SYNTAX", 2, "include is not supported by rowforge"],
      ],
    );
    assert.equal(r.value.a, 1);
  });

  test("a root list is refused", () => {
    assert.deepEqual(problems("[1, 2]"), [
      "RF_HOCON_SYNTAX 1:1 the configuration must be an object (`key = value` lines), not a list",
    ]);
  });

  test("text after the closing brace of a braced root", () => {
    assert.deepEqual(problems("{ a = 1 }\nb = 2"), [
      'RF_HOCON_SYNTAX 2:1 unexpected "b" after the `}` that closes the file\'s root object',
    ]);
  });

  test("parsing recovers after an error and keeps the good fields", () => {
    const r = parseHocon("a = 1\nb = local[*]\nc { d = 2 }\ne = 3", { env: {} });
    assert.match(r.diagnostics[0]!.message, /`\*` is not allowed/);
    assert.deepEqual(JSON.parse(JSON.stringify(r.value)), { a: 1, c: { d: 2 }, e: 3 });
  });

  test("columns count characters outside the Basic Multilingual Plane once", () => {
    assert.deepEqual(problems('a = "😀" x = 1'), [
      'RF_HOCON_SYNTAX 1:11 expected a comma or a new line after the value, found "="',
    ]);
  });
});

describe("HOCON pathological input", () => {
  test("nesting deeper than 200 levels is refused without a crash", () => {
    const deep = `${"a { ".repeat(5000)}${"} ".repeat(5000)}`;
    const out = problems(deep);
    assert.equal(out.length, 1);
    assert.match(out[0]!, /nests deeper than 200 levels/);
    const deepList = `a = ${"[".repeat(100000)}`;
    assert.match(problems(deepList)[0]!, /nests deeper than 200 levels/);
  });

  test("a very long dotted key counts as nesting", () => {
    const key = Array.from({ length: 300 }, (_, i) => `k${i}`).join(".");
    assert.match(problems(`${key} = 1`)[0]!, /nests deeper than 200 levels/);
  });

  test("200 levels are still fine", () => {
    const ok = `${"a { ".repeat(199)}x = 1${" }".repeat(199)}`;
    assert.deepEqual(problems(ok), []);
  });

  test("a long chain of substitutions is stopped with a diagnostic", () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `k${i} = \${k${i + 1}}`);
    lines.push("k5000 = end");
    const out = problems(lines.join("\n"));
    assert.equal(out.length, 1);
    assert.match(out[0]!, /deeper than 400 levels/);
  });

  test("a substitution bomb is stopped with a diagnostic", () => {
    const lines = ["l0 = [x, x]"];
    for (let i = 1; i <= 40; i++) lines.push(`l${i} = [\${l${i - 1}}, \${l${i - 1}}]`);
    const started = performance.now();
    const out = problems(lines.join("\n"));
    assert.ok(performance.now() - started < 5000);
    assert.equal(out.length, 1);
    assert.match(out[0]!, /more than 1000000 values/);
  });

  test("deep values built by chained substitutions are stopped", () => {
    const nest = (inner: string) => `${"{ x ".repeat(150)}${inner}${" }".repeat(150)}`;
    const lines = ["k0 = 1"];
    for (let i = 1; i <= 10; i++) lines.push(`k${i} = ${nest(`= \${k${i - 1}}`)}`);
    const out = problems(lines.join("\n"));
    assert.equal(out.length, 1);
    assert.match(out[0]!, /levels of nesting|deeper than 400 levels/);
  });

  test("garbage input yields bounded diagnostics and no exception", () => {
    const junk = '}{][,:=+`^?!@*&\\$"\n'.repeat(200);
    const r = parseHocon(junk, { env: {} });
    assert.ok(r.diagnostics.length <= 101);
    assert.match(r.diagnostics.at(-1)!.message, /more problems were found/);
  });
});

describe("HOCON stack safety", () => {
  test("running out of stack becomes a diagnostic, not an exception", () => {
    // A small stack stands in for a caller that is already deep in its own calls.
    const script = [
      `const { parseHocon } = await import(${JSON.stringify(new URL("./parse-hocon.ts", import.meta.url).href)});`,
      "const lines = Array.from({ length: 399 }, (_, i) => `k${i} = \\${k${i + 1}}`);",
      'lines.push("k399 = end");',
      'const r = parseHocon(lines.join("\\n"), { env: {} });',
      "console.log(JSON.stringify(r.diagnostics.map((d) => d.message)));",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--stack-size=100", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), ["the configuration is nested too deeply to be read"]);
  });
});
