import assert from "node:assert/strict";
import { test } from "node:test";
import { ERROR_CODES } from "../../errors/index.ts";
import { MAX_YAML_DEPTH } from "./parse-yaml-bounded.ts";
import { readYaml } from "./read-yaml.ts";

test("values and positions of keys and values", () => {
  const text =
    "name: plan\nsteps:\n  - name: a\n    fields:\n      - name: x\n        options:\n          min: 10\n";
  const r = readYaml(text, "t.yaml");
  assert.deepEqual(r.diagnostics, []);
  const doc = r.document!;
  assert.deepEqual(doc.value, {
    name: "plan",
    steps: [{ name: "a", fields: [{ name: "x", options: { min: 10 } }] }],
  });
  assert.deepEqual(doc.locate(["steps", 0, "fields", 0, "options", "min"]), {
    file: "t.yaml",
    line: 7,
    column: 16,
  });
  assert.deepEqual(doc.locate(["steps", 0, "fields", 0, "options", "min"], "key"), {
    file: "t.yaml",
    line: 7,
    column: 11,
  });
  // A path that goes beyond what exists points at the deepest node found.
  assert.equal(doc.locate(["steps", 0, "nope", "deeper"]).line, 3);
});

test("syntax errors carry line and column", () => {
  const r = readYaml("name: a\n  bad: [1, 2\n", "bad.yaml");
  assert.equal(r.document, undefined);
  assert.ok(r.diagnostics.length > 0);
  assert.equal(r.diagnostics[0]!.code, "RF_YAML_SYNTAX");
  assert.equal(r.diagnostics[0]!.location?.file, "bad.yaml");
  assert.ok((r.diagnostics[0]!.location?.line ?? 0) >= 1);
});

test("duplicate keys are errors", () => {
  const r = readYaml("a: 1\na: 2\n");
  assert.equal(r.diagnostics[0]?.code, "RF_YAML_SYNTAX");
});

test("alias bombs are refused quickly", () => {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(
      `${name}: &${name} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`,
    );
  }
  const started = performance.now();
  const r = readYaml(lines.join("\n"));
  assert.ok(performance.now() - started < 2000);
  assert.equal(r.document, undefined);
  assert.equal(r.diagnostics[0]?.code, "RF_YAML_ALIAS_LIMIT");
});

test("a few aliases are fine", () => {
  const r = readYaml("base: &b {x: 1}\nother: *b\n");
  assert.deepEqual(r.document?.value, { base: { x: 1 }, other: { x: 1 } });
});

test("several documents are refused, a leading --- is fine", () => {
  assert.deepEqual(readYaml("---\nname: a\n").document?.value, { name: "a" });
  assert.equal(readYaml("name: a\n---\nname: b\n").diagnostics[0]?.code, "RF_STRUCTURE");
});

test("huge input is refused before parsing", () => {
  const r = readYaml(`x: "${"a".repeat(9 * 1024 * 1024)}"`);
  assert.equal(r.diagnostics[0]?.code, "RF_FILE_TOO_LARGE");
});

test("YAML nested deeper than the limit is refused naming the limit, in flow and block style, never a stack overflow", () => {
  const n = 10_000;
  const deep = {
    "flow sequences": `name: t\nsteps: ${"[".repeat(n)}${"]".repeat(n)}\n`,
    "flow mappings": `name: t\nsteps: ${"{a: ".repeat(n)}1${"}".repeat(n)}\n`,
    "block sequences": `name: t\nsteps:\n${Array.from({ length: 3000 }, (_, i) => `${" ".repeat(i)}- `).join("\n")}x\n`,
    "compact sequences": `name: t\nsteps:\n${"- ".repeat(n)}x\n`,
  };
  for (const [kind, text] of Object.entries(deep)) {
    const r = readYaml(text, "deep.yaml");
    assert.equal(r.document, undefined, kind);
    assert.equal(r.diagnostics.length, 1, `${kind}: ${JSON.stringify(r.diagnostics)}`);
    const d = r.diagnostics[0]!;
    assert.equal(d.code, "RF_YAML_TOO_DEEP", kind);
    assert.match(d.message, new RegExp(`more than ${MAX_YAML_DEPTH} levels deep`), kind);
    assert.doesNotMatch(d.message, /call stack/i, kind);
    assert.equal(d.location?.file, "deep.yaml");
    assert.ok((d.location?.line ?? 0) >= 2, `${kind}: located at the nesting`);
  }
  assert.match(ERROR_CODES.RF_YAML_TOO_DEEP.hint, new RegExp(`${MAX_YAML_DEPTH} levels`));
});

test("YAML nested up to the limit is read", () => {
  const depth = MAX_YAML_DEPTH - 2;
  const r = readYaml(`a: ${"[".repeat(depth)}1${"]".repeat(depth)}\n`);
  assert.deepEqual(r.diagnostics, []);
  let v: unknown = (r.document!.value as { a: unknown }).a;
  let levels = 0;
  while (Array.isArray(v)) {
    v = v[0];
    levels++;
  }
  assert.equal(levels, depth);
});
