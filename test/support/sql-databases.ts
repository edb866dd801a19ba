import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "./fixture-dir.ts";
import {
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "./servers.ts";

/** One of the test run's SQL servers, as tests that run the same case on each of them see it. */
export interface SqlDatabase {
  readonly name: "PostgreSQL" | "MariaDB";
  /** The connection type a plan names. */
  readonly type: "postgres" | "mysql";
  /** The connection's options as a YAML flow map (url, user, password). */
  connection(): string;
  query(sql: string): Promise<Record<string, unknown>[]>;
  /** Column types and table options that differ between the two. */
  readonly double: string;
  readonly timestamp: string;
  readonly serial: string;
  /** Appended to CREATE TABLE (MariaDB: InnoDB, for real foreign keys). */
  readonly engine: string;
}

export const POSTGRES: SqlDatabase = {
  name: "PostgreSQL",
  type: "postgres",
  connection: () => `{url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}`,
  query: (sql) => pgQuery(sql),
  double: "double precision",
  timestamp: "timestamp(6)",
  serial: "serial PRIMARY KEY",
  engine: "",
};

export const MARIADB: SqlDatabase = {
  name: "MariaDB",
  type: "mysql",
  connection: () =>
    `{url: "${mariadbJdbcUrl()}", user: "${mariadbFacts().user}", password: "${mariadbFacts().password}"}`,
  query: (sql) => mysqlQuery(sql),
  double: "double",
  timestamp: "datetime(6)",
  serial: "int AUTO_INCREMENT PRIMARY KEY",
  engine: " ENGINE=InnoDB",
};

export const SQL_DATABASES: readonly SqlDatabase[] = [POSTGRES, MARIADB];

/**
 * The tables of one test file, kept apart from every other file's: a PostgreSQL schema and a
 * MariaDB name prefix, both `<prefix>_<pid>`. `table` names a fresh table each call;
 * `drop` removes them all (MariaDB's in the order `first` gives, children before parents).
 */
export function tableSpace(prefix: string) {
  const schema = `${prefix}_${process.pid}`;
  let n = 0;
  return {
    table: (db: SqlDatabase, name: string): string =>
      db.type === "postgres" ? `${schema}.${name}_${++n}` : `${schema}_${name}_${++n}`,
    create: async (): Promise<void> => {
      await pgQuery(`CREATE SCHEMA ${schema}`);
    },
    drop: async (first: (table: string) => boolean = () => false): Promise<void> => {
      await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      const mine = await mysqlQuery(
        `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE '${schema}\\_%'`,
      );
      const names = mine.map((r) => String(r.t));
      for (const t of [...names.filter(first), ...names.filter((t) => !first(t))])
        await mysqlQuery(`DROP TABLE IF EXISTS ${t}`);
    },
  };
}

/** Loads a unified plan file written from `yaml`; a load error fails the test. */
export async function loadPlanYaml(yaml: string): Promise<ResolvedPlan> {
  const dir = fixtureDir({ "plan.yaml": yaml });
  const load = await loadPlanFile(join(dir, "plan.yaml"), { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return load.plan!;
}

/** The number of rows of `table` (that match `where`). */
export const countRows = async (db: SqlDatabase, table: string, where = "1 = 1"): Promise<number> =>
  Number((await db.query(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0]!.n);

/** A column's values as text, in the database's order. */
export const columnValues = async (db: SqlDatabase, table: string, column: string): Promise<string[]> =>
  (await db.query(`SELECT ${column} AS v FROM ${table} ORDER BY ${column}`)).map((r) => String(r.v));
