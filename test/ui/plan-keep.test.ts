import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { parse } from "yaml";
import { screenshot, useUiSession } from "../support/browser.ts";

const ui = useUiSession();

/** The plan as an API client saves it (no YAML texts): the editor opens it written out again. */
const apiPlan = (out: string) => ({
  plan: { name: "kept_plan", tasks: [{ name: "people", dataSourceName: "files", enabled: true }] },
  tasks: [
    {
      name: "people",
      steps: [
        {
          name: "people",
          type: "json",
          options: { path: out },
          count: { records: 5 },
          fields: [{ name: "id", options: { regex: "P[0-9]{4}" } }],
        },
      ],
    },
  ],
});

const PLAN_TEXT = `# Nightly people plan: this comment must survive a reopen
name: kept_plan
description: 'people, single-quoted'
tasks:
  - { name: people, dataSourceName: files, enabled: true }   # flow style, as written
`;

const taskText = (out: string) => `# the people task
name: people
steps:
  - name: people
    type: json
    count: { records: 5 }
    options:
      path: "${out}"
      password: "not-a-real-secret-42"   # a secret written inline
    fields:
      - name: id          # the key
        options: { regex: "P[0-9]{4}" }
`;

async function openYaml(page: Page, file: string) {
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: file });
  return page.getByLabel(`YAML of ${file}`);
}

/** POST /plan requests the page sends, counted from the browser's side. */
function countSaves(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/plan") n++;
  });
  return () => n;
}

