import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { screenshot, useUiSession } from "../support/browser.ts";
import { until } from "../support/until.ts";

const ui = useUiSession();

/** The final status of the run whose page is open (the API's status route, polled). */
async function finished(pageUrl: string): Promise<string> {
  const id = /#\/runs\/([^?/]+)/.exec(pageUrl)![1]!;
  for (let i = 0; i < 300; i++) {
    const r = await ui().api("GET", `/run/status/${id}`);
    const status = (r.json as { status?: string } | undefined)?.status ?? "";
    if (!["running", "queued", "started", ""].includes(status)) return status;
    await new Promise((res) => setTimeout(res, 200));
  }
  return "timeout";
}

test("build a plan with a nested field and a foreign key in the form, preview it, YAML and back, save, run, delete its data", async () => {
  const s = ui();
  const out = join(s.scratch, "accounts");
  const saved = await s.api("POST", "/connection", {
    connections: [{ name: "files", type: "json", groupType: "file", options: {} }],
  });
  assert.equal(saved.status, 200, saved.text);
  const page = await s.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/ui/#/plans");
  await page.getByLabel("New plan name").fill("ui_plan");
  await page.getByRole("button", { name: "New plan" }).click();
  await page.getByRole("heading", { level: 1, name: "Plan ui_plan" }).waitFor();
  await page.getByRole("button", { name: "Add task" }).click();
  const status = page.getByTestId("preview-status");
  await page.getByText(/10 rows in \d+ ms/).waitFor();
  await page.getByLabel("path", { exact: true }).fill(out);

  // A nested field: a struct with a child, seen in the preview.
  await page.getByRole("button", { name: "Add field", exact: true }).click();
  await page.getByLabel("Type of field_2").fill("struct");
  await page.getByRole("button", { name: "Add nested field to field_2" }).click();
  const before = Number(await status.getAttribute("data-version"));
  await until("a newer preview", async () => Number(await status.getAttribute("data-version")) > before);
  await page.getByRole("columnheader", { name: "field_2" }).waitFor();
  // The raw views, reached by keyboard.
  await page.getByRole("tab", { name: "Table" }).focus();
  await page.keyboard.press("ArrowRight");
  assert.match((await page.getByTitle("Sample as JSON lines").textContent()) ?? "", /"field_2":\{"child":"/);
  await page.keyboard.press("ArrowRight");
  assert.match((await page.getByTitle("Sample as CSV").textContent()) ?? "", /^id,field_2\n/);
  await page.keyboard.press("Home");
  await page.getByRole("columnheader", { name: "field_2" }).waitFor();

  // A typo is named with the nearest options, and "use maxLen" fixes it.
  await page.getByLabel("Add an option to child").fill("maxLenn");
  await page.getByRole("button", { name: "Add the option to child" }).click();
  await page.getByText(/unknown option "maxLenn": did you mean/).waitFor();
  await page.getByRole("button", { name: "use maxLen", exact: true }).click();
  await page.getByLabel("child option maxLen").fill("5");

  // A second step and a foreign key from step_1.id to step_2.id.
  await page.getByRole("button", { name: "Add step to task_1" }).click();
  await page.getByLabel("Step name").waitFor();
  await page.getByLabel("Add to Step options").fill("path");
  await page.getByLabel("Add to Step options").press("Enter");
  await page.getByLabel("path", { exact: true }).fill(join(s.scratch, "children"));
  await page.getByRole("button", { name: "Add foreign key" }).click();
  await page.getByRole("button", { name: "Add target" }).click();
  await page.getByLabel("Foreign key 1 target 1: step").selectOption({ label: "files / step_2" });
  const fkExtras = page.getByLabel(/^Add to Foreign key 1 target 1: cardinality/);
  await fkExtras.fill("cardinality");
  await fkExtras.press("Enter");
  await page.getByLabel("cardinality", { exact: true }).fill("{ratio: 2}");
  await screenshot(page, "plan-editor-form");

  // YAML view of the plan shows the foreign key; back to the form, nothing lost.
  await page.getByRole("tab", { name: "YAML" }).click();
  const yaml = await page.getByLabel(/YAML of plan\/ui_plan.yaml/).inputValue();
  assert.match(yaml, /foreignKeys:/);
  assert.match(yaml, /step: step_2/);
  assert.deepEqual(parse(yaml).sinkOptions.foreignKeys[0].generate[0].cardinality, { ratio: 2 });
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/task_1.yaml" });
  const task = await page.getByLabel(/YAML of task\/task_1.yaml/).inputValue();
  assert.match(task, /- name: child/);
  await screenshot(page, "plan-editor-yaml");
  await page.getByRole("tab", { name: "Form" }).click();
  await page.getByRole("button", { name: "step_1", exact: true }).click();
  await page.getByLabel("Type of field_2").waitFor();

  // Save and run; the run's page shows it finished; then delete its data the same way.
  await page.getByRole("button", { name: "Save and run" }).click();
  await page.waitForURL(/#\/runs\//);
  assert.equal(await finished(page.url()), "success");
  await page.getByText("success", { exact: true }).waitFor();
  assert.ok(
    existsSync(out) && readdirSync(out).some((f) => f.endsWith(".json")),
    "the run wrote the step's files",
  );
  // The foreign key held: every child id is a parent id, two children per parent.
  const ids = (dir: string) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => readFileSync(join(dir, f), "utf8").trim().split("\n"))
      .map((l) => (JSON.parse(l) as { id: string }).id);
  const parents = new Set(ids(out));
  const children = ids(join(s.scratch, "children"));
  assert.ok(
    children.length > 0 && children.every((id) => parents.has(id)),
    "every child key is a parent key",
  );
  assert.equal(children.length, parents.size * 2);
  await screenshot(page, "plan-editor-run");
  await page.goto("/ui/#/plans/ui_plan");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Delete data" }).click();
  await page.waitForURL(/#\/runs\//);
  assert.equal(await finished(page.url()), "success");
  await page.getByText("success", { exact: true }).waitFor();
  assert.ok(
    !existsSync(out) || !readdirSync(out).some((f) => f.endsWith(".json")),
    "delete mode removed the files",
  );

  // Duplicate the saved plan from the list, save the copy, then delete the copy.
  page.on("dialog", (d) => void d.accept(d.type() === "prompt" ? "ui_plan_copy" : undefined));
  await page.goto("/ui/#/plans");
  await page.getByRole("button", { name: "Duplicate ui_plan" }).click();
  await page.getByRole("heading", { level: 1, name: "Plan ui_plan_copy" }).waitFor();
  await page.getByRole("button", { name: "step_1" }).waitFor();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'ui_plan_copy' saved successfully").waitFor();
  const copy = (await s.api("GET", "/plan/ui_plan_copy")).json as { plan: { sinkOptions: unknown } };
  const original = (await s.api("GET", "/plan/ui_plan")).json as { plan: { sinkOptions: unknown } };
  assert.deepEqual(copy.plan.sinkOptions, original.plan.sinkOptions);
  await page.goto("/ui/#/plans");
  await page.getByRole("button", { name: "Delete plan ui_plan_copy" }).click();
  await page.getByRole("link", { name: "ui_plan_copy" }).waitFor({ state: "detached" });
  assert.equal((await s.api("GET", "/plan/ui_plan_copy")).status, 404);
  assert.deepEqual(errors, []);
});

const PASTED = `# customers, as a Data Caterer task file
name: customers_task
steps:
  - name: customers
    type: json
    options:
      path: out/customers
    count:
      records: 50
    fields:
      - name: id
        options:
          regex: "CUS[0-9]{6}"
          futureKey: kept as written   # rowforge does not know this key
      - name: age
        type: int
        options: {min: 18, max: 90}
`;

test("on a narrow window: paste a task, edit it in the form and in the YAML view, comments and unknown keys kept", async () => {
  const s = ui();
  const page = await s.newPage({ width: 400, height: 800 });
  await page.goto("/ui/#/plans/narrow_plan?new=1");
  await page.getByRole("heading", { level: 1, name: "Plan narrow_plan" }).waitFor();
  await page.getByText("Import YAML").click();
  await page.getByLabel(/Paste a Data Caterer plan/).fill(PASTED);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByRole("button", { name: "customers", exact: true }).click();
  // The unknown option is flagged beside its field as typed, and the server's sample says so too.
  await page.getByText(/unknown option "futureKey"/).waitFor();
  await page
    .getByLabel("Sample preview")
    .getByRole("alert")
    .getByText(/futureKey/)
    .waitFor();

  // Saving is refused, and the YAML view lists the problem at its line and column.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("The plan was not saved").waitFor();
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/customers_task.yaml" });
  const listed = page.getByRole("list", { name: "YAML problems" });
  await listed.getByRole("button", { name: "14:11" }).first().waitFor();
  assert.match((await listed.textContent()) ?? "", /unknown field option key "futureKey"/);
  await page.getByRole("tab", { name: "Form" }).click();

  // A form edit by keyboard: the age's max.
  const max = page.getByLabel("age option max");
  await max.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("65");
  // A decimal typed key by key ("0." on the way) lands as typed.
  await page.getByLabel("Add an option to id").fill("nullProb");
  await page.getByLabel("Add an option to id").press("Enter");
  await page.getByLabel("id option nullProb").focus();
  await page.keyboard.type("0.25");
  assert.equal(await page.getByLabel("id option nullProb").inputValue(), "0.25");
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/customers_task.yaml" });
  const yaml = page.getByLabel("YAML of task/customers_task.yaml");
  const text = await yaml.inputValue();
  assert.equal(
    text,
    PASTED.replace("max: 90", "max: 65").replace(
      "does not know this key\n",
      "does not know this key\n          nullProb: 0.25\n",
    ),
  );

  // A YAML edit shows in the form.
  await yaml.fill(text.replace("name: age", "name: years"));
  await page.getByRole("tab", { name: "Form" }).click();
  assert.equal(await page.getByLabel("Type of years").inputValue(), "int");
  // A list of names typed key by key, commas and all.
  await page.getByLabel("Per field: field names").focus();
  await page.keyboard.type("id, years");
  assert.equal(await page.getByLabel("Per field: field names").inputValue(), "id, years");
  // Without the unknown option the sample comes.
  await page.getByRole("button", { name: "Remove option futureKey of id" }).click();
  await page.getByText(/10 rows in \d+ ms/).waitFor();
  await page.getByRole("columnheader", { name: "years" }).waitFor();
  const width = await page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return { scroll: g.document.documentElement.scrollWidth, inner: g.innerWidth };
  });
  assert.ok(width.scroll <= width.inner + 1, `the page scrolls sideways at 400 px: ${JSON.stringify(width)}`);
  await screenshot(page, "plan-editor-narrow");

  // A validation with a field check, and a configuration flag, through the form.
  await page.getByText("Validations", { exact: true }).click();
  await page.getByRole("button", { name: "Add validation file" }).click();
  await page.getByRole("button", { name: "Add field check to json" }).click();
  await page.getByLabel("Check 1 of id", { exact: true }).selectOption("unique");
  await page.getByText("Configuration", { exact: true }).click();
  await page.getByLabel("Add to Configuration: flag").fill("enableUniqueCheck");
  await page.getByLabel("Add to Configuration: flag").press("Enter");
  await page.getByLabel("enableUniqueCheck", { exact: true }).fill("true");
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "validation/validations_1.yaml" });
  const validation = parse(await page.getByLabel("YAML of validation/validations_1.yaml").inputValue());
  assert.deepEqual(validation.dataSources.json[0].validations[1], {
    field: "id",
    validation: [{ type: "unique", negate: true }],
  });
  await page.getByLabel("File", { exact: true }).selectOption({ label: "configuration.yaml" });
  const config = parse(await page.getByLabel("YAML of configuration.yaml").inputValue());
  assert.deepEqual(config, { flag: { enableUniqueCheck: true } });

  // Export every file, upload the download into a new plan: the same task text comes back.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export all YAML" }).click(),
  ]);
  const bundle = readFileSync(await download.path(), "utf8");
  const task = bundle.split("---\n").find((d) => d.includes("steps:"))!;
  assert.deepEqual(parse(task).steps[0].count.perField, { fieldNames: ["id", "years"] });
  assert.match(task, /^# customers, as a Data Caterer task file\n/);
  assert.match(task, /futureKey|name: years/);
  await page.goto("/ui/#/plans/uploaded?new=1");
  await page.getByRole("heading", { level: 1, name: "Plan uploaded" }).waitFor();
  await page.getByText("Import YAML").click();
  await page
    .getByLabel("Or upload YAML files")
    .setInputFiles({ name: "narrow.yaml", mimeType: "application/yaml", buffer: Buffer.from(bundle) });
  await page.getByRole("button", { name: "customers", exact: true }).waitFor();
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/customers_task.yaml" });
  assert.equal(await page.getByLabel("YAML of task/customers_task.yaml").inputValue(), task);
  // Saved, the address names the plan, and the texts stay as written (comments too).
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'narrow_plan' saved successfully").waitFor();
  assert.match(page.url(), /#\/plans\/narrow_plan$/);
  assert.equal(await page.getByLabel("YAML of task/customers_task.yaml").inputValue(), task);
});

