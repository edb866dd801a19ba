import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadIn } from "../../../test/support/config/load-in.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { loadProject } from "../../config/index.ts";
import { checkProject } from "./check-project.ts";

test("item 5: the dry run still compiles the steps of a plan's other tasks when one task file has load errors", async () => {
  const dir = fixtureDir({
    "plan/p.yaml":
      "name: p\ntasks:\n  - {name: a, dataSourceName: json}\n  - {name: b, dataSourceName: json}\n",
    "task/a.yaml":
      "name: a\nsteps:\n  - name: s\n    count: {records: -1}\n    options: {path: /tmp/a}\n    fields: [{name: x}]\n",
    "task/b.yaml":
      "name: b\nsteps:\n  - name: t\n    options: {path: /tmp/b}\n    fields:\n      - {name: ok}\n      - {name: r, options: {regex: '[a-'}}\n",
  });
  const load = await loadProject([join(dir, "plan", "p.yaml")], loadIn(dir));
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
    ["RF_COUNT_NEGATIVE"],
  );
  const dry = await checkProject(load);
  assert.equal(dry.length, 1, JSON.stringify(dry));
  assert.match(dry[0]!.message, /field "r": regex "\[a-"/);
  assert.equal(dry[0]!.location?.file, join(dir, "task", "b.yaml"));
  assert.equal(dry[0]!.location?.line, 7);
});

test("issue 27 item 3: a bad regex, an unknown Datafaker method and bad SQL in three fields of one step are three errors in one round, each at its field's line", async () => {
  const dir = fixtureDir({
    "task/t.yaml": [
      "name: t",
      "steps:",
      "  - name: s",
      "    options: {path: /tmp/rowforge-never-written}",
      "    fields:",
      "      - {name: ok}",
      "      - {name: code, options: {regex: '[a-'}}",
      "      - {name: who, options: {expression: '#{Name.nosuchMethod}'}}",
      "      - {name: total, type: int, options: {sql: 'ok +* 1'}}",
      "      - {name: uses_code, options: {sql: 'UPPER(code)'}}",
      "",
    ].join("\n"),
  });
  const load = await loadProject([join(dir, "task", "t.yaml")], loadIn(dir));
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  const dry = await checkProject(load);
  assert.deepEqual(
    // Each message names its field (SQL ones its step too, as the budget's refusals do).
    dry.map((d) => [d.location?.line, /field "[^"]+"/.exec(d.message)?.[0]]),
    [
      [7, 'field "code"'],
      [8, 'field "who"'],
      [9, 'field "total"'],
    ],
    JSON.stringify(dry, null, 1),
  );
});
