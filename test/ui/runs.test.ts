import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Page } from "playwright-core";
import { screenshot, useUiSession } from "../support/browser.ts";
import { startHttpReceiver } from "../support/http-receiver.ts";
import { until } from "../support/until.ts";

const receiver = await startHttpReceiver();
// The paced HTTP step posts to the receiver: the server's URL allow-list names it.
const ui = useUiSession(["--allow-url", receiver.url]);
after(async () => {
  await receiver.close();
});

/** Saves the two plans the tests run: a paced HTTP step (live progress) and a JSON file step (report, delete). */
async function savePlans() {
  const s = ui();
  const saved = await s.api("POST", "/connection", {
    connections: [{ name: "receiver", type: "http", options: { url: `${receiver.url}/events` } }],
  });
  assert.equal(saved.status, 200, saved.text);
  const paced = (name: string, records: number, rate: number) => ({
    plan: {
      name,
      description: "paced HTTP POSTs",
      tasks: [{ name: "events", dataSourceName: "receiver", enabled: true }],
    },
    tasks: [
      {
        name: "events",
        type: "http",
        options: { rowsPerSecond: String(rate) },
        count: { records },
        fields: [{ name: "n", type: "long", options: { sql: "__index_inc" } }],
      },
    ],
  });
  for (const body of [
    paced("paced_plan", 300, 100),
    paced("slow_plan", 5000, 50),
    {
      plan: {
        name: "files_plan",
        description: "accounts as JSON",
        tasks: [{ name: "accounts", dataSourceName: "files", enabled: true }],
      },
      tasks: [
        {
          name: "accounts",
          type: "json",
          options: { path: join(s.scratch, "accounts") },
          count: { records: 5000 },
          fields: [
            { name: "id", type: "long", options: { isUnique: true } },
            { name: "owner", options: { expression: "#{Name.firstName}" } },
          ],
        },
      ],
    },
  ]) {
    const r = await s.api("POST", "/plan", body);
    assert.equal(r.status, 200, r.text);
  }
}

const runIdOf = (page: Page) => /#\/runs\/([0-9a-f-]{36})/.exec(page.url())?.[1];

async function runFromPlans(page: Page, label: string): Promise<string> {
  await page.goto("/ui/#/plans");
  await page.getByRole("button", { name: label }).click();
  await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
  return runIdOf(page)!;
}

/** Waits until the table lists exactly one row and its text contains `text`. */
const onlyRow = (page: Page, text: RegExp) =>
  until(`one row matching ${text}`, async () => {
    const rows = page.locator("tbody tr");
    if ((await rows.count()) !== 1) return undefined;
    return text.test(await rows.innerText()) ? true : undefined;
  });

const waitForStatus = (page: Page, status: string, timeout = 30_000) =>
  page.locator(`.run-status [data-status="${status}"]`).waitFor({ timeout });

test("start a run from the Plans page and watch it live: records, rate and deliveries grow, then it ends with its report", async () => {
  await savePlans();
  const s = ui();
  const page = await s.newPage();
  await runFromPlans(page, "Run paced_plan");
  await page.getByRole("heading", { level: 1, name: /Run of paced_plan/ }).waitFor();
  // Live: a step shown running with some but not all of its 300 records.
  const live = await until("a step running with some of its records", async () => {
    const step = page.locator("li.step-running").first();
    if ((await step.count()) === 0) return undefined;
    const m = /^([\d,]+) \/ 300$/.exec((await step.locator(".records").textContent())?.trim() ?? "");
    const done = m ? Number(m[1]!.replace(/,/g, "")) : 0;
    return done > 0 && done < 300 ? { done, text: await step.innerText() } : undefined;
  });
  assert.match(live.text, /Acknowledged/);
  assert.match(live.text, /Achieved rate/);
  assert.match(live.text, /ETA/);
  await screenshot(page, "run-live");
  await waitForStatus(page, "success");
  const step = page.locator("li.step[data-step=events]");
  await step.locator(".records", { hasText: "300 / 300" }).waitFor();
  assert.match(await step.innerText(), /done/);
  await screenshot(page, "run-done");

  await page.getByRole("tab", { name: "Report" }).click();
  const frame = page.frameLocator("iframe.report-frame");
  await frame.getByText("paced_plan").first().waitFor();
  await screenshot(page, "run-report");
  await page.getByRole("tab", { name: "Record" }).click();
  await page.getByRole("list", { name: "Execution record" }).getByText("generationSummary").waitFor();
});

