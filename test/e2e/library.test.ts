import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { definePlan, generate, isRowforgeError, type Plan, sample } from "../../src/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT, runCli } from "../support/run-cli.ts";

const NOW = "2026-03-01T12:00:00Z";

/** One plan, as code: two steps linked by a foreign key, relative dates, weighted choices. */
const shop = (out: string): Plan =>
  definePlan({
    name: "library_shop",
    sinkOptions: { seed: "3" },
    dataSources: [
      {
        name: "shop",
        connection: { type: "json" },
        steps: [
          {
            name: "customers",
            options: { path: `${out}/customers` },
            count: { records: 400 },
            fields: [
              { name: "id", options: { regex: "C[0-9]{6}", isUnique: true } },
              { name: "name", options: { expression: "#{Name.firstName}" } },
              { name: "joined", type: "date", options: { min: "today-30d", max: "today" } },
            ],
          },
          {
            name: "orders",
            options: { path: `${out}/orders` },
            count: { records: 1500 },
            fields: [
              { name: "order_id", type: "long", options: { incremental: 1 } },
              { name: "customer_id" },
              { name: "status", options: { oneOf: ["open->0.7", "shipped->0.3"] } },
              { name: "total", type: "decimal(8,2)", options: { min: 1, max: 500 } },
            ],
          },
        ],
      },
    ],
    foreignKeys: [
      {
        source: { dataSource: "shop", step: "customers", fields: ["id"] },
        generate: [{ dataSource: "shop", step: "orders", fields: ["customer_id"] }],
      },
    ],
  });

/** The same plan as a YAML file (JSON is YAML), a .mjs module and a .ts module in one folder. */
function planFiles(): string {
  const dir = fixtureDir({});
  const plan = JSON.stringify(shop("out"), null, 2);
  writeFileSync(join(dir, "shop.yaml"), plan);
  writeFileSync(join(dir, "shop.mjs"), `export default ${plan};\n`);
  writeFileSync(
    join(dir, "shop.ts"),
    `import { definePlan } from ${JSON.stringify(join(REPO_ROOT, "src/index.ts"))};\nexport default definePlan(${plan});\n`,
  );
  return dir;
}

const ndjson = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The rows a run wrote into a JSON output folder, in file order. */
const written = (folder: string) =>
  readdirSync(folder)
    .filter((f) => f.startsWith("part-"))
    .sort()
    .flatMap((f) => ndjson(readFileSync(join(folder, f), "utf8")));

test("sample() gives the rows `rowforge sample` prints, for a definePlan object and for a YAML path", async () => {
  const dir = planFiles();
  for (const step of ["customers", "orders"]) {
    const cli = runCli(
      ["sample", "shop.yaml", "-f", "json", "-n", "25", "--seed", "11", "--now", NOW, "--step", step],
      {
        cwd: dir,
      },
    );
    assert.equal(cli.status, 0, cli.stderr);
    const expected = ndjson(cli.stdout);
    assert.equal(expected.length, 25);
    assert.deepEqual(await sample(shop("out"), { step, n: 25, seed: 11, now: NOW, cwd: dir }), expected);
    assert.deepEqual(
      await sample("shop.yaml", { step, n: 25, seed: "11", now: new Date(NOW), cwd: dir }),
      expected,
    );
  }
});

test("generate() streams every row `rowforge run` writes with the same seed, as rows and as Arrow batches", async () => {
  const dir = planFiles();
  const r = runCli(["run", "shop.yaml", "--seed", "5", "--now", NOW], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  for (const step of ["customers", "orders"]) {
    const rows: Record<string, unknown>[] = [];
    for await (const row of generate(shop("out"), { step, seed: 5, now: NOW, batchSize: 128, cwd: dir }))
      rows.push(row);
    assert.deepEqual(rows, written(join(dir, "out", step)), step);
  }
  const sizes: number[] = [];
  for await (const batch of generate(join(dir, "shop.yaml"), {
    step: "orders",
    seed: 5,
    now: NOW,
    batchSize: 400,
  }).batches())
    sizes.push(batch.numRows);
  assert.deepEqual(sizes, [400, 400, 400, 300]);
});

test("rowforge run plan.ts and plan.mjs write the bytes the same plan in YAML writes", () => {
  const outputs = ["shop.yaml", "shop.mjs", "shop.ts"].map((file) => {
    const dir = planFiles();
    const r = runCli(["run", file, "--seed", "9", "--now", NOW], { cwd: dir });
    assert.equal(r.status, 0, `${file}: ${r.stderr}`);
    return ["customers", "orders"].map((s) => JSON.stringify(written(join(dir, "out", s))));
  });
  assert.ok(outputs[0]![1]!.length > 1000);
  assert.deepEqual(outputs[1], outputs[0]);
  assert.deepEqual(outputs[2], outputs[0]);
});

test("a plan module without a default export, or a .ts plan under node_modules, is a coded error", () => {
  const dir = fixtureDir({ "nothing.mjs": "export const plan = {};\n" });
  const r = runCli(["run", "nothing.mjs"], { cwd: dir });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /RF_PLAN_MODULE_INVALID: the module has no default export/);
  mkdirSync(join(dir, "node_modules", "pkg"), { recursive: true });
  writeFileSync(
    join(dir, "node_modules", "pkg", "plan.ts"),
    "const n: number = 1;\nexport default { name: `p${n}` };\n",
  );
  const t = runCli(["validate", "node_modules/pkg/plan.ts"], { cwd: dir });
  assert.notEqual(t.status, 0);
  assert.match(t.stderr, /RF_PLAN_MODULE_INVALID: Node does not strip TypeScript types under node_modules/);
});

test("a plan with problems throws the coded error `rowforge validate` reports", async () => {
  const dir = fixtureDir({});
  const plan = JSON.parse(JSON.stringify(shop("out"))) as {
    dataSources: { steps: { fields: { options?: object }[] }[] }[];
  };
  plan.dataSources[0]!.steps[0]!.fields[2]!.options = { minn: "today-30d" };
  writeFileSync(join(dir, "bad.yaml"), JSON.stringify(plan));
  const cli = runCli(["validate", "bad.yaml"], { cwd: dir });
  assert.match(cli.stdout + cli.stderr, /RF_KEY_UNKNOWN/);
  await assert.rejects(sample(plan as unknown as Plan, { n: 1, cwd: dir }), (e: unknown) => {
    assert.ok(isRowforgeError(e));
    assert.equal(e.code, "RF_KEY_UNKNOWN");
    assert.match(e.message, /"minn"/);
    return true;
  });
  await assert.rejects(sample("bad.yaml", { n: 1, step: "nope", cwd: dir }), { code: "RF_KEY_UNKNOWN" });
});
