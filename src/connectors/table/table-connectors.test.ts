import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { test } from "node:test";
import { connectorStep, type StepOf } from "../../../test/support/connector-step.ts";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { PreparingConnector } from "../connector.ts";
import { mysqlConnector } from "../mysql/mysql-connector.ts";
import { postgresConnector } from "../postgres/postgres-connector.ts";

/** A database on the table base, as these tests reach it: its connector, its URLs, how messages name it. */
interface TableCase {
  readonly connector: PreparingConnector<unknown>;
  readonly of: StepOf;
  /** The JDBC URL scheme, `jdbc:postgresql`. */
  readonly jdbc: string;
  /** Another database's URL, with a password, that it must refuse. */
  readonly foreignUrl: string;
  readonly product: string;
}

const CASES: readonly TableCase[] = [
  {
    connector: postgresConnector,
    of: { format: "postgres", connection: "my_pg", step: "accounts" },
    jdbc: "jdbc:postgresql",
    foreignUrl: "jdbc:mysql://user:hunter2@h:3306/db?password=hunter2",
    product: "PostgreSQL",
  },
  {
    connector: mysqlConnector,
    of: { format: "mysql", connection: "my_maria", step: "accounts" },
    jdbc: "jdbc:mysql",
    foreignUrl: "jdbc:postgresql://user:hunter2@h:5432/db?password=hunter2",
    product: "MySQL/MariaDB",
  },
];

for (const c of CASES) {
  const stepWith = (options: Record<string, string>) => connectorStep(c.of, options);
  const escaped = c.product.replace("/", "\\/");

  test(`${c.product}: a bad URL or option is a coded error that never shows a password`, () => {
    const bad = (options: Record<string, string>) => {
      try {
        c.connector.prepare(stepWith(options));
      } catch (e) {
        assert.ok(isRowforgeError(e));
        return `${e.code} ${e.message}`;
      }
      assert.fail("no error");
    };
    const m = bad({ url: c.foreignUrl, dbtable: "t" });
    assert.match(
      m,
      new RegExp(`^RF_VALUE_INVALID .*connection "${c.of.connection}".*is not a ${escaped} URL`),
    );
    assert.ok(!m.includes("hunter2"), m);
    assert.match(bad({ dbtable: "t" }), /^RF_KEY_MISSING .*has no url/);
    assert.match(bad({ url: `${c.jdbc}://h/db` }), /^RF_KEY_MISSING .*names no table/);
    assert.match(
      bad({ url: `${c.jdbc}://h/db`, dbtable: "t", saveMode: "merge" }),
      /^RF_VALUE_INVALID .*saveMode "merge"/,
    );
    assert.match(
      bad({ url: `${c.jdbc}://h/db`, dbtable: "t", createTable: "yes" }),
      /^RF_VALUE_INVALID .*createTable/,
    );
    assert.match(
      bad({ url: `${c.jdbc}://h/db`, dbtable: "t", connectTimeout: "0" }),
      /^RF_VALUE_INVALID .*connectTimeout/,
    );
  });

  test(`${c.product}: a server that accepts but never answers: RF_DB_UNREACHABLE naming connection and host:port after the connect timeout, no hang`, async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as { port: number };
    try {
      const step = stepWith({
        url: `${c.jdbc}://127.0.0.1:${port}/db`,
        dbtable: "t",
        connectTimeout: "1",
        password: "pw-never-shown",
      });
      await assert.rejects(c.connector.checkTarget(step, OPEN_ACCESS), (e: unknown) => {
        assert.ok(isRowforgeError(e));
        assert.equal(e.code, "RF_DB_UNREACHABLE");
        assert.match(
          e.message,
          new RegExp(
            `connection "${c.of.connection}": cannot reach ${escaped} at 127\\.0\\.0\\.1:${port} \\(no answer within 1 s\\)`,
          ),
        );
        assert.ok(!e.message.includes("pw-never-shown"));
        return true;
      });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  test(`${c.product}: delete mode without a run history refuses, naming the table and what to do (nothing is reached)`, async () => {
    assert.equal(c.connector.capabilities.delete, true);
    const step = stepWith({ url: `${c.jdbc}://h:5/db`, dbtable: "s.t" });
    for (const history of [
      undefined,
      { runs: undefined, missing: "no home was given", deletedBefore: [], planRuns: 0 },
    ]) {
      await assert.rejects(c.connector.deleteGenerated(step, "p", history, OPEN_ACCESS), (e: unknown) => {
        assert.ok(isRowforgeError(e));
        assert.equal(e.code, "RF_DELETE_HISTORY_MISSING");
        assert.match(e.message, /step "accounts" \(table s\.t\)/);
        if (history) assert.match(e.message, /no home was given/);
        return true;
      });
    }
  });
}
