/**
 * Cassandra write throughput (`npm run bench -- --only=db`, or run this file alone): `rowforge run`
 * of a 10-column table (ints, text, decimal, date, timestamp) into a one-node Cassandra, end to end
 * (process start included), against the driver's ceiling: the same rows, prebuilt as parameter
 * arrays before the clock starts, inserted with the same prepared INSERT and the same concurrency
 * through cassandra-driver's executeConcurrent (no generation). A node of its own is started with
 * scripts/servers/cassandra.sh (and stopped) unless CASSANDRA_HOST and CASSANDRA_PORT name one
 * (CASSANDRA_USER and CASSANDRA_PASSWORD when it requires a login). Both run `rounds` times,
 * interleaved, into freshly made tables (the parameters are built once).
 *
 *   node bench/cassandra.ts [ROWS] [CONCURRENCY] [ROUNDS]   (defaults 1000000, rowforge's default 64, 5)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import cassandra from "cassandra-driver";
import { DEFAULT_CONCURRENCY } from "../src/connectors/cassandra/cassandra-options.ts";
import { batchParameters } from "../src/connectors/cassandra/cassandra-values.ts";
import { compilePlan } from "../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../src/engine/sql/index.ts";
import { runChild } from "./child-run.ts";
import { DEFAULT_ROUNDS } from "./rounds.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../bin/rowforge.js");

export interface CassandraBenchResult {
  readonly rows: number;
  readonly concurrency: number;
  readonly rounds: readonly CassandraBenchRound[];
}

export interface CassandraBenchRound {
  /** `rowforge run`, spawn to exit. */
  readonly run: {
    readonly seconds: number;
    readonly rowsPerSecond: number;
    readonly stepRowsPerSecond: number;
  };
  /** The prebuilt parameter arrays through executeConcurrent alone. */
  readonly driver: { readonly seconds: number; readonly rowsPerSecond: number };
}

/** The login of a node given through the environment, if it needs one. */
const LOGIN =
  process.env.CASSANDRA_HOST && process.env.CASSANDRA_USER
    ? { user: process.env.CASSANDRA_USER, password: process.env.CASSANDRA_PASSWORD ?? "" }
    : undefined;

const FIELDS = `          - {name: id, type: long, options: {sql: '__index_inc', isPrimaryKey: true}}
          - {name: qty, type: int, options: {min: 1, max: 1000}}
          - {name: score, type: long, options: {min: 0, max: 1000000000}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: city, options: {oneOf: [London, Paris, Lisbon, Oslo, Rome]}}
          - {name: code, options: {regex: "[A-Z]{3}-[0-9]{6}"}}
          - {name: price, type: 'decimal(10,2)', options: {min: 1, max: 10000}}
          - {name: amount, type: 'decimal(12,4)', options: {min: -1000, max: 1000}}
          - {name: day, type: date, options: {min: '2020-01-01', max: '2025-12-31'}}
          - {name: at, type: timestamp, options: {min: '2020-01-01 00:00:00', max: '2025-12-31 23:59:59'}}
`;

function planText(host: string, port: number, table: string, rows: number, concurrency: number): string {
  return `name: cassandra_bench
sinkOptions: {seed: "1"}
dataSources:
  - name: bench_cass
    connection:
      type: cassandra
      options: {host: "${host}", port: "${port}"${LOGIN ? `, user: "${LOGIN.user}", password: "\${CASSANDRA_PASSWORD}"` : ""}}
    steps:
      - name: rows
        options: {keyspace: rf_bench, table: ${table}, createTable: true, concurrency: "${concurrency}"}
        count: {records: ${rows}}
        fields:
${FIELDS}`;
}

