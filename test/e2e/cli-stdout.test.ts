import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { CLI, cliUserHome, runCli } from "../support/run-cli.ts";

/** `rowforge <args> | head -c1`: the CLI's exit status and stderr when its reader closes stdout after the first chunk. */
function readFirstChunkOnly(args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, HOME: cliUserHome(), NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout.once("data", () => child.stdout.destroy());
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stderr })));
}

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

test("a reader that closes standard output early (`| head`) ends the run with a clear failure, never a crash", async () => {
  const dir = fixtureDir({
    "big.yaml": task(300_000, "json"),
    "file.yaml": task(20_000, "json").replace('"-"', "out"),
  });
  // Rows to stdout: the step fails naming what happened, the run ends at once.
  const piped = await readFirstChunkOnly(["run", join(dir, "big.yaml"), "--seed", "1"]);
  assert.equal(piped.status, 1, piped.stderr);
  assert.match(piped.stderr, /standard output was closed by the program reading it/);
  assert.doesNotMatch(piped.stderr, /Unhandled|node:events|\n\s+at \S+ \(/);
  // Only the summary goes to stdout: the run's files are written and the run succeeds.
  const summary = await readFirstChunkOnly([
    "run",
    join(dir, "file.yaml"),
    "--seed",
    "1",
    "-o",
    join(dir, "o"),
  ]);
  assert.equal(summary.status, 0, summary.stderr);
  assert.doesNotMatch(summary.stderr, /EPIPE|Unhandled/);
});