test("uploading a task file and its plan in either order binds the task to the plan's connection", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/plans/uploaded_pair?new=1");
  await page.getByRole("heading", { level: 1, name: "Plan uploaded_pair" }).waitFor();
  await page.getByText("Import YAML").click();
  const plan = "name: pair\ntasks:\n  - name: customers_task\n    dataSourceName: files\n    enabled: true\n";
  await page.getByLabel("Or upload YAML files").setInputFiles([
    { name: "customers-task.yaml", mimeType: "application/yaml", buffer: Buffer.from(PASTED) },
    { name: "pair.yaml", mimeType: "application/yaml", buffer: Buffer.from(plan) },
  ]);
  await page.getByRole("heading", { level: 1, name: "Plan pair" }).waitFor();
  await page.getByRole("tab", { name: "YAML" }).click();
  assert.equal(await page.getByLabel("YAML of plan/pair.yaml").inputValue(), plan);
});

test("a misspelt step key is named with the nearest key, and one click renames it in place", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/plans/typo_plan?new=1");
  await page.getByRole("heading", { level: 1, name: "Plan typo_plan" }).waitFor();
  await page.getByText("Import YAML").click();
  const task =
    "name: typo_task\nsteps:\n  - name: people\n    type: json\n    cout:\n      records: 5\n    fields:\n      - name: id\n";
  await page.getByLabel(/Paste a Data Caterer plan/).fill(task);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByRole("button", { name: "people", exact: true }).click();
  await page.getByText('unknown key "cout" in a step: did you mean "count"?').waitFor();
  await page.getByRole("button", { name: "use count" }).click();
  // The preview is the first rows the run writes: the step's count of 5, now that it is read.
  await page.getByText(/5 rows in \d+ ms/).waitFor();
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/typo_task.yaml" });
  assert.equal(
    await page.getByLabel("YAML of task/typo_task.yaml").inputValue(),
    task.replace("cout:", "count:"),
  );
});
