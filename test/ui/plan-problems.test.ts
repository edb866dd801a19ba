import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parsePath } from "../../src/ui/pages/plans/problem-paths.ts";
import { locateProblems } from "../../src/ui/pages/plans/step-problems.ts";
import { positionOf, yamlProblems } from "../../src/ui/pages/plans/yaml-locate.ts";

const TASK =
  'name: t\nsteps:\n  - name: s\n    fields:\n      - name: a\n        type: int\n      - name: b\n        options:\n          sql: "a +* 1"\n';

describe("plan editor problem locations", () => {
  it("reads the API's paths, quoted keys included", () => {
    assert.deepEqual(parsePath("steps[0].fields[3].options.min"), [
      "steps",
      0,
      "fields",
      3,
      "options",
      "min",
    ]);
    assert.deepEqual(parsePath('steps[1].options["my.key"]'), ["steps", 1, "options", "my.key"]);
  });

  it("places a problem at its path, or at the field its message names, or at the step", () => {
    const fields = [{ name: "a" }, { name: "b" }];
    const [byPath] = locateProblems(
      [
        {
          code: "RF_KEY_UNKNOWN",
          message: "unknown",
          path: "steps[0].fields[1].options.mni",
          line: 9,
          column: 11,
        },
      ],
      "x",
      0,
      fields,
    );
    assert.deepEqual(byPath!.path, ["steps", 0, "fields", 1, "options", "mni"]);
    assert.equal(byPath!.line, 9);
    const [byName] = locateProblems([], 'field "b": SQL expression "a +* 1" at position 2', 0, fields);
    assert.deepEqual(byName!.path, ["steps", 0, "fields", 1]);
    const [step] = locateProblems([], "the sample took too long", 0, fields);
    assert.deepEqual(step!.path, ["steps", 0]);
  });

  it("gives the line and column of a path (its key) and of syntax errors", () => {
    assert.deepEqual(positionOf(TASK, ["steps", 0, "fields", 1]), { line: 7, column: 9 });
    assert.deepEqual(positionOf(TASK, ["steps", 0, "fields", 1, "options", "sql"]), { line: 9, column: 11 });
    // A path that does not exist points at its nearest ancestor.
    assert.deepEqual(positionOf(TASK, ["steps", 0, "fields", 1, "options", "nope"]), { line: 8, column: 9 });
    const [syntax] = yamlProblems("name: t\nsteps:\n  - name: [s\n");
    assert.ok(syntax && syntax.line >= 3, JSON.stringify(syntax));
    assert.deepEqual(yamlProblems(TASK), []);
  });
});
