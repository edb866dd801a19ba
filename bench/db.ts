/**
 * `npm run bench -- --only=db`: `rowforge run` into PostgreSQL and MariaDB against each
 * database's own bulk loader fed the same rows as CSV. The bench starts throw-away servers
 * (scripts/servers/postgres.sh and mariadb.sh), generates the CSV once per row count with
 * rowforge (same plan, seed and step as the database runs: the same rows), then for each
 * repetition, interleaved: `psql \copy ... CSV HEADER` into an empty table, `rowforge run` into
 * an empty table (a child process, peak RSS through /usr/bin/time), `LOAD DATA LOCAL INFILE`
 * through the mariadb client, `rowforge run` into MariaDB. Each rowforge time includes process
 * start and generation; each loader's includes its client's start. Ratios are loader time /
 * rowforge time (rowforge's share of the loader's rows/s) per repetition; medians reported.
 * PostgreSQL's binary COPY is timed too (`psql \copy ... (FORMAT binary)` of a ready file the
 * server wrote from the CSV's rows): the fastest a client can load those rows. After each round
 * the rows rowforge loaded are compared with the loader's (`EXCEPT ALL` both ways): they must be
 * the same rows, not only as many.
 * Each PostgreSQL load starts after a CHECKPOINT into a table without autovacuum, so none pays
 * for the WAL or the vacuum of the load before it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ChildResult, runChild } from "./child-run.ts";
import { type LoadSpan, load1, spread } from "./rounds.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../bin/rowforge.js");
const SCRIPTS = here("../scripts/servers");

export interface DbSample {
  readonly rows: number;
  readonly loaderSeconds: number;
  readonly rowforgeSeconds: number;
  readonly rowforgePeakRssMiB: number | undefined;
  /** loaderSeconds / rowforgeSeconds: rowforge's rows/s as a share of the loader's. */
  readonly ratio: number;
  /** PostgreSQL: `psql \copy ... (FORMAT binary)` of the same rows, and loader / rowforge. */
  readonly binarySeconds?: number;
  readonly binaryRatio?: number;
  /** The --compare-cli build's time and ratio in the same round. */
  readonly compareSeconds?: number;
  readonly compareRatio?: number;
  /** The 1-minute load average before the round's loader run and after its rowforge run. */
  readonly load1: LoadSpan;
}

export interface DbResult {
  readonly database: "postgres" | "mariadb";
  readonly loader: string;
  readonly rows: number;
  readonly samples: readonly DbSample[];
  readonly median: {
    loaderSeconds: number;
    rowforgeSeconds: number;
    ratio: number;
    peakRssMiB?: number;
    binarySeconds?: number;
    binaryRatio?: number;
  };
}

const median = (xs: readonly number[]): number => spread(xs).median;

/** The 10-column table: ints, text, decimals, a date and a timestamp. */
const FIELDS = `          - { name: id, type: long, options: { sql: "__index_inc" } }
          - { name: qty, type: int, options: { min: 1, max: 1000 } }
          - { name: score, type: int, options: { min: -100000, max: 100000 } }
          - { name: name, options: { regex: "[A-Z][a-z]{4,11}" } }
          - { name: city, options: { oneOf: ["Berlin", "Paris", "Lisbon", "Oslo", "Rome", "Vienna"] } }
          - { name: code, options: { regex: "[A-Z]{3}-[0-9]{6}" } }
          - { name: amount, type: "decimal(12,2)", options: { min: 0, max: 100000 } }
          - { name: price, type: "decimal(10,2)", options: { min: 1, max: 5000 } }
          - { name: born, type: date, options: { min: "1950-01-01", max: "2005-12-31" } }
          - { name: created, type: timestamp, options: { min: "2020-01-01 00:00:00", max: "2026-01-01 00:00:00" } }`;

const PG_TABLE = `(id bigint, qty int, score int, name text, city text, code text,
  amount numeric(12,2), price numeric(10,2), born date, created timestamp)`;
