import assert from "node:assert/strict";
import { test } from "node:test";
import { firstSyntaxBlock, syntaxBlockMessage } from "../../src/ui/pages/plans/syntax-block.ts";

const ws = {
  plan: "name: p\ntasks: []\n",
  tasks: ["name: a\nsteps: []\n", "name: b\nsteps: []\n"],
  validations: [],
  configuration: "",
};

test("Save's syntax check: the first text that does not parse, the user's draft over the last text that parsed", () => {
  assert.equal(firstSyntaxBlock(ws, new Map()), undefined);
  const block = firstSyntaxBlock(ws, new Map([["task:1", "name: b\nsteps: [\n  x: 1\n"]]));
  assert.ok(block);
  assert.deepEqual(block.file, { kind: "task", index: 1 });
  assert.equal(block.name, "task/b.yaml");
  assert.ok(block.line >= 2, `line ${block.line}`);
  assert.match(
    syntaxBlockMessage(block),
    /^task\/b\.yaml has a YAML syntax error at line \d+, column \d+: .+ Nothing was sent/,
  );
  // A workspace text that does not parse (an import) blocks too, named by its place when it has no name.
  const imported = firstSyntaxBlock({ ...ws, plan: "name: p\n  bad: : x\n" }, new Map());
  assert.equal(imported?.name, "plan/plan.yaml");
  assert.deepEqual(imported?.file, { kind: "plan" });
});