async function startNode(): Promise<{ host: string; port: number; stop: () => void }> {
  if (process.env.CASSANDRA_HOST && process.env.CASSANDRA_PORT) {
    return { host: process.env.CASSANDRA_HOST, port: Number(process.env.CASSANDRA_PORT), stop: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-cassandra-"));
  const script = here("../scripts/servers/cassandra.sh");
  const out = execFileSync("bash", [script, "start"], {
    encoding: "utf8",
    env: {
      ...process.env,
      ROWFORGE_SERVERS_DIR: dir,
      ROWFORGE_CASSANDRA_DIR: join(dir, "cassandra"),
      ROWFORGE_CASSANDRA_WATCH_PID: String(process.pid),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const fact = (k: string) => new RegExp(`^${k}=(.*)$`, "m").exec(out)?.[1] ?? "";
  return {
    host: fact("CASSANDRA_HOST"),
    port: Number(fact("CASSANDRA_PORT")),
    stop: () => {
      execFileSync("bash", [script, "stop", join(dir, "cassandra")], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function runCassandraBenchmark(
  rows: number,
  concurrency = DEFAULT_CONCURRENCY,
  rounds = DEFAULT_ROUNDS,
): Promise<CassandraBenchResult> {
  const node = await startNode();
  const client = new cassandra.Client({
    contactPoints: [node.host],
    protocolOptions: { port: node.port },
    localDataCenter: "datacenter1",
    ...(LOGIN ? { authProvider: new cassandra.auth.PlainTextAuthProvider(LOGIN.user, LOGIN.password) } : {}),
    encoding: { map: Map, useBigIntAsLong: true, useBigIntAsVarint: true },
  });
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-cassandra-plan-"));
  try {
    await client.connect();
    await client.execute(
      "CREATE KEYSPACE IF NOT EXISTS rf_bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    const plan = join(dir, "plan.yaml");
    // The driver's ceiling: the same rows as parameter arrays, built once before any clock starts.
    const { loadProject } = await import("../src/config/index.ts");
    const { OUTPUT_KINDS } = await import("../src/app/output-kinds.ts");
    writeFileSync(plan, planText(node.host, node.port, "driver_rows", rows, concurrency));
    const load = await loadProject([plan], { outputKinds: OUTPUT_KINDS, env: {} });
    const resolved = load.plans[0]!;
    const step = compilePlan(resolved, {
      seed: "1",
      nowMicros: Date.UTC(2026, 10, 1) * 1000,
      fastMode: false,
    }).steps[0]!;
    const columns = step.batch(0, 0).schema.fields.map((f) => f.name);
    const params: unknown[][] = [];
    for (let from = 0; from < rows; from += 10_000) {
      for (const p of batchParameters(step.batch(from, Math.min(10_000, rows - from)))) params.push(p);
    }
    const insert = `INSERT INTO rf_bench.driver_rows (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    const measured: CassandraBenchRound[] = [];
    for (let round = 0; round < rounds; round++) {
      await client.execute("DROP TABLE IF EXISTS rf_bench.run_rows");
      await client.execute("DROP TABLE IF EXISTS rf_bench.driver_rows");
      // rowforge run, end to end.
      writeFileSync(plan, planText(node.host, node.port, "run_rows", rows, concurrency));
      const r = await runChild(process.execPath, [
        CLI,
        "run",
        plan,
        "--home",
        join(dir, "home"),
        "--json",
        "--quiet",
        "--now",
        "2026-11-01T00:00:00Z",
      ]);
      if (r.code !== 0) throw new Error(`rowforge run failed (exit ${r.code}): ${r.stderr}`);
      const report = JSON.parse(r.stdout) as { steps: { records: number; rowsPerSecond: number }[] };
      if (report.steps[0]?.records !== rows)
        throw new Error(`rowforge wrote ${report.steps[0]?.records} rows, not ${rows}`);
      await client.execute(
        `CREATE TABLE rf_bench.driver_rows (${columns.map((c) => `"${c}" ${c === "id" || c === "score" ? "bigint" : c === "qty" ? "int" : c === "price" || c === "amount" ? "decimal" : c === "day" ? "date" : c === "at" ? "timestamp" : "text"}`).join(", ")}, PRIMARY KEY (id))`,
      );
      const t0 = performance.now();
      await cassandra.concurrent.executeConcurrent(client, insert, params, { concurrencyLevel: concurrency });
      const driverSeconds = (performance.now() - t0) / 1000;
      measured.push({
        run: {
          seconds: r.seconds,
          rowsPerSecond: rows / r.seconds,
          stepRowsPerSecond: report.steps[0].rowsPerSecond,
        },
        driver: { seconds: driverSeconds, rowsPerSecond: rows / driverSeconds },
      });
    }
    return { rows, concurrency, rounds: measured };
  } finally {
    await client.shutdown().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    node.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const concurrency = Number(process.argv[3] ?? DEFAULT_CONCURRENCY);
  const r = await runCassandraBenchmark(rows, concurrency, Number(process.argv[4] ?? DEFAULT_ROUNDS));
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  for (const x of r.rounds)
    console.log(
      `cassandra, ${fmt(r.rows)} rows x 10 columns, concurrency ${r.concurrency}: rowforge run ${fmt(x.run.rowsPerSecond)} rows/s end to end (${x.run.seconds.toFixed(1)} s; the step alone ${fmt(x.run.stepRowsPerSecond)} rows/s) | driver ceiling (prebuilt parameters, executeConcurrent) ${fmt(x.driver.rowsPerSecond)} rows/s (${x.driver.seconds.toFixed(1)} s)`,
    );
  console.log(JSON.stringify(r));
}