const MARIA_TABLE = `(id BIGINT, qty INT, score INT, name VARCHAR(32), city VARCHAR(16), code VARCHAR(16),
  amount DECIMAL(12,2), price DECIMAL(10,2), born DATE, created DATETIME(3)) ENGINE=InnoDB`;

const plan = (rows: number, type: string, options: Record<string, string>) => `name: db_bench
sinkOptions: { seed: "7" }
dataSources:
  - name: target
    connection: { type: ${type}, options: ${JSON.stringify(options)} }
    steps:
      - name: rows
        count: { records: ${rows} }
        fields:
${FIELDS}
`;

/** SQL counting the rows of `a` and `b` that the other lacks (duplicates counted): 0 when the same rows. */
const sameRows = (a: string, b: string): string =>
  `SELECT COUNT(*) FROM ((SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b}) UNION ALL (SELECT * FROM ${b} EXCEPT ALL SELECT * FROM ${a})) AS d`;

/** KEY=value lines a server script printed. */
const facts = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .trim()
      .split("\n")
      .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );

function ok(r: ChildResult, what: string): ChildResult {
  if (r.code !== 0) throw new Error(`${what} failed (exit ${r.code}): ${r.stderr.slice(-2000)}`);
  return r;
}

export interface DbBenchOptions {
  /** Row counts timed against the loaders (each `reps` times). */
  readonly rows: readonly number[];
  /** Row counts rowforge also runs once each for peak memory (flat in row count). */
  readonly memoryRows: readonly number[];
  readonly reps: number;
  readonly workers?: number;
  /**
   * Another rowforge's bin/rowforge.js (`--compare-cli=PATH`, a build of an earlier commit):
   * timed into PostgreSQL in each round too, after this one, for an A/B at the same load.
   */
  readonly compareCli?: string;
  /** The databases to time (`--db=postgres`); all when undefined. */
  readonly databases?: readonly string[];
  readonly log: (line: string) => void;
}

