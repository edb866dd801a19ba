import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parsePath } from "../../src/ui/pages/plans/problem-paths.ts";
import { saveProblems } from "../../src/ui/pages/plans/save-problems.ts";
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

describe("a refused save's problems", () => {
  it("are placed in the workspace file and path the request had them", () => {
    const message =
      'plan "p2" is not saved: it has 3 problems: 1) at tasks[1].steps[0].fields[0].options.mni: unknown field option key "mni"; did you mean "max" or "min"? [RF_KEY_UNKNOWN]; 2) at plan.tasks[0].dataSourceName: no connection "x" [RF_CONNECTION_NOT_FOUND]; 3) the plan has no steps [RF_STRUCTURE]';
    const problems = saveProblems(message);
    assert.equal(problems.length, 2);
    assert.deepEqual(problems[0]!.file, { kind: "task", index: 1 });
    assert.deepEqual(problems[0]!.path, ["steps", 0, "fields", 0, "options", "mni"]);
    assert.match(problems[0]!.message, /did you mean "max" or "min"\? \[RF_KEY_UNKNOWN\]$/);
    assert.deepEqual(problems[1]!.file, { kind: "plan" });
    assert.deepEqual(problems[1]!.path, ["tasks", 0, "dataSourceName"]);
  });
});
