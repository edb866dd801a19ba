import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { screenshot, useUiSession } from "../support/browser.ts";
import { until } from "../support/until.ts";

// The server's plan folder, task folder and configuration, written before the server starts.
const DIR = mkdtempSync(join(tmpdir(), "rowforge-ui-folder-"));
const OUT = join(DIR, "out", "people");
const PLAN = `# The people plan of the plan folder
name: folder_plan
description: "people, from the folder"
tasks:
  - { name: people, dataSourceName: files, enabled: true }
`;
const TASK = `# people come from the folder: this comment shows in the YAML view
name: people
steps:
  - name: people
    type: json
    count: { records: 5 }   # the folder's count
    fields:
      - name: id
        options: { regex: "P[0-9]{4}" }
`;
const BROKEN = `name: broken_plan
tasks:
  - { name: people, dataSourceName: files }
  - { name: nowhere, dataSourceName: files }
  - { name: bad_task, dataSourceName: files }
`;
const BAD_TASK = `name: bad_task
steps:
  - name: bad
    fields: [ {name: id, options: {regex: "X"}
`;
for (const [path, text] of Object.entries({
  "plans/folder_plan.yaml": PLAN,
  "plans/broken_plan.yaml": BROKEN,
  "tasks/people.yaml": TASK,
  "tasks/bad.yaml": BAD_TASK,
  "application.conf": `folders { planFilePath = "${join(DIR, "plans", "folder_plan.yaml")}", taskFolderPath = "${join(DIR, "tasks")}" }
json { files { path = "${OUT}" } }
`,
})) {
  mkdirSync(join(DIR, path, ".."), { recursive: true });
  writeFileSync(join(DIR, path), text);
}
after(() => rmSync(DIR, { recursive: true, force: true }));

const ui = useUiSession(["--config", join(DIR, "application.conf"), "--data-dir", DIR]);

const rowsWritten = (): number =>
  existsSync(OUT)
    ? readdirSync(OUT)
        .filter((f) => f.startsWith("part-"))
        .reduce((n, f) => n + readFileSync(join(OUT, f), "utf8").split("\n").filter(Boolean).length, 0)
    : 0;

test("a plan of the plan folder opens in the editor from the Plans page with its files' texts; saved, it runs from the saved copy and the folder's files stay as they are", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/plans");
  await page.getByRole("link", { name: "folder_plan", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Plan folder_plan" }).waitFor();
  const notice = page.getByTestId("folder-notice");
  await notice.waitFor();
  assert.match(
    (await notice.textContent()) ?? "",
    /plan folder \(folder_plan\.yaml, people\.yaml\).*saving keeps a copy in rowforge; the file in the plan folder is not changed and runs by this name will use the saved copy/,
  );

  // The YAML view shows the files as written, the task file's comments included.
  await page.getByRole("tab", { name: "YAML" }).click();
  const files = page.getByLabel("File", { exact: true });
  await files.selectOption({ label: "plan/folder_plan.yaml" });
  assert.equal(await page.getByLabel("YAML of plan/folder_plan.yaml").inputValue(), PLAN);
  await files.selectOption({ label: "task/people.yaml" });
  const task = page.getByLabel("YAML of task/people.yaml");
  assert.match(await task.inputValue(), /# people come from the folder: this comment shows in the YAML view/);
  assert.equal(await task.inputValue(), TASK);
  await screenshot(page, "plan-folder-open");

  // The copy counts 7 rows where the folder's file says 5; saving keeps it in rowforge.
  await task.fill(
    TASK.replace("records: 5 }   # the folder's count", "records: 7 }   # the saved copy's count"),
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'folder_plan' saved successfully").waitFor();
  await page.getByTestId("folder-notice").waitFor({ state: "detached" });
  const kept = await s.api("GET", "/plan/folder_plan/yaml-sources");
  assert.equal((kept.json as { origin: string }).origin, "saved", kept.text);
  assert.equal(
    readFileSync(join(DIR, "tasks", "people.yaml"), "utf8"),
    TASK,
    "the folder's file is unchanged",
  );

  // The Plans page says the saved plan is a copy of the folder's, which runs use.
  const listed = ((await s.api("GET", "/plans")).json as { id: string; folderPlanCopy?: true }[]).filter(
    (p) => p.id === "yaml:folder_plan" || p.folderPlanCopy,
  );
  assert.equal(listed.length, 1, "one entry: the copy, marked; the folder plan it hides is not listed");
  assert.notEqual(listed[0]!.id, "yaml:folder_plan");
  await page.goto("/ui/#/plans");
  await page
    .getByRole("row")
    .filter({ hasText: "folder_plan" })
    .getByText("saved copy of a YAML plan of the plan folder")
    .waitFor();

  // Runs by this name use the saved copy.
  const run = await s.api("POST", "/run/plans/folder_plan");
  assert.equal(run.status, 200, run.text);
  const status = await until(
    "the run to end",
    async () => {
      const history = (await s.api("GET", "/run/history")).json as { status: string }[];
      const last = history[0]?.status;
      return last === "success" || last === "failed" ? last : undefined;
    },
    { timeoutMs: 30_000, everyMs: 100 },
  );
  assert.equal(status, "success");
  assert.equal(rowsWritten(), 7, "the saved copy's count, not the folder's");
});

test("a folder plan whose task is missing opens with what can be read and shows the loader's problem with file and line", async () => {
  const s = ui();
  const page = await s.newPage();
  await page.goto("/ui/#/plans/broken_plan");
  await page.getByRole("heading", { level: 1, name: "Plan broken_plan" }).waitFor();
  const problems = page.getByTestId("folder-problems");
  await problems.waitFor();
  assert.match(
    (await problems.textContent()) ?? "",
    /broken_plan\.yaml:4:\d+: task "nowhere" is not defined in the task folder .*RF_TASK_NOT_FOUND/,
  );
  assert.match((await problems.textContent()) ?? "", /bad\.yaml:\d+:\d+: .*RF_YAML_SYNTAX/);
  // The task file that does not parse is there as written; the editor points at its error.
  await page.getByText(/has a YAML syntax error at line \d+/).waitFor();
  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/people.yaml" });
  assert.equal(await page.getByLabel("YAML of task/people.yaml").inputValue(), TASK);
  await screenshot(page, "plan-folder-problems");
});
