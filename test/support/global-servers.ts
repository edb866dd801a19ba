/**
 * Node's `--test-global-setup` module for `npm run test:unit`: starts the database servers the
 * tests share once per run (each through its own script under scripts/servers/), puts their
 * connection facts in the environment the test processes inherit (read through
 * test/support/servers.ts), and stops them when the run ends. A server whose facts are already
 * in the environment (one the user started) is used as it is and left running. The message
 * brokers start on demand: the first test asking for one starts it (test/support/shared-server.ts),
 * or all at the setup with ROWFORGE_TEST_BROKERS=1; the teardown stops those too.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { BROKER_SERVERS } from "./broker-servers.ts";
import { CASSANDRA_ENV, MARIADB_ENV, POSTGRES_ENV } from "./servers.ts";
import {
  BROKERS_SWITCH_ENV,
  exportFacts,
  parseFacts,
  RUNNER_PID_ENV,
  SERVERS_DIR_ENV,
  type SharedServer,
  START_TIMEOUT_MS,
  scriptEnvironment,
  scriptPath,
} from "./shared-server.ts";

const run = promisify(execFile);

/** Every server the test run shares: a new database adds its line (and its script). */
const SERVERS: readonly SharedServer[] = [
  {
    name: "PostgreSQL",
    script: "postgres.sh",
    env: {
      PGHOST: POSTGRES_ENV.host,
      PGPORT: POSTGRES_ENV.port,
      PGUSER: POSTGRES_ENV.user,
      PGDATABASE: POSTGRES_ENV.database,
    },
    stopKey: "PGDATA_DIR",
    errorEnv: POSTGRES_ENV.startError,
  },
  {
    name: "MariaDB",
    script: "mariadb.sh",
    env: {
      MARIADB_HOST: MARIADB_ENV.host,
      MARIADB_PORT: MARIADB_ENV.port,
      MARIADB_USER: MARIADB_ENV.user,
      MARIADB_PASSWORD: MARIADB_ENV.password,
      MARIADB_DATABASE: MARIADB_ENV.database,
    },
    stopKey: "MARIADB_DIR",
    errorEnv: MARIADB_ENV.startError,
    // Its folder (and lock) under this run's own temp folder: parallel runs never share a server.
    // A password no test can guess, so tests can check that it never shows.
    scriptEnv: (runDir) => ({
      ROWFORGE_SERVERS_DIR: runDir,
      ROWFORGE_MARIADB_DIR: join(runDir, "mariadb"),
      MARIADB_PASSWORD: `rf-${randomBytes(9).toString("hex")}`,
      ROWFORGE_MARIADB_WATCH_PID: String(process.pid),
    }),
  },
  {
    name: "Cassandra",
    script: "cassandra.sh",
    env: {
      CASSANDRA_HOST: CASSANDRA_ENV.host,
      CASSANDRA_PORT: CASSANDRA_ENV.port,
      CASSANDRA_DATACENTER: CASSANDRA_ENV.datacenter,
      CASSANDRA_USER: CASSANDRA_ENV.user,
      CASSANDRA_PASSWORD: CASSANDRA_ENV.password,
    },
    stopKey: "CASSANDRA_DIR",
    errorEnv: CASSANDRA_ENV.startError,
    // Its own folder under this run's temp folder; a login required (so tests see refused
    // passwords); bounded start; stopped with this run even when the run is killed.
    scriptEnv: (runDir) => ({
      ROWFORGE_SERVERS_DIR: runDir,
      ROWFORGE_CASSANDRA_DIR: join(runDir, "cassandra"),
      CASSANDRA_AUTH: "password",
      CASSANDRA_READY_TIMEOUT: "120",
      // The JIT's first tier only: the node starts in about half the time, fast enough for tests' writes.
      CASSANDRA_JVM_OPTS: "-XX:TieredStopAtLevel=1",
      ROWFORGE_CASSANDRA_WATCH_PID: String(process.pid),
    }),
  },
  // Kafka, RabbitMQ, MQTT, NATS: started when a test first needs one (see BROKERS_SWITCH_ENV).
  ...BROKER_SERVERS,
];