test("a plan saved from the editor reopens as the YAML the user wrote; once changed through the API it opens as stored, and the editor says so", async () => {
  const s = ui();
  const out = join(s.scratch, "people");
  const conn = await s.api("POST", "/connection", {
    connections: [{ name: "files", type: "json", groupType: "file", options: {} }],
  });
  assert.equal(conn.status, 200, conn.text);
  const saved = await s.api("POST", "/plan", apiPlan(out));
  assert.equal(saved.status, 200, saved.text);

  const page = await s.newPage();
  await page.goto("/ui/#/plans/kept_plan");
  await page.getByRole("heading", { level: 1, name: "Plan kept_plan" }).waitFor();
  assert.equal(
    await page.getByTestId("sources-notice").count(),
    0,
    "a plan without texts opens without a notice",
  );

  // The user writes both texts with comments, flow style and their own quoting, and saves.
  await (await openYaml(page, "plan/kept_plan.yaml")).fill(PLAN_TEXT);
  await (await openYaml(page, "task/people.yaml")).fill(taskText(out));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'kept_plan' saved successfully").waitFor();

  // The texts are kept with the plan, the secret masked; the spec's GET /plan is unchanged.
  const sources = await s.api("GET", "/plan/kept_plan/yaml-sources");
  assert.equal(sources.status, 200, sources.text);
  assert.ok(!sources.text.includes("not-a-real-secret-42"), "no secret in the kept texts");
  assert.equal((sources.json as { current: boolean }).current, true);
  assert.equal(
    ((await s.api("GET", "/plan/kept_plan")).json as { yamlSources?: unknown }).yamlSources,
    undefined,
  );

  // Reopened: the texts as written (the secret shows masked, as the plan shows it).
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Plan kept_plan" }).waitFor();
  assert.equal(await (await openYaml(page, "plan/kept_plan.yaml")).inputValue(), PLAN_TEXT);
  assert.equal(
    await (await openYaml(page, "task/people.yaml")).inputValue(),
    taskText(out).replace('"not-a-real-secret-42"', '"***"'),
  );
  assert.equal(await page.getByTestId("sources-notice").count(), 0);
  // Saved again unchanged, the plan keeps its real password (the texts only ever hold ***).
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'kept_plan' saved successfully").first().waitFor();
  const stored = (await s.api("GET", "/plan/kept_plan/yaml-sources")).json as { current: boolean };
  assert.equal(stored.current, true);

  // Another client changes the count through the API: the editor opens the stored plan and says why.
  const plan = (await s.api("GET", "/plan/kept_plan")).json as ReturnType<typeof apiPlan>;
  plan.tasks[0]!.steps[0]!.count.records = 7;
  assert.equal((await s.api("POST", "/plan", plan)).status, 200);
  await page.reload();
  const notice = page.getByTestId("sources-notice");
  await notice.waitFor();
  assert.match(
    (await notice.textContent()) ?? "",
    /changed outside the editor .*tasks\[0\]\.steps\[0\]\.count\.records differs.*comments, key order and quoting/,
  );
  const reopened = await (await openYaml(page, "task/people.yaml")).inputValue();
  assert.doesNotMatch(reopened, /# the people task/);
  assert.equal(parse(reopened).steps[0].count.records, 7);
  await screenshot(page, "plan-keep-stale");
});

test("Save is refused while a YAML text has a syntax error: the message names the file, line and column, the cursor goes there, nothing is sent", async () => {
  const s = ui();
  const page = await s.newPage();
  const saves = countSaves(page);
  await page.goto("/ui/#/plans/kept_plan");
  await page.getByRole("heading", { level: 1, name: "Plan kept_plan" }).waitFor();
  const before = (await s.api("GET", "/plan/kept_plan")).text;

  // A valid edit, then a broken one on line 9 of the task: the latest words do not parse.
  const yaml = await openYaml(page, "task/people.yaml");
  const good = (await yaml.inputValue()).replace("records: 7", "records: 8");
  await yaml.fill(good);
  const lines = good.split("\n");
  lines[8] = `${lines[8]!.replace(/\s+$/, "")} [oops`;
  const broken = lines.join("\n");
  await yaml.fill(broken);
  // Away to the form and to another file and back: the broken text is still what the user typed.
  await page.getByRole("tab", { name: "Form" }).click();
  await page.getByText(/task\/people\.yaml has a YAML syntax error at line \d+, column \d+/).waitFor();
  await openYaml(page, "plan/kept_plan.yaml");
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/people.yaml (syntax error)" });
  assert.equal(await page.getByLabel("YAML of task/people.yaml").inputValue(), broken);

  // From the form view, Save is refused: the YAML view opens at the error with the cursor on it.
  await page.getByRole("tab", { name: "Form" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The plan was not saved" });
  await alert.waitFor();
  const message = (await alert.textContent()) ?? "";
  const where = /task\/people\.yaml has a YAML syntax error at line (\d+), column (\d+)/.exec(message);
  assert.ok(where, message);
  assert.match(message, /Nothing was sent/);
  const [line, column] = [Number(where[1]), Number(where[2])];
  const area = page.getByLabel("YAML of task/people.yaml");
  assert.equal(await page.locator(":focus").getAttribute("aria-label"), "YAML of task/people.yaml");
  const caret = await area.evaluate((el) => (el as unknown as { selectionStart: number }).selectionStart);
  const offset =
    broken
      .split("\n")
      .slice(0, line - 1)
      .reduce((n, l) => n + l.length + 1, 0) +
    column -
    1;
  assert.equal(caret, offset, `the cursor is at line ${line}, column ${column}`);
  assert.ok(line >= 9, `the error is on the broken line or after it (${line})`);
  await screenshot(page, "plan-keep-syntax-refused");
  assert.equal(saves(), 0, "no POST /plan was sent");
  assert.equal((await s.api("GET", "/plan/kept_plan")).text, before, "the stored plan is unchanged");

  // Fixed, the refusal goes away, and the latest text is what is saved.
  await area.fill(good.replace("records: 8", "records: 9"));
  await alert.waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'kept_plan' saved successfully").waitFor();
  assert.equal(saves(), 1);
  assert.equal(
    await page.getByTestId("sources-notice").count(),
    0,
    "saved here, the texts are current again",
  );
  assert.equal(
    ((await s.api("GET", "/plan/kept_plan/yaml-sources")).json as { current: boolean }).current,
    true,
  );
  const plan = (await s.api("GET", "/plan/kept_plan")).json as ReturnType<typeof apiPlan>;
  assert.equal(plan.tasks[0]!.steps[0]!.count.records, 9);
});