test("a JSON plan runs, then Delete data removes exactly what it wrote; a run is cancelled from its page", async () => {
  const s = ui();
  const page = await s.newPage();
  await runFromPlans(page, "Run files_plan");
  await waitForStatus(page, "success");
  const out = join(s.scratch, "accounts");
  assert.ok(readdirSync(out).some((f) => f.endsWith(".json")));

  // Deleting is asked first: dismissed, nothing starts and the files stay.
  page.once("dialog", (d) => void d.dismiss());
  await page.goto("/ui/#/plans");
  await page.getByRole("button", { name: "Delete the data of files_plan" }).click();
  await page.waitForTimeout(300);
  assert.match(page.url(), /#\/plans$/);
  assert.ok(
    readdirSync(out).some((f) => f.endsWith(".json")),
    "a dismissed delete keeps the files",
  );
  page.once("dialog", (d) => {
    assert.match(d.message(), /Delete the data files_plan generated\?/);
    void d.accept();
  });
  await runFromPlans(page, "Delete the data of files_plan");
  await waitForStatus(page, "success");
  assert.match(await page.locator("main").innerText(), /delete mode/);
  // Its steps say what they deleted, live or (opened after it ended) from its record.
  const deleted = page.locator("li.step-done .step-facts");
  await deleted.first().waitFor();
  assert.match(await deleted.first().innerText(), /Records deleted\s+[1-9]/);
  await page.reload();
  await waitForStatus(page, "success");
  await deleted.first().waitFor();
  assert.match(await deleted.first().innerText(), /Records deleted\s+[1-9]/);
  assert.ok(
    !existsSync(out) || readdirSync(out).every((f) => !f.endsWith(".json")),
    "the JSON files are gone",
  );

  // Started from the Runs page's form; cancelled from the run's page.
  await page.goto("/ui/#/runs");
  const form = page.getByRole("form", { name: "Start a run" });
  await form.getByLabel("Plan").selectOption("slow_plan");
  await form.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
  await page.locator("li.step-running").waitFor();
  await page.getByRole("button", { name: "Cancel run" }).click();
  await waitForStatus(page, "failed");
  assert.match(await page.locator(".run-status").innerText(), /cancelled/);
});

test("history filters by plan, status and mode, and links each run to its report", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/history");
  const table = page.getByRole("table", { name: "Runs, newest first" });
  await table.locator("tbody tr").first().waitFor();
  assert.equal(await table.locator("tbody tr").count(), 4);

  await page.getByLabel("Mode").selectOption("delete");
  await page.waitForURL(/mode=delete/);
  await onlyRow(page, /files_plan/);
  assert.match(await table.locator("tbody tr").innerText(), /files_plan\s+delete\s+success/);

  await page.getByLabel("Mode").selectOption("");
  await page.getByLabel("Status").selectOption("failed");
  await page.waitForURL(/status=failed/);
  await onlyRow(page, /slow_plan/);
  assert.match(await table.locator("tbody tr").innerText(), /slow_plan\s+generate\s+failed: cancelled/);

  await page.getByLabel("Status").selectOption("");
  // The plan box matches a part of the name in any case, not only the exact name.
  await page.getByLabel("Plan").fill("ACED_");
  await page.waitForURL(/plan=ACED_/);
  await onlyRow(page, /paced_plan/);
  await page.getByLabel("Plan").fill("S_Pl");
  await page.waitForURL(/plan=S_Pl/);
  await until("two rows of files_plan", async () => {
    const rows = await table.locator("tbody tr").allInnerTexts();
    return rows.length === 2 && rows.every((r) => /^files_plan/.test(r)) ? true : undefined;
  });
  await page.getByLabel("Plan").fill("paced_plan");
  await page.waitForURL(/plan=paced_plan/);
  await onlyRow(page, /paced_plan/);
  await screenshot(page, "history-filtered");
  await table.getByRole("link", { name: "Report" }).click();
  await page.frameLocator("iframe.report-frame").getByText("paced_plan").first().waitFor();

  // A filter is a link: opening it shows the same list.
  await page.goto("/ui/#/history?plan=files_plan&mode=generate");
  await onlyRow(page, /files_plan\s+generate/);
  assert.equal(await page.getByLabel("Plan").inputValue(), "files_plan");
});

test("every page is readable in a 400 px window: nothing overflows sideways (tables become one card per row)", async () => {
  const s = ui();
  const page = await s.newPage({ width: 400, height: 800 });
  for (const hash of ["#/plans", "#/connections", "#/runs", "#/history"]) {
    await page.goto(`/ui/${hash}`);
    await page.locator("main h1").waitFor();
    await page.waitForLoadState("networkidle");
    const overflow = (await page.evaluate(
      "document.documentElement.scrollWidth - window.innerWidth",
    )) as number;
    assert.ok(overflow <= 0, `${hash} overflows by ${overflow} px`);
    await screenshot(page, `narrow-${hash.slice(2)}`);
  }
});
