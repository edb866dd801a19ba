/**
 * The database scripts (postgres.sh, mariadb.sh, cassandra.sh) keep the conventions of
 * scripts/servers/lib/common.sh they now share with the brokers: start on a given port prints the
 * facts, a second start of the same folder reuses the running server, status prints the same facts,
 * another port is refused while it runs, everything listens on loopback only, a folder the script
 * did not make is left alone, stop removes server and folder, status then exits 1, and a watched
 * start goes away when the watched process ends. Each runs its own server in a folder of this
 * test's own (the run's shared servers are untouched); each connects with the project's driver.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import cassandra from "cassandra-driver";
import mysql from "mysql2/promise";
import pg from "pg";
import { REPO_ROOT } from "../support/run-cli.ts";
import { freePort, pidAlive, scriptFacts } from "../support/script-process.ts";
import { until } from "../support/until.ts";

const parent = mkdtempSync(join(tmpdir(), "rowforge-db-scripts-"));
// PostgreSQL and MariaDB run as their own users when started by root: let them through.
chmodSync(parent, 0o755);
after(() => rmSync(parent, { recursive: true, force: true }));

/** The local addresses the process listens on (TCP), from `ss`. */
function listenAddresses(pid: number): string[] {
  const out = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => line.trim().split(/\s+/)[3]!);
}

/** A process for a script to watch: the server goes when it goes. */
const watched = (): ChildProcess =>
  spawn(process.execPath, ["-e", "setTimeout(() => {}, 600000)"], { stdio: "ignore" });

