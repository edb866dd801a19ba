import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT } from "../support/run-cli.ts";
import { runCliInProcess } from "../support/run-cli-in-process.ts";
import {
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/**
 * The broken-plan corpus (test/corpus/broken-plans): one mistake users make per file, its
 * expected error code on the first line (`# expect: RF_...`). `validate` fails exactly when
 * `run` refuses before writing, with that one code, so neither lets through what the other refuses.
 * Plans marked `# needs: postgres` or `# needs: mariadb` run against the shared test servers:
 * their connections and tables come from RF_CORPUS_* environment variables, and `run` must
 * leave the tables as empty as it found them. The commands run in this process through the CLI's
 * entry (its parsing, printed errors and exit codes): a Node started for each of the corpus's
 * hundred-odd commands cost more than the commands (bin/rowforge.js itself is run by cli-run).
 */
const CORPUS = join(REPO_ROOT, "test", "corpus", "broken-plans");
const FILES = readdirSync(CORPUS).filter((f) => f.endsWith(".yaml"));
const needs = (text: string) => /^# needs: (\w+)/m.exec(text)?.[1];
const needed = new Set(FILES.map((f) => needs(readFileSync(join(CORPUS, f), "utf8"))));

const PG_SCHEMA = `corpus_${process.pid}`;
const MARIADB_TABLE = `rf_corpus_${process.pid}_accounts`;
const env: Record<string, string> = {};

before(async () => {
  if (needed.has("postgres")) {
    await pgQuery(`CREATE SCHEMA ${PG_SCHEMA}`);
    await pgQuery(
      `CREATE TABLE ${PG_SCHEMA}.accounts (account_id text PRIMARY KEY, amount numeric(10,2), opened date)`,
    );
    Object.assign(env, {
      RF_CORPUS_PG_URL: postgresJdbcUrl(),
      RF_CORPUS_PG_USER: postgresFacts().user,
      RF_CORPUS_PG_SCHEMA: PG_SCHEMA,
    });
  }
  if (needed.has("mariadb")) {
    await mysqlQuery(
      `CREATE TABLE ${MARIADB_TABLE} (account_id varchar(20) PRIMARY KEY, amount decimal(10,2), opened date)`,
    );
    const f = mariadbFacts();
    Object.assign(env, {
      RF_CORPUS_MARIADB_URL: mariadbJdbcUrl(f),
      RF_CORPUS_MARIADB_USER: f.user,
      RF_CORPUS_MARIADB_PASSWORD: f.password,
      RF_CORPUS_MARIADB_TABLE: MARIADB_TABLE,
    });
  }
});

after(async () => {
  if (needed.has("postgres")) await pgQuery(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
  if (needed.has("mariadb")) await mysqlQuery(`DROP TABLE IF EXISTS ${MARIADB_TABLE}`);
});

/** Rows in the corpus tables of a database: none, before and after every refused run. */
async function rowsIn(database: string | undefined): Promise<number> {
  if (database === "postgres")
    return Number((await pgQuery<{ n: string }>(`SELECT count(*) AS n FROM ${PG_SCHEMA}.accounts`))[0]!.n);
  if (database === "mariadb")
    return Number((await mysqlQuery<{ n: number }>(`SELECT count(*) AS n FROM ${MARIADB_TABLE}`))[0]!.n);
  return 0;
}

const codes = (stderr: string) => [...new Set([...stderr.matchAll(/error (RF_[A-Z_]+)/g)].map((m) => m[1]))];

for (const name of FILES) {
  test(`broken plan ${name}: validate and run refuse it with its one code, and nothing is written`, async () => {
    const file = join(CORPUS, name);
    const text = readFileSync(file, "utf8");
    const expected = /^# expect: (RF_[A-Z_]+)/.exec(text)?.[1];
    assert.ok(expected, `${name} names its expected code on its first line`);
    const v = await runCliInProcess(["validate", file], { env });
    assert.equal(v.status, 2, v.stdout + v.stderr);
    assert.deepEqual(codes(v.stderr), [expected], v.stderr);
    const out = fixtureDir({});
    const r = await runCliInProcess(["run", file, "--output-root", out, "--workers", "0", "--quiet"], {
      env,
    });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.deepEqual(codes(r.stderr), [expected], r.stderr);
    assert.deepEqual(readdirSync(out), [], "run wrote before refusing");
    assert.equal(await rowsIn(needs(text)), 0, "run wrote rows before refusing");
  });
}
