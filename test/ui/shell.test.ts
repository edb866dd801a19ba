import assert from "node:assert/strict";
import { test } from "node:test";
import { screenshot, useUiSession } from "../support/browser.ts";
import { until } from "../support/until.ts";

const ui = useUiSession();

test("a browser asking for / lands on the UI, whose nav reaches every page by keyboard", async () => {
  const s = ui();
  const page = await s.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${m.text()} ${m.location().url}`);
  });
  const res = await page.goto("/");
  assert.equal(res?.status(), 200);
  await page.getByRole("heading", { level: 1, name: "Plans" }).waitFor();
  assert.match(page.url(), /\/ui\/#\/plans$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  assert.deepEqual(await nav.getByRole("link").allTextContents(), [
    "Plans",
    "Connections",
    "Runs",
    "History",
  ]);
  assert.equal(await nav.getByRole("link", { name: "Plans" }).getAttribute("aria-current"), "page");
  await screenshot(page, "plans-empty");

  // Keyboard: tab to the Connections link and follow it.
  await nav.getByRole("link", { name: "Connections" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Connections" }).waitFor();
  assert.match(page.url(), /#\/connections$/);
  // The title follows the page once it has rendered (an effect), so it is polled from the test
  // side (the UI's CSP forbids evaluating a string in the page), then checked.
  await until("the Connections title", async () => (await page.title()).startsWith("Connections"), {
    everyMs: 25,
  });
  assert.equal(await page.title(), "Connections · rowforge");

  await page.goto("/ui/#/nowhere");
  await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
  assert.deepEqual(errors, []);
});

test("the UI's files come compressed and revalidate by ETag; an API client at / still gets JSON", async () => {
  const s = ui();
  const js = await fetch(`${s.url}/ui/app.js`, { headers: { "accept-encoding": "br" } });
  assert.equal(js.status, 200);
  assert.equal(js.headers.get("content-encoding"), "br");
  assert.match(js.headers.get("content-type") ?? "", /javascript/);
  const etag = js.headers.get("etag")!;
  const again = await fetch(`${s.url}/ui/app.js`, { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
  const api = await fetch(`${s.url}/`, { headers: { accept: "application/json" } });
  assert.equal(api.status, 404);
  assert.match(((await api.json()) as { message: string }).message, /web UI is at \/ui\//);
});