/** A script's command line in this test's environment: run (throws on failure) and spawn (status). */
function scriptRunner(script: string, env: NodeJS.ProcessEnv) {
  const path = join(REPO_ROOT, "scripts", "servers", script);
  const full = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`, ...env };
  return {
    run: (...args: string[]): string =>
      execFileSync("bash", [path, ...args], { env: full, encoding: "utf8", timeout: 240_000, stdio: "pipe" }),
    spawn: (...args: string[]) =>
      spawnSync("bash", [path, ...args], { env: full, encoding: "utf8", timeout: 240_000 }),
  };
}

/** Reuse, status, another port refused, loopback only, a foreign folder left alone. */
function checkRunning(
  script: ReturnType<typeof scriptRunner>,
  first: Record<string, string>,
  port: number,
  pid: number,
): void {
  assert.ok(pidAlive(pid));
  assert.deepEqual(scriptFacts(script.run("start")), first, "already running: the same server's facts");
  assert.deepEqual(scriptFacts(script.run("status")), first);
  const other = script.spawn("start", String(port + 1));
  assert.equal(other.status, 1);
  assert.match(other.stderr, new RegExp(`already running on port ${port}, not ${port + 1}`));
  const addresses = listenAddresses(pid);
  // Java lists its IPv4 loopback sockets as IPv4-mapped IPv6 addresses.
  assert.ok(
    addresses.some((a) => a === `127.0.0.1:${port}` || a === `[::ffff:127.0.0.1]:${port}`),
    addresses.join(" "),
  );
  for (const a of addresses) assert.match(a, /^(127\.0\.0\.1|\[::1\]|\[::ffff:127\.0\.0\.1\]):\d+$/);
  const foreign = mkdtempSync(join(parent, "not-a-server-"));
  const refused = script.spawn("stop", foreign);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /is not a folder of this script .*left alone/);
  assert.ok(existsSync(foreign));
}

test("scripts/servers/mariadb.sh: start on a port, reuse, status, loopback only, the driver logs in, stop removes server and folder", async () => {
  const dir = join(parent, "mariadb");
  const password = "it's a \\ secret";
  const script = scriptRunner("mariadb.sh", {
    ROWFORGE_SERVERS_DIR: parent,
    ROWFORGE_MARIADB_DIR: dir,
    MARIADB_PASSWORD: password,
  });
  const port = await freePort();
  const first = scriptFacts(script.run("start", String(port)));
  try {
    assert.deepEqual(Object.keys(first), [
      "MARIADB_HOST",
      "MARIADB_PORT",
      "MARIADB_USER",
      "MARIADB_PASSWORD",
      "MARIADB_DATABASE",
      "MARIADB_SOCKET",
      "MARIADB_DIR",
      "MARIADB_PID",
    ]);
    assert.equal(first.MARIADB_PORT, String(port));
    assert.equal(first.MARIADB_PASSWORD, password);
    assert.equal(first.MARIADB_DIR, dir);
    checkRunning(script, first, port, Number(first.MARIADB_PID));
    const conn = await mysql.createConnection({
      host: "127.0.0.1",
      port,
      user: first.MARIADB_USER!,
      password,
      database: first.MARIADB_DATABASE!,
    });
    const [rows] = await conn.query<mysql.RowDataPacket[]>("SELECT @@local_infile AS li");
    await conn.end();
    assert.equal(Number(rows[0]!.li), 1);
    script.run("stop", dir);
    assert.equal(existsSync(dir), false);
    assert.equal(pidAlive(Number(first.MARIADB_PID)), false);
    assert.equal(script.spawn("status").status, 1);
  } finally {
    script.spawn("stop", dir);
  }
});

test("scripts/servers/mariadb.sh: a watched start stops when the watched process ends", async () => {
  const dir = join(parent, "mariadb-watched");
  const child = watched();
  const script = scriptRunner("mariadb.sh", {
    ROWFORGE_MARIADB_DIR: dir,
    ROWFORGE_MARIADB_WATCH_PID: String(child.pid),
  });
  try {
    const pid = Number(scriptFacts(script.run("start")).MARIADB_PID);
    assert.ok(pidAlive(pid));
    child.kill();
    await until("the server and its folder gone", () => !pidAlive(pid) && !existsSync(dir), {
      timeoutMs: 60_000,
      everyMs: 200,
    });
  } finally {
    child.kill();
    script.spawn("stop", dir);
  }
});

test("scripts/servers/postgres.sh: status follows ROWFORGE_PG_DIR, a fresh folder per start otherwise, a watched start stops with the watched process", async () => {
  const dir = join(parent, "pg");
  const child = watched();
  const script = scriptRunner("postgres.sh", {
    ROWFORGE_PG_DIR: dir,
    ROWFORGE_PG_WATCH_PID: String(child.pid),
  });
  const noDir = scriptRunner("postgres.sh", { ROWFORGE_PG_DIR: "" });
  try {
    const noneYet = script.spawn("status");
    assert.equal(noneYet.status, 1);
    assert.match(noneYet.stderr, /not running/);
    const first = scriptFacts(script.run("start"));
    assert.equal(first.PGDATA_DIR, dir);
    const port = Number(first.PGPORT);
    const pid = Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    checkRunning(script, first, port, pid);
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
    await client.connect();
    await client.end();
    // Without ROWFORGE_PG_DIR there is no folder to ask about or to stop.
    const status = noDir.spawn("status");
    assert.equal(status.status, 1);
    assert.match(status.stderr, /ROWFORGE_PG_DIR/);
    const stop = noDir.spawn("stop");
    assert.equal(stop.status, 1);
    assert.match(stop.stderr, /stop needs the folder start printed \(PGDATA_DIR\)/);
    child.kill();
    await until("the server and its folder gone", () => !pidAlive(pid) && !existsSync(dir), {
      timeoutMs: 60_000,
      everyMs: 200,
    });
    assert.equal(script.spawn("status").status, 1);
  } finally {
    child.kill();
    script.spawn("stop", dir);
  }
});

test("scripts/servers/cassandra.sh: a node requiring a login: start on a port, reuse, status, loopback only, the driver logs in, gone when the watched process ends", async () => {
  const dir = join(parent, "cassandra");
  const child = watched();
  const script = scriptRunner("cassandra.sh", {
    ROWFORGE_SERVERS_DIR: parent,
    ROWFORGE_CASSANDRA_DIR: dir,
    CASSANDRA_AUTH: "password",
    CASSANDRA_JVM_OPTS: "-XX:TieredStopAtLevel=1",
    ROWFORGE_CASSANDRA_WATCH_PID: String(child.pid),
  });
  const port = await freePort();
  try {
    const first = scriptFacts(script.run("start", String(port)));
    assert.deepEqual(first, {
      CASSANDRA_HOST: "127.0.0.1",
      CASSANDRA_PORT: String(port),
      CASSANDRA_DATACENTER: "datacenter1",
      CASSANDRA_STORAGE_PORT: first.CASSANDRA_STORAGE_PORT,
      CASSANDRA_DIR: dir,
      CASSANDRA_PID: first.CASSANDRA_PID,
      CASSANDRA_USER: "cassandra",
      CASSANDRA_PASSWORD: "cassandra",
    });
    const pid = Number(first.CASSANDRA_PID);
    checkRunning(script, first, port, pid);
    const client = new cassandra.Client({
      contactPoints: [`127.0.0.1:${port}`],
      localDataCenter: "datacenter1",
      authProvider: new cassandra.auth.PlainTextAuthProvider("cassandra", "cassandra"),
    });
    await client.connect();
    const r = await client.execute("SELECT release_version FROM system.local");
    await client.shutdown();
    assert.match(String(r.rows[0]!.release_version), /^5\./);
    child.kill();
    await until("the node and its folder gone", () => !pidAlive(pid) && !existsSync(dir), {
      timeoutMs: 90_000,
      everyMs: 200,
    });
    assert.equal(script.spawn("status").status, 1);
  } finally {
    child.kill();
    script.spawn("stop", dir);
  }
});
