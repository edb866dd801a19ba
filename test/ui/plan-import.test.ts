import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { exportBundle, exportFiles } from "../../src/ui/pages/plans/plan-export.ts";
import {
  classifyYaml,
  ImportError,
  importYaml,
  splitDocuments,
} from "../../src/ui/pages/plans/plan-import.ts";
import {
  emptyWorkspace,
  workspaceFromRequest,
  workspaceToRequest,
} from "../../src/ui/pages/plans/plan-workspace.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(e.name) ? [p] : [];
  });

describe("plan import and export", () => {
  it("classifies every corpus file as its folder says", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    const expected: Record<string, string> = {
      plan: "plan",
      task: "task",
      validation: "validation",
      unified: "unified",
    };
    for (const file of yamlFiles(CORPUS)) {
      const folder = relative(CORPUS, file).split("/")[0]!;
      assert.equal(classifyYaml(parse(readFileSync(file, "utf8"))), expected[folder], file);
    }
  });

  it("imports each corpus plan with every task file, keeps the texts byte for byte, and exports them back", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    const tasks = yamlFiles(join(CORPUS, "task")).map((f) => readFileSync(f, "utf8"));
    const byName = new Map(tasks.map((text) => [parse(text).name as string, text]));
    let linked = 0;
    for (const file of yamlFiles(join(CORPUS, "plan"))) {
      const planText = readFileSync(file, "utf8");
      let ws = importYaml(emptyWorkspace("x"), planText).workspace;
      assert.equal(ws.plan, planText, file);
      for (const task of (parse(planText).tasks ?? []) as { name: string }[]) {
        const text = byName.get(task.name);
        if (!text) continue;
        ws = importYaml(ws, text).workspace;
        linked++;
      }
      // The plan already names its tasks: importing them leaves the plan's text alone.
      assert.equal(ws.plan, planText, file);
      const files = exportFiles(ws);
      assert.equal(files[0]!.text, planText);
      for (const f of files.slice(1)) assert.equal(f.text, byName.get(parse(f.text).name), f.name);
      // In the bundle a file's own leading `---` is the separator before it, and a file
      // without a final newline gets one before the next separator.
      const again = importYaml(emptyWorkspace("y"), exportBundle(ws)).workspace;
      const unmarked = (text: string) => text.replace(/^---\n/, "").replace(/\n?$/, "\n");
      assert.deepEqual(
        { ...again, plan: unmarked(again.plan), tasks: again.tasks.map(unmarked) },
        { ...ws, plan: unmarked(ws.plan), tasks: ws.tasks.map(unmarked) },
        file,
      );
    }
    assert.ok(linked > 10, `only ${linked} plan tasks found among the task files`);
  });

  it("adds a task the plan does not name to the plan's tasks, and keeps validations as written", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    const task = readFileSync(join(CORPUS, "task/file/csv/csv-transaction-task.yaml"), "utf8");
    const validation = readFileSync(join(CORPUS, "validation/json/json-validation.yaml"), "utf8");
    const { workspace, notes } = importYaml(emptyWorkspace("p"), `${task}---\n${validation}`);
    assert.equal(workspace.tasks[0], task);
    assert.equal(workspace.validations[0], validation.replace(/^---\n/, ""));
    const plan = parse(workspace.plan);
    assert.deepEqual(plan.tasks, [{ name: parse(task).name, dataSourceName: "csv", enabled: true }]);
    assert.equal(notes.length, 2);
  });

  it("splits the corpus's unified plan into a plan and one task per data source, every field kept", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    const text = readFileSync(join(CORPUS, "unified/ecommerce-unified.yaml"), "utf8");
    const unified = parse(text);
    const ws = importYaml(emptyWorkspace("u"), text).workspace;
    assert.equal(ws.tasks.length, unified.dataSources.length);
    unified.dataSources.forEach((ds: { name: string; steps: { fields: unknown }[] }, i: number) => {
      const task = parse(ws.tasks[i]!);
      assert.equal(task.name, `${ds.name}_task`);
      assert.deepEqual(
        task.steps.map((s: { fields: unknown }) => s.fields),
        ds.steps.map((s) => s.fields),
      );
    });
    const plan = parse(ws.plan);
    assert.equal(plan.sinkOptions.foreignKeys.length, (unified.foreignKeys ?? []).length);
  });

  it("gives a saved plan back as the same request after a trip through the workspace", () => {
    const request = {
      id: "abc",
      plan: { name: "p", description: "d", tasks: [{ name: "t", dataSourceName: "files", enabled: true }] },
      tasks: [{ name: "t", type: "csv", options: { path: "/tmp/p" }, fields: [{ name: "id", extra: 1 }] }],
      validation: [{ name: "v", dataSources: { files: [{ validations: [{ expr: "id IS NOT NULL" }] }] } }],
      configuration: { flag: { enableCount: "true" } },
    };
    const back = workspaceToRequest(workspaceFromRequest(request));
    assert.deepEqual(back, {
      ...request,
      tasks: [{ name: "t", steps: [request.tasks[0]] }],
    });
  });

  it("refuses text that is no plan file, naming the document", () => {
    assert.throws(() => importYaml(emptyWorkspace("p"), "just: text\n"), ImportError);
    assert.throws(
      () => importYaml(emptyWorkspace("p"), "name: t\nsteps: []\n---\nname: [\n"),
      /document 2: /,
    );
    assert.deepEqual(splitDocuments("# only a comment\n"), []);
  });
});
