import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { useUiSession } from "../support/browser.ts";
import { runCli } from "../support/run-cli.ts";

// A plan of the server's plan folder: customers and their orders, linked by a foreign key,
// with its own seed. The first orders point at customers far past the first rows.
const DIR = mkdtempSync(join(tmpdir(), "rowforge-ui-preview-"));
const FILES: Record<string, string> = {
  "plans/shop.yaml": `name: preview_shop
tasks:
  - { name: shop, dataSourceName: files }
sinkOptions:
  seed: "23"
  foreignKeys:
    - source: { dataSource: files, step: customers, fields: [customer_id] }
      generate: [{ dataSource: files, step: orders, fields: [customer_id] }]
`,
  "tasks/shop.yaml": `name: shop
steps:
  - name: customers
    type: json
    options: { path: ${join(DIR, "out", "customers")} }
    count: { records: 50 }
    fields:
      - { name: customer_id, options: { regex: "C[0-9]{6}" } }
  - name: orders
    type: json
    options: { path: ${join(DIR, "out", "orders")} }
    count: { records: 80 }
    fields:
      - { name: order_id, options: { regex: "O[0-9]{7}" } }
      - { name: customer_id }
      - { name: quantity, type: int, options: { min: 1, max: 9 } }
`,
  "application.conf": `folders { planFilePath = "${join(DIR, "plans", "shop.yaml")}", taskFolderPath = "${join(DIR, "tasks")}" }
json { files { path = "${join(DIR, "out")}" } }
`,
};
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(join(DIR, path, ".."), { recursive: true });
  writeFileSync(join(DIR, path), text);
}
after(() => rmSync(DIR, { recursive: true, force: true }));

const ui = useUiSession(["--config", join(DIR, "application.conf"), "--data-dir", DIR]);

const written = (step: string): Record<string, unknown>[] => {
  const dir = join(DIR, "out", step);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), "utf8").trim().split("\n"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
};

test("item 7: the plan editor's live preview of a child step is the first rows the run writes, foreign keys and the plan's seed included", async () => {
  const run = runCli(
    ["run", join(DIR, "plans", "shop.yaml"), "--config", join(DIR, "application.conf"), "--workers", "0"],
    {
      cwd: DIR,
    },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const orders = written("orders").slice(0, 10);
  const firstCustomers = new Set(
    written("customers")
      .slice(0, 10)
      .map((c) => c.customer_id),
  );
  assert.ok(
    orders.some((o) => !firstCustomers.has(o.customer_id)),
    "the first orders point past the first customers",
  );

  const page = await ui().newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/ui/#/plans");
  await page.getByRole("link", { name: "preview_shop", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Plan preview_shop" }).waitFor();
  await page.getByRole("button", { name: "orders", exact: true }).click();
  await page.getByRole("columnheader", { name: "quantity" }).waitFor();
  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByTitle("Sample as JSON lines");
  await json.waitFor();
  const rows = ((await json.textContent()) ?? "")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(rows, orders, "the preview is the run's first ten orders");
  assert.deepEqual(errors, []);
});