/** This run's temp folder for servers that take one (made on first use, removed at teardown). */
let runDir: string | undefined;
const runDirectory = (): string => {
  runDir ??= mkdtempSync(join(tmpdir(), "rowforge-test-servers-"));
  return runDir;
};

/** What to stop at the end: the servers this run started (not ones the user gave). */
const started: { server: SharedServer; stopArg: string }[] = [];

/**
 * Starts one server and exports its facts. A server that cannot start fails no test by itself:
 * its reason goes to the tests that need it (they fail naming it) and the rest of the run goes on.
 */
async function startServer(server: SharedServer): Promise<void> {
  if (Object.values(server.env).every((k) => process.env[k])) return;
  try {
    await startAndExport(server);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    process.env[server.errorEnv] = reason;
    process.stderr.write(`${reason}\n`);
  }
}

async function startAndExport(server: SharedServer): Promise<void> {
  const t0 = performance.now();
  const { stdout } = await run("bash", [scriptPath(server), "start"], {
    timeout: START_TIMEOUT_MS,
    env: scriptEnvironment(server, runDirectory(), process.pid),
  }).catch((e: unknown) => {
    const stderr = (e as { stderr?: string }).stderr ?? "";
    throw new Error(
      `test run: ${server.name} did not start (scripts/servers/${server.script} start): ${stderr.trim()}`,
    );
  });
  const facts = parseFacts(stdout);
  exportFacts(server, facts);
  const stopArg = facts[server.stopKey];
  if (stopArg !== undefined) started.push({ server, stopArg });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  process.stderr.write(`test run: ${server.name} started in ${seconds} s\n`);
}

/** Started at the setup: every server but the on-demand ones, those too with ROWFORGE_TEST_BROKERS=1. */
const startsAtSetup = (server: SharedServer): boolean =>
  !server.onDemand || process.env[BROKERS_SWITCH_ENV] === "1";

/**
 * The temporary folder of this run's test processes (TMPDIR, which they and every process they
 * start inherit): the fixtures, outputs and homes tests make go there and are removed with it at
 * teardown, instead of piling up in the system's temporary folder run after run.
 */
let testTmp: string | undefined;

export async function globalSetup(): Promise<void> {
  // What a test process needs to start an on-demand server into this run's folder.
  process.env[SERVERS_DIR_ENV] = runDirectory();
  process.env[RUNNER_PID_ENV] = String(process.pid);
  await Promise.all(SERVERS.filter(startsAtSetup).map(startServer));
  // After the servers started: they keep the system's temporary folder.
  testTmp = mkdtempSync(join(tmpdir(), "rowforge-test-tmp-"));
  // Open to every user as /tmp is (sticky): the servers tests start themselves drop to their
  // own users (postgres, mysql) and make their folders in it.
  chmodSync(testTmp, 0o1777);
  process.env.TMPDIR = testTmp;
}

export async function globalTeardown(): Promise<void> {
  await Promise.all(
    started.splice(0).map(({ server, stopArg }) =>
      run("bash", [scriptPath(server), "stop", stopArg], {
        timeout: 60_000,
      }).catch(() => {}),
    ),
  );
  // On-demand servers a test process started: their scripts find them in this run's folder.
  if (runDir !== undefined) {
    const dir = runDir;
    await Promise.all(
      SERVERS.filter((s) => s.onDemand).map((server) =>
        run("bash", [scriptPath(server), "stop"], {
          timeout: 60_000,
          env: scriptEnvironment(server, dir, process.pid),
        }).catch(() => {}),
      ),
    );
  }
  if (runDir !== undefined) rmSync(runDir, { recursive: true, force: true });
  runDir = undefined;
  if (testTmp !== undefined) rmSync(testTmp, { recursive: true, force: true });
  testTmp = undefined;
}
