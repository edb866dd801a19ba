import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiFixture } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

interface Problem {
  code: string;
  message: string;
  line?: number;
  column?: number;
  path?: string;
}
const problemsOf = (body: string) =>
  (JSON.parse(body) as { error: { problems?: Problem[] } }).error.problems ?? [];

const post = (yaml: string, stepName = "s") =>
  f.app.inject({
    method: "POST",
    url: `/sample/task-yaml?stepName=${stepName}`,
    headers: { "content-type": "application/yaml" },
    payload: yaml,
  });

test("POST /sample/task-yaml locates each problem of the YAML: line, column and path, for an editor to show beside the field", async () => {
  const yaml =
    "name: t\nsteps:\n  - name: s\n    type: json\n    fields:\n      - name: id\n      - name: age\n        type: int\n        options: {mni: 3}\n      - name: when\n        type: dat\n";
  const res = await post(yaml);
  assert.equal(res.statusCode, 400);
  const problems = problemsOf(res.body);
  const typo = problems.find((p) => p.path === "steps[0].fields[1].options.mni");
  assert.ok(typo, JSON.stringify(problems));
  assert.equal(typo.line, 9);
  const type = problems.find((p) => p.path?.startsWith("steps[0].fields[2]"));
  assert.ok(type, JSON.stringify(problems));
  assert.equal(type.line, 11);
});

test("POST /sample/task-yaml locates a syntax error", async () => {
  const syntax = problemsOf((await post("name: t\nsteps:\n  - name: [s\n")).body);
  assert.equal(syntax.length, 1);
  assert.ok(syntax[0]!.line !== undefined && syntax[0]!.column !== undefined, JSON.stringify(syntax));
});
