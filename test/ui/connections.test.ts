import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { screenshot, useUiSession } from "../support/browser.ts";
import { mariadbFacts } from "../support/servers.ts";

const ui = useUiSession();

/** Fills the option row whose name field holds `key` (or a new row) with `value`. */
async function setOption(page: Page, form: ReturnType<Page["getByRole"]>, key: string, value: string) {
  const names = form.getByRole("textbox", { name: /^Option \d+ name$/ });
  const count = await names.count();
  for (let i = 0; i < count; i++) {
    if ((await names.nth(i).inputValue()) === key) {
      await form.getByLabel(`Option ${key} value`).fill(value);
      return;
    }
  }
  await form.getByRole("button", { name: "Add option" }).click();
  await names.nth(count).fill(key);
  await form.getByLabel(`Option ${key} value`).fill(value);
  void page;
}

test("create a MariaDB connection in the form, test it, edit it without retyping the password: the secret never reaches the browser and still works", async () => {
  const s = ui();
  const db = mariadbFacts();
  const page = await s.newPage();
  await page.goto("/ui/#/connections");
  await page.getByRole("button", { name: "New connection" }).click();
  const form = page.getByRole("form", { name: "New connection" });
  await form.getByLabel("Name", { exact: true }).fill("shop_db");
  await form.getByLabel("Type", { exact: true }).fill("mysql");
  await setOption(page, form, "url", `jdbc:mysql://${db.host}:${db.port}/${db.database}`);
  await setOption(page, form, "user", db.user);
  await setOption(page, form, "password", db.password);
  // Tested before saving (POST /connection/test), then saved.
  await form.getByRole("button", { name: "Test" }).click();
  await form.getByTestId("test-result").getByText("Connection works").waitFor();
  await form.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").getByText("Connection shop_db saved").waitFor();

  // Listed under its group, with the password masked.
  const group = page.getByRole("region", { name: "database" });
  const row = group.locator("tr[data-key=shop_db]");
  await row.waitFor();
  assert.match(await row.innerText(), /password=\*\*\*/);
  assert.doesNotMatch(await page.content(), new RegExp(db.password));
  await row.getByRole("button", { name: "Test shop_db" }).click();
  await row.getByText("shop_db: Connection works").waitFor();
  await screenshot(page, "connections-list");

  // Edit: the form shows the masked value; saving it unchanged keeps the stored password.
  await row.getByRole("button", { name: "Edit shop_db" }).click();
  const edit = page.getByRole("form", { name: "Edit connection shop_db" });
  const password = edit.getByLabel("Option password value");
  assert.equal(await password.inputValue(), "***");
  assert.equal(await password.getAttribute("type"), "password");
  await setOption(page, edit, "connectTimeout", "5");
  await screenshot(page, "connection-edit");
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "detached" });
  const tested = await s.api("POST", "/connection/shop_db/test");
  assert.equal(tested.status, 200, tested.text);
  assert.equal((tested.json as { success: boolean }).success, true);
  assert.doesNotMatch(await page.content(), new RegExp(db.password));
});

test("a connection that fails its test says why; a bad name is refused next to the field; delete removes it", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/connections");
  await page.getByRole("button", { name: "New connection" }).click();
  const form = page.getByRole("form", { name: "New connection" });
  await form.getByLabel("Name", { exact: true }).fill("bad name!");
  await form.getByLabel("Type", { exact: true }).fill("csv");
  await setOption(page, form, "path", `${s.scratch}/people`);
  await form.getByRole("button", { name: "Save" }).click();
  const nameField = form.getByLabel("Name", { exact: true });
  assert.equal(await nameField.getAttribute("aria-invalid"), "true");
  await form.getByText("use letters, digits, - and _ only").waitFor();
  await nameField.fill("people_files");
  await form.getByRole("button", { name: "Save" }).click();
  const row = page.getByRole("region", { name: "file" }).locator("tr[data-key=people_files]");
  await row.waitFor();
  // The group filter asks the API for one group (GET /connections?groupType=file) and is part of the address.
  await page.getByLabel("Show group").selectOption("file");
  await page.waitForURL(/#\/connections\?group=file$/);
  await page.getByRole("region", { name: "database" }).waitFor({ state: "detached" });
  await row.waitFor();
  await page.getByLabel("Show group").selectOption("");
  await page.getByRole("region", { name: "database" }).waitFor();

  // A PostgreSQL connection to a port nothing listens on: the test fails with the reason.
  await page.getByRole("button", { name: "New connection" }).click();
  const pg = page.getByRole("form", { name: "New connection" });
  await pg.getByLabel("Name", { exact: true }).fill("nowhere");
  await pg.getByLabel("Type", { exact: true }).fill("postgres");
  await setOption(page, pg, "url", "jdbc:postgresql://127.0.0.1:1/none");
  await setOption(page, pg, "connectTimeout", "2");
  await pg.getByRole("button", { name: "Test" }).click();
  const result = pg.getByTestId("test-result");
  await result.getByText("Connection failed").waitFor();
  assert.match(await result.innerText(), /127\.0\.0\.1:1/);
  await pg.getByRole("button", { name: "Cancel" }).click();

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: "Delete people_files" }).click();
  await page.getByRole("status").getByText("Connection people_files deleted").waitFor();
  await row.waitFor({ state: "detached" });
  const list = await s.api("GET", "/connections");
  assert.deepEqual(
    (list.json as { connections: { name: string }[] }).connections.map((c) => c.name),
    ["shop_db"],
  );
});

test("a new connection starts with the options its kind's connector marks starter, and changing the kind changes them", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/connections");
  await page.getByRole("button", { name: "New connection" }).click();
  const form = page.getByRole("form", { name: "New connection" });
  const names = form.getByRole("textbox", { name: /^Option \d+ name$/ });
  const keys = async () => {
    const shown: string[] = [];
    for (let i = 0; i < (await names.count()); i++) shown.push(await names.nth(i).inputValue());
    return shown;
  };
  assert.deepEqual(await keys(), ["url", "user", "password"], "postgres, the form's first kind");
  await form.getByLabel("Type", { exact: true }).fill("cassandra");
  assert.deepEqual(await keys(), ["host", "user", "password", "keyspace"]);
  await form.getByLabel("Type", { exact: true }).fill("parquet");
  assert.deepEqual(await keys(), ["path"]);
  await form.getByLabel("Type", { exact: true }).fill("kafka");
  assert.deepEqual(await keys(), ["url"]);
});
