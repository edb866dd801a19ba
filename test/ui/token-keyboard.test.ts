import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { screenshot, useUiSession } from "../support/browser.ts";
import { until } from "../support/until.ts";

const TOKEN = "ui-test-token-5f1";
const ui = useUiSession(["--token", TOKEN]);

test("a server started with --token: the UI loads, shows the API's 401 with its code, and works once the token is given", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Plans" }).waitFor();
  const error = page.getByRole("alert");
  await error.getByText("Unauthorized").waitFor();
  assert.match(await error.innerText(), /Authorization: Bearer/);

  await page.getByRole("button", { name: "Token" }).click();
  await page.getByLabel("Server token").fill(TOKEN);
  await page.getByRole("button", { name: "Use" }).click();
  await page.getByRole("heading", { level: 1, name: "Plans" }).waitFor();
  await page.getByText("No plans yet").waitFor();
  assert.equal(await page.getByRole("alert").count(), 0);
  assert.equal(await page.getByRole("button", { name: "Token set" }).count(), 1);

  // The run's live stream goes through the same token (fetch with the header, not EventSource).
  const saved = await fetch(`${s.url}/plan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({
      plan: { name: "token_plan", tasks: [{ name: "rows", dataSourceName: "files", enabled: true }] },
      tasks: [
        {
          name: "rows",
          type: "csv",
          options: { path: `${s.scratch}/rows` },
          count: { records: 50 },
          fields: [{ name: "id", type: "long", options: { isUnique: true } }],
        },
      ],
    }),
  });
  assert.equal(saved.status, 200, await saved.text());
  await page.reload();
  await page.getByRole("button", { name: "Run token_plan" }).click();
  await page.locator('.run-status [data-status="success"]').waitFor();
  await page.locator("li.step[data-step=rows] .records", { hasText: "50 / 50" }).waitFor();
  assert.equal(await page.getByRole("alert").count(), 0);
});

test("by keyboard alone: skip to the content, open the connection form, fill it and save with Enter", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/connections");
  // Runs in the page (Node's types know no sessionStorage).
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem("rowforge.token", t),
    TOKEN,
  );
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Connections" }).waitFor();

  const focused = page.locator(":focus");
  // The first Tab reaches the skip link, which moves focus to the page's content.
  await page.keyboard.press("Tab");
  assert.equal((await focused.textContent())?.trim(), "Skip to content");
  await page.keyboard.press("Enter");
  assert.equal(await focused.getAttribute("id"), "main");

  // From the content, Tab reaches "New connection".
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    if ((await focused.textContent())?.trim() === "New connection") break;
  }
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "New connection" });
  await form.waitFor();
  await form.getByLabel("Name", { exact: true }).focus();
  await page.keyboard.type("kb_files");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("json");
  // The option rows: key, value.
  await form.getByLabel("Option path value").focus();
  await page.keyboard.type(`${s.scratch}/kb`);
  await page.keyboard.press("Enter");
  await page.getByRole("region", { name: "file" }).locator("tr[data-key=kb_files]").waitFor();
  await screenshot(page, "keyboard-saved");
  const saved = await fetch(`${s.url}/connection/kb_files`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  assert.equal(saved.status, 200);
  assert.equal(((await saved.json()) as { type: string }).type, "json");
});

test("a server started with --token: a run's Report tab shows the report in a sandboxed frame, opens it alone and downloads results.json", async () => {
  const s = ui();
  const auth = { authorization: `Bearer ${TOKEN}` };
  const saved = await fetch(`${s.url}/plan`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({
      plan: { name: "report_plan", tasks: [{ name: "lines", dataSourceName: "files", enabled: true }] },
      tasks: [
        {
          name: "lines",
          type: "json",
          options: { path: `${s.scratch}/lines` },
          count: { records: 20 },
          fields: [{ name: "id", type: "long", options: { isUnique: true } }],
        },
      ],
    }),
  });
  assert.equal(saved.status, 200, await saved.text());
  const started = await fetch(`${s.url}/run/plans/report_plan`, { method: "POST", headers: auth });
  const id = /[0-9a-f-]{36}/.exec(await started.text())?.[0];
  assert.ok(id, "the run started");
  await until(
    "the report plan's run to succeed",
    async () => {
      const r = await fetch(`${s.url}/run/status/${id}`, { headers: auth });
      return ((await r.json()) as { status: string }).status === "success";
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );

  const page = await s.newPage();
  await page.goto("/ui/");
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem("rowforge.token", t),
    TOKEN,
  );
  await page.goto(`/ui/#/runs/${id}?tab=report`);
  const frame = page.frameLocator("iframe.report-frame");
  await frame.getByRole("heading", { name: "report_plan" }).waitFor();
  await frame.getByText("20", { exact: true }).first().waitFor();
  assert.equal(await page.getByRole("alert").count(), 0);
  // Sandboxed without exceptions: no scripts, an opaque origin, no forms, no popups.
  assert.equal(await page.locator("iframe.report-frame").getAttribute("sandbox"), "");
  await screenshot(page, "run-report-token");

  const [alone] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Open the report in its own tab" }).click(),
  ]);
  await alone.getByRole("heading", { name: "report_plan" }).waitFor();
  await alone.close();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download results.json" }).click(),
  ]);
  const path = await download.path();
  const results = JSON.parse(readFileSync(path, "utf8")) as { planName: string; status: string };
  assert.equal(results.planName, "report_plan");
  assert.equal(results.status, "success");

  // Every other view works with the token too: no answer of the server is a 401.
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  for (const [route, heading] of [
    ["#/plans", "Plans"],
    ["#/connections", "Connections"],
    ["#/runs", "Runs"],
    ["#/history", "History"],
    [`#/runs/${id}?tab=record`, "Run of report_plan"],
  ] as const) {
    await page.goto(`/ui/${route}`);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }
  await page.getByRole("tab", { name: "Record", selected: true }).waitFor();
  // The plan editor: its live sample preview calls the sample routes.
  await page.goto("/ui/#/plans/report_plan");
  await page.getByRole("heading", { level: 1, name: "Plan report_plan" }).waitFor();
  await page.getByText(/\d+ rows in \d+ ms/).waitFor();
  assert.deepEqual(refused, []);
  assert.equal(await page.getByRole("alert").count(), 0);
});
