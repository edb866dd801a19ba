import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { CLI, REPO_ROOT, runCli } from "../support/run-cli.ts";

const unified = (status: string) => `name: shop
dataSources:
  - name: files
    connection: {type: json, options: {path: /tmp/never-written}}
    steps:
      - name: customers
        count: {records: 50}
        fields:
          - {name: id, options: {regex: "C[0-9]{6}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: status, options: {oneOf: ["${status}"]}}
          - {name: visits, type: int, options: {min: 1, max: 9}}
      - name: orders
        fields:
          - {name: order_id, type: long, options: {min: 1, max: 1000000, isUnique: true}}
          - {name: total, type: "decimal(8,2)", options: {min: 1, max: 500}}
`;

test("rowforge sample prints NDJSON rows of the first step when piped, and names the other steps", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  const r = runCli(["sample", join(dir, "shop.yaml"), "-n", "4", "--seed", "7"]);
  assert.equal(r.status, 0, r.stderr);
  const rows = r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(rows.length, 4);
  for (const row of rows) {
    assert.match(String(row.id), /^C[0-9]{6}$/);
    assert.equal(row.status, "active");
    assert.ok(Number(row.visits) >= 1 && Number(row.visits) <= 9);
  }
  assert.match(r.stderr, /sampling step customers; the plan has 2 steps .*orders/);
  const again = runCli(["sample", join(dir, "shop.yaml"), "-n", "4", "--seed", "7"]);
  assert.equal(again.stdout, r.stdout, "the same seed gives the same rows");
});

test("rowforge sample --step --format csv writes a header and one line per row", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  const r = runCli(["sample", join(dir, "shop.yaml"), "--step", "orders", "-f", "csv", "-n", "3"]);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines[0], "order_id,total");
  assert.equal(lines.length, 4);
  assert.match(lines[1]!, /^\d+,\d+(\.\d{1,2})?$/);
});

test("rowforge sample --format table shows every step as a table with a header and a rule", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  const r = runCli(["sample", join(dir, "shop.yaml"), "-f", "table", "-n", "2"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^customers\nid\s+│ name\s+│ status │ visits\n─+┼/);
  assert.match(r.stdout, /\norders\norder_id\s+│ total\n/);
  assert.equal(r.stdout.split("\n").filter((l) => l.includes("active")).length, 2);
});

test("rowforge sample refuses an unknown step with the nearest name, and bad flags, with exit 2", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  const r = runCli(["sample", join(dir, "shop.yaml"), "--step", "order"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /RF_STEP_NOT_FOUND.*step "order".*did you mean "orders"/s);
  const f = runCli(["sample", join(dir, "shop.yaml"), "-f", "tabel"]);
  assert.equal(f.status, 2);
  assert.match(f.stderr, /--format must be one of table, json, csv.*"table"/);
  const n = runCli(["sample", join(dir, "shop.yaml"), "-n", "0"]);
  assert.equal(n.status, 2);
  assert.match(n.stderr, /--rows must be a whole number from 1/);
});

test("rowforge sample reports load errors with file:line:col and exit 2", () => {
  const bad = fixtureDir({
    "t.yaml":
      "name: t\nsteps:\n  - name: s\n    type: json\n    options: {path: /tmp/x}\n    fields:\n      - {name: a, type: strng}\n",
  });
  const r = runCli(["sample", join(bad, "t.yaml")]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /t\.yaml:7:\d+: error/);
  assert.equal(r.stdout, "", "no rows when the file is invalid");
});

test("rowforge sample --watch on a terminal samples again when the file is saved", async () => {
  const dir = fixtureDir({ "shop.yaml": unified("first_value") });
  const file = join(dir, "shop.yaml");
  // `script` gives the command a pseudo-terminal, as a person's shell would.
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} sample ${JSON.stringify(file)} --watch -n 2 --step customers`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: "1", COLUMNS: "200" },
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let screen = "";
  child.stdout.on("data", (d: Buffer) => {
    screen += d.toString("utf8");
  });
  const waitFor = async (pattern: RegExp, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(screen)) {
      if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    await waitFor(/watching for changes/, "the first sample");
    assert.match(screen, /id\s+│ name\s+│ status/, "a table on a terminal");
    assert.match(screen, /first_value/);
    const before = screen.length;
    writeFileSync(file, unified("second_value"));
    await waitFor(/second_value[\s\S]*watching for changes/, "the sample after the edit");
    writeFileSync(file, unified("second_value").replace("type: int", "type: nope"));
    await waitFor(/error[\s\S]*nope[\s\S]*errors .*watching for changes/, "the error shown in place");
    assert.ok(screen.length > before);
  } finally {
    try {
      process.kill(-child.pid!, "SIGINT");
    } catch {}
    await new Promise((r) => child.once("close", r));
  }
});

test("rowforge sample takes the generation budget of application.conf, as run does (its refusal says to raise it there)", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  // 1,000 rows of customers are about 200 KB at worst: within the default, not within 64 KB.
  const ok = runCli(["sample", join(dir, "shop.yaml"), "-n", "1000", "--seed", "7"], { cwd: dir });
  assert.equal(ok.status, 0, ok.stderr);
  writeFileSync(join(dir, "application.conf"), "budget { maxBytesPerSample = 65536 }\n");
  const small = runCli(["sample", join(dir, "shop.yaml"), "-n", "1000", "--seed", "7"], { cwd: dir });
  assert.equal(small.status, 2, small.stdout);
  assert.match(small.stderr, /RF_BUDGET_EXCEEDED[\s\S]*maxBytesPerSample = 65536/);
  writeFileSync(join(dir, "application.conf"), "budget { maxBytesPerSample = 1073741824 }\n");
  const big = runCli(["sample", join(dir, "shop.yaml"), "-n", "1000", "--seed", "7"], { cwd: dir });
  assert.equal(big.status, 0, big.stderr);
});

test("rowforge sample gives every row its own faker values; --pooled draws them from pools, --full-variety is accepted", () => {
  const dir = fixtureDir({ "shop.yaml": unified("active") });
  const sample = (...flags: string[]) => {
    const r = runCli(["sample", join(dir, "shop.yaml"), "-n", "50", "--seed", "3", ...flags]);
    assert.equal(r.status, 0, r.stderr);
    return r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const rows = sample();
  assert.deepEqual(sample("--full-variety"), rows, "--full-variety is the default");
  const pooled = sample("--pooled");
  assert.deepEqual(
    pooled.map((r) => r.id),
    rows.map((r) => r.id),
    "only the faker column depends on pooling",
  );
  assert.notDeepEqual(
    pooled.map((r) => r.name),
    rows.map((r) => r.name),
  );
  const both = runCli(["sample", join(dir, "shop.yaml"), "--pooled", "--full-variety"]);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--pooled and --full-variety contradict each other/);
});
