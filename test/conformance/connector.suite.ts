import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { groupOfConnectionType } from "../../src/app/output-kinds.ts";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { recordOf } from "../../src/app/runs/record-run.ts";
import { type RunResult, runPlan } from "../../src/app/runs/run-plan.ts";
import type { Connector } from "../../src/connectors/connector.ts";
import { isRowEncoder } from "../../src/connectors/worker-encoders.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { openStore } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

/**
 * How the suite reaches one connector's destinations: a fresh destination per test, the rows
 * read back from it, and what is there (to see that an abort or a delete left nothing behind).
 */
export interface ConnectorFixture {
  /** Step options writing `format` to a fresh, empty destination; `parts` asks for several parts when the connector can. */
  destination(format: string, parts: boolean): Readonly<Record<string, string>>;
  /** The `id` of every row at the destination, as text, in any order. */
  readIds(
    format: string,
    options: Readonly<Record<string, string>>,
    outputs: readonly string[],
  ): Promise<string[]>;
  /**
   * Gets ready to read a destination before anything is sent to it, when it keeps nothing for a
   * reader that comes later (an MQTT topic, a core NATS subject: the fixture subscribes).
   */
  ready?(options: Readonly<Record<string, string>>): Promise<void>;
  /** What the destination holds (file names, table rows' keys, ...): empty when nothing is there. */
  contents(options: Readonly<Record<string, string>>): Promise<string[]>;
  /**
   * The destination has no transactions (Cassandra): rows written before an abort stay, and the
   * suite checks that exactly those are there instead of nothing.
   */
  readonly keepsRowsOnAbort?: boolean;
}

const ROWS = 1000;
// `id` is the key (a Cassandra table needs one to be created).
const FIELDS =
  "      - {name: id, type: long, options: {sql: '__index_inc', isPrimaryKey: true}}\n      - {name: name, options: {expression: '#{Name.firstName}'}}\n      - {name: amount, type: 'decimal(10,2)', options: {min: 1, max: 100}}\n";

function planFor(
  format: string,
  options: Readonly<Record<string, string>>,
  planName = "p",
): Promise<ResolvedPlan> {
  return planFrom(
    `name: ${planName}\ntasks:\n  - name: t\n    dataSourceName: out\nsinkOptions: {seed: 5}\n`,
    {
      t: `name: t\nsteps:\n  - name: s\n    type: ${format}\n    options: ${JSON.stringify(options)}\n    count: {records: ${ROWS}}\n    fields:\n${FIELDS}`,
    },
    // Databases and brokers need their connection defined, as users define it.
    groupOfConnectionType(format) === "file"
      ? {}
      : {
          "application.conf": `${format} {\n  out {\n${Object.entries(options)
            .map(([k, v]) => `    ${k} = ${JSON.stringify(v)}\n`)
            .join("")}  }\n}\n`,
        },
  );
}

const run = (plan: ResolvedPlan, runId: string) =>
  runPlan(plan, {
    access: OPEN_ACCESS,
    runId,
    nowMicros: TEST_NOW_MICROS,
    batchSize: 128,
    executor: () => createInlineExecutor(),
  });

/** The ids the plan generates (what a connector must write, each once). */
function expectedIds(plan: ResolvedPlan): string[] {
  const [step] = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps;
  const ids = step!.batch(0, ROWS).getChild("id")!.toArray() as ArrayLike<bigint | number>;
  return Array.from(ids, String).sort();
}

/**
 * The contract every registered connector keeps, for each format it serves: a run writes
 * every row once (read back), an aborted sink leaves nothing, and delete mode removes exactly
 * what the plan wrote. A new connector passes it with a fixture of a few lines.
 */
