import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

const task = (records: number, type = "csv") => `name: piped
steps:
  - name: rows
    type: ${type}
    options: {path: "-", header: "true"}
    count: {records: ${records}}
    fields:
      - {name: id, type: int, options: {incremental: 1}}
      - {name: code, options: {regex: "[A-Z]{3}"}}
`;

test('a file step with path "-" writes its rows to standard output; the summary goes to stderr', () => {
  const dir = fixtureDir({ "small.yaml": task(5), "big.yaml": task(30_000, "json") });
  const small = runCli(["run", join(dir, "small.yaml"), "--seed", "1"]);
  assert.equal(small.status, 0, small.stderr);
  const lines = small.stdout.trimEnd().split("\n");
  assert.equal(lines[0], "id,code");
  assert.deepEqual(
    lines.slice(1).map((l) => l.split(",")[0]),
    ["1", "2", "3", "4", "5"],
  );
  assert.match(small.stderr, /rows\s+csv\s+5 .*\(standard output\)/);
  assert.match(small.stderr, /^done: plan piped/m);
  // Large enough for the worker pool: rows still arrive whole and in order.
  const big = runCli(["run", join(dir, "big.yaml"), "--seed", "1", "--workers", "2"], { timeoutMs: 120_000 });
  assert.equal(big.status, 0, big.stderr);
  const rows = big.stdout
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as { id: number; code: string });
  assert.equal(rows.length, 30_000);
  assert.ok(rows.every((r, i) => r.id === i + 1 && /^[A-Z]{3}$/.test(r.code)));
  // Nothing was kept, so delete mode has nothing to remove.
  const del = runCli(["run", join(dir, "small.yaml"), "--mode", "delete"]);
  assert.equal(del.status, 0, del.stderr);
  assert.match(del.stderr, /0 records deleted/);
  assert.equal(del.stdout, "");
});