export async function runDbBenchmark(o: DbBenchOptions): Promise<{
  results: DbResult[];
  memory: { database: string; rows: number; peakRssMiB?: number; seconds: number }[];
}> {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-db-"));
  const watch = {
    ...process.env,
    ROWFORGE_PG_WATCH_PID: String(process.pid),
    ROWFORGE_MARIADB_WATCH_PID: String(process.pid),
  };
  const pg = facts(
    execFileSync("bash", [join(SCRIPTS, "postgres.sh"), "start"], { encoding: "utf8", env: watch }),
  );
  const wants = (db: string) => !o.databases || o.databases.includes(db);
  const maria = !wants("mariadb")
    ? ({} as Record<string, string>)
    : facts(
        execFileSync("bash", [join(SCRIPTS, "mariadb.sh"), "start"], {
          encoding: "utf8",
          env: {
            ...watch,
            ROWFORGE_SERVERS_DIR: dir,
            ROWFORGE_MARIADB_DIR: join(dir, "mariadb"),
            MARIADB_PASSWORD: `bench-${process.pid}`,
          },
        }),
      );
  o.log(`servers: PostgreSQL on ${pg.PGPORT}${wants("mariadb") ? `, MariaDB on ${maria.MARIADB_PORT}` : ""}`);
  /** psql's arguments reaching the bench's server, stopping at the first error. */
  const psqlArgs = [
    "-h",
    pg.PGHOST!,
    "-p",
    pg.PGPORT!,
    "-U",
    "postgres",
    "-d",
    "postgres",
    "-v",
    "ON_ERROR_STOP=1",
  ];
  const psql = (sql: string) => execFileSync("psql", [...psqlArgs, "-qAt", "-c", sql], { encoding: "utf8" });
  const mariaArgs = [
    "--no-defaults",
    "--protocol=TCP",
    "-h",
    maria.MARIADB_HOST!,
    "-P",
    maria.MARIADB_PORT!,
    "-u",
    maria.MARIADB_USER!,
    "--local-infile=1",
    "-N",
    maria.MARIADB_DATABASE!,
  ];
  const mariaEnv = { ...process.env, MYSQL_PWD: maria.MARIADB_PASSWORD! };
  const mariadb = (sql: string) =>
    execFileSync("mariadb", [...mariaArgs, "-e", sql], { encoding: "utf8", env: mariaEnv });
  const pgUrl = `jdbc:postgresql://${pg.PGHOST}:${pg.PGPORT}/postgres`;
  const mariaUrl = `jdbc:mysql://${maria.MARIADB_HOST}:${maria.MARIADB_PORT}/${maria.MARIADB_DATABASE}`;
  const workers = o.workers === undefined ? [] : ["--workers", String(o.workers)];
  const rowforge = (planFile: string, home: string) =>
    runChild(process.execPath, [CLI, "run", planFile, "--home", home, "--quiet", ...workers]);
  const results: DbResult[] = [];
  const memory: { database: string; rows: number; peakRssMiB?: number; seconds: number }[] = [];
  try {
    for (const t of ["native", "binary", "rowforge"]) {
      // No autovacuum of the table the previous load filled while the next load is timed.
      psql(
        `DROP TABLE IF EXISTS bench_${t}; CREATE TABLE bench_${t} ${PG_TABLE} WITH (autovacuum_enabled = off)`,
      );
      if (wants("mariadb") && t !== "binary")
        mariadb(`DROP TABLE IF EXISTS bench_${t}; CREATE TABLE bench_${t} ${MARIA_TABLE}`);
    }
    /** A psql client's run of one command (a \copy), timed as a child process. */
    const pgClient = (command: string) => runChild("psql", [...psqlArgs, "-q", "-c", command]);
    for (const rows of o.rows) {
      const csvDir = join(dir, `csv-${rows}`);
      const csvPlan = join(dir, `csv-${rows}.yaml`);
      writeFileSync(csvPlan, plan(rows, "csv", { path: csvDir, header: "true" }));
      ok(await rowforge(csvPlan, join(dir, "home")), "generating the CSV");
      const csv = join(csvDir, readdirSync(csvDir).find((f) => f.startsWith("part-"))!);
      // The same rows in binary COPY form, written by the server itself: binary COPY's ready file.
      const bin = join(dir, `rows-${rows}.pgcopy`);
      if (wants("postgres")) {
        psql("TRUNCATE bench_native");
        ok(await pgClient(`\\copy bench_native FROM '${csv}' WITH (FORMAT csv, HEADER true)`), "psql \\copy");
        ok(await pgClient(`\\copy bench_native TO '${bin}' WITH (FORMAT binary)`), "psql \\copy TO binary");
      }
      const pgPlan = join(dir, `pg-${rows}.yaml`);
      writeFileSync(
        pgPlan,
        plan(rows, "postgres", { url: pgUrl, user: "postgres", dbtable: "bench_rowforge" }),
      );
      const mariaPlan = join(dir, `maria-${rows}.yaml`);
      writeFileSync(
        mariaPlan,
        plan(rows, "mysql", {
          url: mariaUrl,
          user: maria.MARIADB_USER!,
          password: maria.MARIADB_PASSWORD!,
          dbtable: "bench_rowforge",
        }),
      );
      const pgSamples: DbSample[] = [];
      const mariaSamples: DbSample[] = [];
      for (let rep = 0; rep < o.reps; rep++) {
        if (wants("postgres")) {
          const pgLoad = load1();
          // Each timed load starts from a checkpoint: none writes out the WAL of the load before it.
          psql("TRUNCATE bench_native; TRUNCATE bench_binary; TRUNCATE bench_rowforge; CHECKPOINT");
          const copy = ok(
            await pgClient(`\\copy bench_native FROM '${csv}' WITH (FORMAT csv, HEADER true)`),
            "psql \\copy",
          );
          psql("CHECKPOINT");
          const binary = ok(
            await pgClient(`\\copy bench_binary FROM '${bin}' WITH (FORMAT binary)`),
            "psql \\copy (FORMAT binary)",
          );
          psql("CHECKPOINT");
          const rfPg = ok(await rowforge(pgPlan, join(dir, "home")), "rowforge run into PostgreSQL");
          const counts = psql(
            "SELECT (SELECT count(*) FROM bench_native) || ' ' || (SELECT count(*) FROM bench_binary) || ' ' || (SELECT count(*) FROM bench_rowforge)",
          ).trim();
          if (counts !== `${rows} ${rows} ${rows}`)
            throw new Error(`PostgreSQL row counts: ${counts}, expected ${rows} each`);
          const differ = psql(sameRows("bench_native", "bench_rowforge")).trim();
          if (differ !== "0")
            throw new Error(`PostgreSQL: ${differ} rows differ between the loader's and rowforge's`);
          let compare: ChildResult | undefined;
          if (o.compareCli) {
            psql("TRUNCATE bench_rowforge; CHECKPOINT");
            compare = ok(
              await runChild(process.execPath, [
                o.compareCli,
                "run",
                pgPlan,
                "--home",
                join(dir, "home"),
                "--quiet",
                ...workers,
              ]),
              "the --compare-cli run into PostgreSQL",
            );
          }
          pgSamples.push({
            rows,
            loaderSeconds: copy.seconds,
            rowforgeSeconds: rfPg.seconds,
            rowforgePeakRssMiB: rfPg.peakRssMiB,
            ratio: copy.seconds / rfPg.seconds,
            binarySeconds: binary.seconds,
            binaryRatio: binary.seconds / rfPg.seconds,
            load1: { start: pgLoad, end: load1() },
            ...(compare
              ? { compareSeconds: compare.seconds, compareRatio: copy.seconds / compare.seconds }
              : {}),
          });
          o.log(
            `  postgres ${rows} rep ${rep + 1}: psql \\copy ${copy.seconds.toFixed(2)} s, binary ${binary.seconds.toFixed(2)} s, rowforge ${rfPg.seconds.toFixed(2)} s (${((100 * copy.seconds) / rfPg.seconds).toFixed(0)}% of CSV, ${((100 * binary.seconds) / rfPg.seconds).toFixed(0)}% of binary), rowforge peak RSS ${rfPg.peakRssMiB?.toFixed(0)} MiB${compare ? `; --compare-cli ${compare.seconds.toFixed(2)} s (${((100 * copy.seconds) / compare.seconds).toFixed(0)}%)` : ""}`,
          );
        }
        if (!wants("mariadb")) continue;
        const mariaLoad = load1();
        mariadb("TRUNCATE bench_native; TRUNCATE bench_rowforge");
        const load = ok(
          await runChild(
            "mariadb",
            [
              ...mariaArgs,
              "-e",
              `LOAD DATA LOCAL INFILE '${csv}' INTO TABLE bench_native FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' LINES TERMINATED BY '\\n' IGNORE 1 LINES (id, qty, score, name, city, code, amount, price, born, @created) SET created = STR_TO_DATE(@created, '%Y-%m-%dT%H:%i:%s.%fZ')`,
            ],
            { env: mariaEnv },
          ),
          "LOAD DATA LOCAL INFILE",
        );
        const rfMaria = ok(await rowforge(mariaPlan, join(dir, "home")), "rowforge run into MariaDB");
        const mcounts = mariadb(
          "SELECT CONCAT((SELECT COUNT(*) FROM bench_native), ' ', (SELECT COUNT(*) FROM bench_rowforge))",
        ).trim();
        if (mcounts !== `${rows} ${rows}`)
          throw new Error(`MariaDB row counts: ${mcounts}, expected ${rows} each`);
        const mdiffer = mariadb(sameRows("bench_native", "bench_rowforge")).trim();
        if (mdiffer !== "0")
          throw new Error(`MariaDB: ${mdiffer} rows differ between the loader's and rowforge's`);
        mariaSamples.push({
          rows,
          loaderSeconds: load.seconds,
          rowforgeSeconds: rfMaria.seconds,
          rowforgePeakRssMiB: rfMaria.peakRssMiB,
          ratio: load.seconds / rfMaria.seconds,
          load1: { start: mariaLoad, end: load1() },
        });
        o.log(
          `  mariadb  ${rows} rep ${rep + 1}: LOAD DATA ${load.seconds.toFixed(2)} s, rowforge ${rfMaria.seconds.toFixed(2)} s (${((100 * load.seconds) / rfMaria.seconds).toFixed(0)}%), rowforge peak RSS ${rfMaria.peakRssMiB?.toFixed(0)} MiB`,
        );
      }
      rmSync(csvDir, { recursive: true, force: true });
      for (const [database, loader, samples] of [
        ["postgres", "psql \\copy (CSV)", pgSamples],
        ["mariadb", "LOAD DATA LOCAL INFILE (CSV)", mariaSamples],
      ] as const) {
        if (!wants(database)) continue;
        const rss = samples.map((s) => s.rowforgePeakRssMiB).filter((m): m is number => m !== undefined);
        const binary = samples.flatMap((s) =>
          s.binarySeconds === undefined ? [] : [[s.binarySeconds, s.binaryRatio!] as const],
        );
        results.push({
          database,
          loader,
          rows,
          samples,
          median: {
            loaderSeconds: median(samples.map((s) => s.loaderSeconds)),
            rowforgeSeconds: median(samples.map((s) => s.rowforgeSeconds)),
            ratio: median(samples.map((s) => s.ratio)),
            ...(rss.length ? { peakRssMiB: median(rss) } : {}),
            ...(binary.length
              ? {
                  binarySeconds: median(binary.map((b) => b[0])),
                  binaryRatio: median(binary.map((b) => b[1])),
                }
              : {}),
          },
        });
      }
    }
    for (const rows of o.memoryRows) {
      for (const [database, url, extra] of [
        ["postgres", pgUrl, { user: "postgres" }],
        ["mariadb", mariaUrl, { user: maria.MARIADB_USER!, password: maria.MARIADB_PASSWORD! }],
      ] as const) {
        if (!wants(database)) continue;
        if (database === "postgres") psql("TRUNCATE bench_rowforge");
        else mariadb("TRUNCATE bench_rowforge");
        const file = join(dir, `${database}-mem-${rows}.yaml`);
        writeFileSync(
          file,
          plan(rows, database === "postgres" ? "postgres" : "mysql", {
            url,
            ...extra,
            dbtable: "bench_rowforge",
          }),
        );
        const r = ok(
          await rowforge(file, join(dir, "home")),
          `rowforge run of ${rows} rows into ${database}`,
        );
        memory.push({
          database,
          rows,
          seconds: r.seconds,
          ...(r.peakRssMiB !== undefined ? { peakRssMiB: r.peakRssMiB } : {}),
        });
        o.log(
          `  ${database} ${rows} rows (memory): ${r.seconds.toFixed(2)} s, peak RSS ${r.peakRssMiB?.toFixed(0)} MiB`,
        );
      }
    }
  } finally {
    try {
      execFileSync("bash", [join(SCRIPTS, "postgres.sh"), "stop", pg.PGDATA_DIR!], { stdio: "ignore" });
    } catch {}
    if (wants("mariadb"))
      try {
        execFileSync("bash", [join(SCRIPTS, "mariadb.sh"), "stop", maria.MARIADB_DIR!], {
          stdio: "ignore",
          env: { ...process.env, ROWFORGE_MARIADB_DIR: maria.MARIADB_DIR! },
        });
      } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
  return { results, memory };
}