export function connectorSuite(connector: Connector, fixture: ConnectorFixture): void {
  for (const format of connector.formats) {
    const label = `${connector.name} connector, ${format}`;

    test(`${label}: a run writes every row once, in parts where it can, and they read back`, async () => {
      const options = fixture.destination(format, connector.capabilities.parts);
      await fixture.ready?.(options);
      const plan = await planFor(format, options);
      const r = await run(plan, "suite-write");
      assert.equal(r.success, true, r.failedReason ?? "");
      const [step] = r.steps;
      assert.equal(step?.records, ROWS);
      assert.ok((step?.bytes ?? 0) > 0, "the step reports the bytes it wrote");
      const ids = await fixture.readIds(format, options, step?.outputs ?? []);
      assert.equal(new Set(ids).size, ROWS, "ids are unique");
      assert.deepEqual(ids.sort(), expectedIds(plan));
    });

    test(`${label}: the sink's contract (row bounds, what it accepts) and an abort leaves nothing`, async () => {
      const options = fixture.destination(format, connector.capabilities.parts);
      await fixture.ready?.(options);
      const plan = await planFor(format, options);
      const compiled = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true });
      const step = compiled.steps[0]!;
      connector.check(step.resolved);
      await connector.checkTarget(step.resolved, OPEN_ACCESS);
      const opened = await connector.open({
        access: OPEN_ACCESS,
        step: step.resolved,
        schema: step.batch(0, 0).schema,
        rowCount: step.rowCount,
        runId: "suite-abort",
        planName: plan.plan.name,
      });
      assert.ok(!("skipped" in opened), "a fresh destination is not skipped");
      const bounds = opened.rowBounds;
      assert.equal(bounds[0], 0);
      assert.equal(bounds.at(-1), ROWS);
      for (let k = 1; k < bounds.length; k++) assert.ok(bounds[k]! >= bounds[k - 1]!, "row bounds ascend");
      // The fixture asked for several parts where the connector can cut them.
      if (connector.capabilities.parts) assert.ok(bounds.length > 2, "rows are cut into parts");
      else assert.equal(bounds.length, 2);
      if (!connector.capabilities.encodedText) assert.equal(opened.accepts, "arrow");
      // Encoded text is the step's file format, or a database's own text (connectors/worker-encoders.ts).
      if (opened.accepts !== "arrow") {
        const encoded = opened.accepts.encoded.format;
        assert.ok(encoded === format || isRowEncoder(encoded), `no encoder ${encoded}`);
      }
      await opened.write({ kind: "arrow", batch: step.batch(0, 300) }, 0);
      // What a run's byte limit counts: every sink counts what it took.
      assert.ok(opened.bytesWritten > 0, `${opened.bytesWritten} bytes written for 300 rows`);
      await opened.abort();
      if (fixture.keepsRowsOnAbort) assert.equal((await fixture.contents(options)).length, 300);
      else assert.deepEqual(await fixture.contents(options), []);
    });

    test(`${label}: what a run wrote reads back as reference data (distinct keys, sorted)`, async (t) => {
      if (!connector.readReference) {
        t.skip(`${connector.name} cannot read reference data`);
        return;
      }
      const options = fixture.destination(format, connector.capabilities.parts);
      const plan = await planFor(format, options);
      const r = await run(plan, "suite-reference");
      assert.equal(r.success, true, r.failedReason ?? "");
      const step = plan.steps[0]!;
      const reference = {
        ...step,
        referenceMode: true,
        step: { ...step.step, options: { ...step.step.options, enableReferenceMode: "true" } },
      };
      const table = await connector.readReference(reference, {
        access: OPEN_ACCESS,
        fields: ["id"],
        maxRows: ROWS,
      });
      const ids = Array.from(table.getChild("id")!.toArray() as ArrayLike<bigint | number>, Number);
      assert.equal(ids.length, ROWS);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        "sorted",
      );
      assert.deepEqual(ids.map(String).sort(), expectedIds(plan));
      await assert.rejects(
        connector.readReference(reference, { access: OPEN_ACCESS, fields: ["id"], maxRows: ROWS - 1 }),
        /more than 999 distinct values of id/,
      );
    });

    test(`${label}: delete mode removes exactly what the plan wrote`, async (t) => {
      if (!connector.capabilities.delete) {
        t.skip(`${connector.name} cannot delete what it wrote`);
        return;
      }
      const mine = fixture.destination(format, connector.capabilities.parts);
      const other = fixture.destination(format, false);
      const plan = await planFor(format, mine, "mine");
      const otherPlan = await planFor(format, other, "other");
      // Runs are recorded in a run history, as the CLI and the server record them: a connector
      // that cannot list what a run wrote (a database) deletes the rows of the recorded runs.
      const store = await openStore(fixtureDir({}));
      const ts = new Date(TEST_NOW_MICROS / 1000).toISOString();
      const recorded = async (r: RunResult) => {
        await store.executions.put(recordOf(r, "generate", ts, ts));
        return r;
      };
      try {
        assert.equal((await recorded(await run(plan, "suite-a"))).success, true);
        const kept = await recorded(await run(otherPlan, "suite-b"));
        assert.equal(kept.success, true);
        const otherBefore = await fixture.contents(other);
        const history = { executions: store.executions };
        const d = await deletePlanData(plan, { access: OPEN_ACCESS, history });
        assert.equal(d.success, true, d.failedReason ?? "");
        assert.equal(d.steps[0]?.records, ROWS);
        assert.deepEqual(await fixture.contents(mine), []);
        assert.deepEqual(await fixture.contents(other), otherBefore);
        const ids = await fixture.readIds(format, other, kept.steps[0]?.outputs ?? []);
        assert.deepEqual(ids.sort(), expectedIds(otherPlan));
        // A second delete finds nothing left of the plan's runs.
        const again = await deletePlanData(plan, { access: OPEN_ACCESS, history });
        assert.equal(again.success, true, again.failedReason ?? "");
        assert.equal(again.steps[0]?.records, 0);
        assert.deepEqual(await fixture.contents(other), otherBefore);
      } finally {
        await store.close();
      }
    });
  }
}
