import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { withConnection } from "../../src/ui/pages/plans/connection-pick.ts";
import { connectionsToSave, placeConnections } from "../../src/ui/pages/plans/imported-connections.ts";
import { importYaml } from "../../src/ui/pages/plans/plan-import.ts";
import { emptyWorkspace, type PlanWorkspace } from "../../src/ui/pages/plans/plan-workspace.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const PLAN = `# two tasks on one connection
name: p
tasks:
  - name: customers_task
    dataSourceName: old_db # the file's name
    enabled: true
  - name: audit_task
    dataSourceName: old_db
    enabled: true
sinkOptions:
  foreignKeys:
    - source: { dataSource: old_db, step: customers, fields: [id] }
      generate:
        - dataSource: old_db
          step: audit
          fields: [customer_id]
`;
const CUSTOMERS = `name: customers_task
steps:
  - name: customers
    type: json
    options:
      path: /tmp/out/customers # where it went
      saveMode: overwrite
    fields:
      - name: id
`;
const AUDIT =
  "name: audit_task\nsteps:\n  - name: audit\n    type: json\n    options:\n      path: /tmp/out/audit\n";

const ws = (): PlanWorkspace => ({
  plan: PLAN,
  tasks: [CUSTOMERS, AUDIT],
  validations: [],
  configuration: "",
});

describe("a task's connection picked, and imported connections placed", () => {
  it("makes the task's steps steps of the connection's kind, its foreign keys following, the other task's left alone", () => {
    const out = withConnection(
      ws(),
      0,
      { name: "pg", type: "postgres", options: { url: "jdbc:postgresql://h/db" } },
      "/x",
    );
    const plan = parse(out.plan);
    assert.deepEqual(
      plan.tasks.map((t: { dataSourceName: string }) => t.dataSourceName),
      ["pg", "old_db"],
    );
    assert.equal(plan.sinkOptions.foreignKeys[0].source.dataSource, "pg");
    assert.equal(plan.sinkOptions.foreignKeys[0].generate[0].dataSource, "old_db");
    // Only what the pick changes: comments and layout stay.
    assert.match(out.plan, /^# two tasks on one connection\n/);
    assert.match(out.plan, /dataSourceName: old_db\n/);
    const step = parse(out.tasks[0]!).steps[0];
    assert.equal(step.type, "postgres");
    assert.deepEqual(step.options, { saveMode: "overwrite", dbtable: "" });
    assert.equal(out.tasks[1], AUDIT);
  });

  it("keeps a target option the connection gives out of the steps, and gives a file connection's steps a path", () => {
    const kafka = withConnection(ws(), 1, { name: "k", type: "kafka", options: { topic: "audit" } }, "/x");
    assert.deepEqual(parse(kafka.tasks[1]!).steps[0].options, {});
    const back = withConnection(
      kafka,
      1,
      { name: "f", type: "csv", options: {} },
      "/tmp/rowforge/p/audit_task",
    );
    assert.deepEqual(parse(back.tasks[1]!).steps[0], {
      name: "audit",
      type: "csv",
      options: { path: "/tmp/rowforge/p/audit_task" },
    });
  });

  it("answers a unified file's inline connections, its steps keeping only their own options", (t) => {
    if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
    const text = readFileSync(join(CORPUS, "unified/ecommerce-unified.yaml"), "utf8");
    const { workspace, connections } = importYaml(emptyWorkspace("u"), text);
    assert.deepEqual(
      connections.map((c) => [c.name, c.type, c.options.url ?? c.options.path]),
      [
        ["ecommerce_postgres", "postgres", "jdbc:postgresql://localhost:5432/ecommerce"],
        ["analytics_json", "json", "/tmp/data/analytics"],
        ["reports_csv", "csv", "/tmp/data/reports"],
      ],
    );
    assert.equal(connections[0]!.options.password, "${POSTGRES_PASSWORD}");
    assert.deepEqual(parse(workspace.tasks[0]!).steps[0].options, { dbtable: "public.customers" });
    // The plan folder's files, opened read-only, keep their connections in the steps.
    const inSteps = importYaml(emptyWorkspace("u"), text, { connectionsInSteps: true });
    assert.deepEqual(inSteps.connections, []);
    assert.equal(
      parse(inSteps.workspace.tasks[0]!).steps[0].options.url,
      "jdbc:postgresql://localhost:5432/ecommerce",
    );

    // A saved connection of the same name elsewhere: renamed, tasks and foreign keys following.
    const saved = [
      {
        name: "ecommerce_postgres",
        type: "postgres",
        groupType: "database",
        options: { url: "jdbc:postgresql://other/db" },
      },
      { name: "analytics_json", type: "json", groupType: "file", options: { path: "/tmp/data/analytics" } },
    ];
    const placed = placeConnections(workspace, connections, saved, []);
    assert.deepEqual(
      placed.offered.map((c) => [c.name, c.sameAsSaved, c.renamedFrom]),
      [
        ["ecommerce_postgres_2", false, "ecommerce_postgres"],
        ["analytics_json", true, undefined],
        ["reports_csv", false, undefined],
      ],
    );
    const plan = parse(placed.ws.plan);
    assert.deepEqual(
      plan.tasks.map((x: { dataSourceName: string }) => x.dataSourceName),
      ["ecommerce_postgres_2", "analytics_json", "reports_csv"],
    );
    const named = plan.sinkOptions.foreignKeys.flatMap(
      (fk: { source: { dataSource: string }; generate: { dataSource: string }[] }) => [
        fk.source.dataSource,
        ...fk.generate.map((g) => g.dataSource),
      ],
    );
    assert.ok(!named.includes("ecommerce_postgres") && named.includes("ecommerce_postgres_2"), named.join());
    assert.deepEqual(
      connectionsToSave(placed.ws, placed.offered).map((c) => c.name),
      ["ecommerce_postgres_2", "reports_csv"],
    );
  });
});
