import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { deleteIn, moveItem, renameKey, sameData, setIn } from "../../src/ui/pages/plans/yaml-edit.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(e.name) ? [p] : [];
  });

/** Lines of `b` that are not in `a` at the same place (a one-line edit gives one). */
const changedLines = (a: string, b: string) => {
  const x = a.split("\n");
  const y = b.split("\n");
  return y.filter((l, i) => x[i] !== l).length;
};
const comments = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim().startsWith("#"))
    .map((l) => l.trim());

const SAMPLE = `# a task
name: t
steps:
  - name: accounts   # the accounts
    type: json
    options: { path: /tmp/x }
    fields:
      - name: id
        options:
          regex: "ACC[0-9]{8}"
          mysteryKey: keep me
      - name: amount
        type: double
`;

describe("yaml-edit", () => {
  it("replaces a scalar in place, keeping quotes, comments and every other byte", () => {
    const out = setIn(SAMPLE, ["steps", 0, "fields", 0, "options", "regex"], "X[0-9]");
    assert.equal(out, SAMPLE.replace('"ACC[0-9]{8}"', '"X[0-9]"'));
    assert.equal(setIn(SAMPLE, ["steps", 0, "name"], "accounts"), SAMPLE);
    assert.equal(setIn(SAMPLE, ["steps", 0, "name"], "people"), SAMPLE.replace("accounts   #", "people   #"));
  });

  it("adds a key to a block mapping and an item to a block list as new lines", () => {
    const withMin = setIn(SAMPLE, ["steps", 0, "fields", 1, "options"], { min: 1, max: 9 });
    assert.match(withMin, /type: double\n {8}options:\n {10}min: 1\n {10}max: 9\n$/);
    const added = setIn(SAMPLE, ["steps", 0, "fields", 2], { name: "tags", type: "array<string>" });
    assert.equal(added, `${SAMPLE}      - name: tags\n        type: array<string>\n`);
    assert.ok(added.includes("mysteryKey: keep me") && added.includes("# the accounts"));
  });

  it("writes into a flow mapping by rewriting the document, data and comments kept", () => {
    const out = setIn(SAMPLE, ["steps", 0, "options", "saveMode"], "overwrite");
    assert.deepEqual(parse(out).steps[0].options, { path: "/tmp/x", saveMode: "overwrite" });
    assert.ok(out.includes("# a task") && out.includes("# the accounts"));
  });

  it("removes a key or an item with its lines", () => {
    const out = deleteIn(SAMPLE, ["steps", 0, "fields", 0, "options", "mysteryKey"]);
    assert.equal(out, SAMPLE.replace("          mysteryKey: keep me\n", ""));
    const noId = deleteIn(SAMPLE, ["steps", 0, "fields", 0]);
    assert.deepEqual(
      parse(noId).steps[0].fields.map((f: { name: string }) => f.name),
      ["amount"],
    );
    assert.equal(deleteIn(SAMPLE, ["steps", 0, "nothing"]), SAMPLE);
  });

  it("renames a key in place and moves list items", () => {
    const typo = SAMPLE.replace("mysteryKey", "mni");
    const out = renameKey(typo, ["steps", 0, "fields", 0, "options", "mni"], "min");
    assert.equal(out, typo.replace("mni:", "min:"));
    const moved = moveItem(SAMPLE, ["steps", 0, "fields", 1], -1);
    assert.deepEqual(
      parse(moved).steps[0].fields.map((f: { name: string }) => f.name),
      ["amount", "id"],
    );
  });

  it("keeps every corpus file byte for byte through no-op edits, and changes one line for a rename", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    let fields = 0;
    for (const file of yamlFiles(join(CORPUS, "task"))) {
      const text = readFileSync(file, "utf8");
      const steps = (parse(text)?.steps ?? []) as { name: string; fields?: { name: string }[] }[];
      steps.forEach((step, s) => {
        assert.equal(setIn(text, ["steps", s, "name"], step.name), text, file);
        (step.fields ?? []).forEach((field, f) => {
          fields++;
          const path = ["steps", s, "fields", f, "name"];
          assert.equal(setIn(text, path, field.name), text, `${file} ${path.join(".")}`);
          const out = setIn(text, path, `${field.name}_2`);
          assert.equal(changedLines(text, out), 1, `${file} ${path.join(".")}`);
          assert.deepEqual(comments(out), comments(text));
        });
      });
    }
    assert.ok(fields > 100, `only ${fields} fields`);
  });

  it("adds and removes an option on every corpus field keeping all other data and every comment", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    for (const file of yamlFiles(join(CORPUS, "task"))) {
      const text = readFileSync(file, "utf8");
      const data = parse(text);
      ((data?.steps ?? []) as { fields?: unknown[] }[]).forEach((step, s) => {
        (step.fields ?? []).forEach((_, f) => {
          const path = ["steps", s, "fields", f, "options", "nullProb"];
          const out = setIn(text, path, 0.25);
          const expected = structuredClone(data);
          const field = expected.steps[s].fields[f];
          field.options = { ...(field.options ?? {}), nullProb: 0.25 };
          assert.ok(sameData(parse(out), expected), `${file} ${path.join(".")}`);
          assert.deepEqual(comments(out), comments(text), file);
          const back = deleteIn(out, path);
          const again = structuredClone(expected);
          delete again.steps[s].fields[f].options.nullProb;
          assert.ok(sameData(parse(back), again), `${file} delete ${path.join(".")}`);
        });
      });
    }
  });
});
