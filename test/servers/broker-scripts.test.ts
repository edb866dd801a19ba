/**
 * The broker scripts keep the conventions of the database scripts: start on a given port prints
 * the facts, a second start of the same folder reuses the running server, another port is
 * refused while it runs, everything listens on loopback only, stop removes the server (and its
 * helpers) and the folder, and a folder the script did not make is left alone. Each runs its own
 * server in a folder of this test's own (the run's shared brokers are untouched); Kafka's script
 * is covered by the test run's own broker and scripts/servers/check-servers.sh.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";
import { freePort, pidAlive, scriptFacts } from "../support/script-process.ts";

const parent = mkdtempSync(join(tmpdir(), "rowforge-broker-scripts-"));
after(() => rmSync(parent, { recursive: true, force: true }));

/** The local addresses the processes listen on (TCP), from `ss`. */
function listenAddresses(pids: readonly number[]): string[] {
  const out = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => pids.some((pid) => line.includes(`pid=${pid},`)))
    .map((line) => line.trim().split(/\s+/)[3]!);
}

const CASES = [
  { script: "nats.sh", prefix: "NATS", dirEnv: "ROWFORGE_NATS_DIR", helpers: [] as string[] },
  { script: "mosquitto.sh", prefix: "MQTT", dirEnv: "ROWFORGE_MQTT_DIR", helpers: [] },
  { script: "rabbitmq.sh", prefix: "RABBITMQ", dirEnv: "ROWFORGE_RABBITMQ_DIR", helpers: ["epmd.pid"] },
] as const;

for (const c of CASES) {
  test(`scripts/servers/${c.script}: start on a port, reuse, loopback only, stop removes server and folder`, async () => {
    const script = join(REPO_ROOT, "scripts", "servers", c.script);
    const dir = join(parent, c.prefix.toLowerCase());
    const env = {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
      ROWFORGE_SERVERS_DIR: parent,
      [c.dirEnv]: dir,
    };
    const run = (...args: string[]): string =>
      execFileSync("bash", [script, ...args], { env, encoding: "utf8", timeout: 120_000, stdio: "pipe" });
    const port = await freePort();
    const first = scriptFacts(run("start", String(port)));
    const pid = Number(first[`${c.prefix}_PID`]);
    try {
      assert.equal(first[`${c.prefix}_HOST`], "127.0.0.1");
      assert.equal(first[`${c.prefix}_PORT`], String(port));
      assert.equal(first[`${c.prefix}_DIR`], dir);
      assert.match(first[`${c.prefix}_PASSWORD`]!, /^[A-Za-z0-9]{24}$/);
      assert.ok(pidAlive(pid));
      assert.deepEqual(scriptFacts(run("start")), first, "already running: the same server's facts");
      assert.deepEqual(scriptFacts(run("status")), first);
      const other = spawnSync("bash", [script, "start", String(port + 1)], { env, encoding: "utf8" });
      assert.equal(other.status, 1);
      assert.match(other.stderr, new RegExp(`already running on port ${port}, not ${port + 1}`));
      const helperPids = c.helpers.map((f) =>
        Number(execFileSync("cat", [join(dir, f)], { encoding: "utf8" })),
      );
      const addresses = listenAddresses([pid, ...helperPids]);
      assert.ok(addresses.includes(`127.0.0.1:${port}`), addresses.join(" "));
      for (const a of addresses) assert.match(a, /^(127\.0\.0\.1|\[::1\]|\[::ffff:127\.0\.0\.1\]):\d+$/);
      // A folder this script did not make is never removed.
      const foreign = join(parent, `not-${c.prefix.toLowerCase()}`);
      mkdirSync(foreign);
      const refused = spawnSync("bash", [script, "stop", foreign], { env, encoding: "utf8" });
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /is not a folder of this script .*left alone/);
      assert.ok(existsSync(foreign));
      run("stop", dir);
      assert.equal(existsSync(dir), false);
      for (const p of [pid, ...helperPids]) assert.equal(pidAlive(p), false, `pid ${p} still running`);
      assert.equal(spawnSync("bash", [script, "status"], { env }).status, 1);
    } finally {
      spawnSync("bash", [script, "stop", dir], { env });
    }
  });
}
