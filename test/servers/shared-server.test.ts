/**
 * How a test process gets an on-demand server (test/support/shared-server.ts): started by the
 * first call into the run's folder and reused after, a failed start remembered for the rest of
 * the run, and a clear message when it may not start. Uses the real nats.sh (it starts in
 * about 0.2 s) under variable names of this file's own, so the run's shared brokers are untouched.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import {
  BROKERS_SWITCH_ENV,
  SERVERS_DIR_ENV,
  type SharedServer,
  scriptPath,
  sharedServerFacts,
} from "../support/shared-server.ts";

const runDir = mkdtempSync(join(tmpdir(), "rf-shared-server-test-"));

/** nats.sh as an on-demand server whose facts go to variables no other test reads. */
const NATS_HERE: SharedServer = {
  name: "NATS (this test's)",
  script: "nats.sh",
  env: { NATS_URL: "RF_SHARED_TEST_NATS_URL", NATS_PID: "RF_SHARED_TEST_NATS_PID" },
  stopKey: "NATS_DIR",
  errorEnv: "RF_SHARED_TEST_NATS_START_ERROR",
  onDemand: true,
  scriptEnv: (dir, runnerPid) => ({
    ROWFORGE_SERVERS_DIR: dir,
    ROWFORGE_NATS_DIR: join(dir, "nats"),
    ROWFORGE_NATS_WATCH_PID: String(runnerPid),
  }),
};

/** A server whose script does not exist: its start fails. */
const BROKEN: SharedServer = {
  name: "Nothing",
  script: "no-such-server.sh",
  env: { NOTHING_PORT: "RF_SHARED_TEST_NOTHING_PORT" },
  stopKey: "NOTHING_DIR",
  errorEnv: "RF_SHARED_TEST_NOTHING_START_ERROR",
  onDemand: true,
  scriptEnv: (dir) => ({ ROWFORGE_SERVERS_DIR: dir }),
};

/** Runs `fn` with these environment variables set (undefined: removed), restoring them after. */
function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const put = (v: Record<string, string | undefined>): void => {
    for (const [k, value] of Object.entries(v)) {
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
  };
  put(vars);
  try {
    return fn();
  } finally {
    put(saved);
  }
}

after(() => {
  execFileSync("bash", [scriptPath(NATS_HERE), "stop", join(runDir, "nats")], { stdio: "ignore" });
  rmSync(runDir, { recursive: true, force: true });
});

test("an on-demand server starts at the first call into the run's folder, and later calls reuse it", () => {
  withEnv({ [SERVERS_DIR_ENV]: runDir, [BROKERS_SWITCH_ENV]: undefined }, () => {
    const first = sharedServerFacts(NATS_HERE, "this test's NATS", "scripts/servers/nats.sh start");
    assert.match(first.RF_SHARED_TEST_NATS_URL!, /^nats:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(existsSync(join(runDir, "nats", "server.env")));
    // A second start (as another test process would make it) finds it running: same server.
    delete process.env.RF_SHARED_TEST_NATS_URL;
    const again = sharedServerFacts(NATS_HERE, "this test's NATS", "scripts/servers/nats.sh start");
    assert.deepEqual(again, first);
  });
});

test("a failed on-demand start names the script and its reason, and is not tried again in the run", () => {
  withEnv({ [SERVERS_DIR_ENV]: runDir, [BROKERS_SWITCH_ENV]: undefined }, () => {
    const call = () =>
      sharedServerFacts(BROKEN, "the nothing server", "scripts/servers/no-such-server.sh start");
    assert.throws(
      call,
      /needs the nothing server, which did not start: .*no-such-server\.sh start.*No such file/s,
    );
    assert.ok(existsSync(join(runDir, "no-such-server.sh.start-error")));
    assert.throws(call, /no-such-server\.sh start.*No such file/s);
  });
});

test("with ROWFORGE_TEST_BROKERS=0, or outside a test run, nothing starts and the message says how to get one", () => {
  withEnv({ [SERVERS_DIR_ENV]: runDir, [BROKERS_SWITCH_ENV]: "0" }, () => {
    assert.throws(
      () => sharedServerFacts(BROKEN, "the nothing server", "scripts/servers/no-such-server.sh start"),
      /RF_SHARED_TEST_NOTHING_PORT is not set \(ROWFORGE_TEST_BROKERS=0 turned it off\).*no-such-server\.sh start/,
    );
  });
  withEnv({ [SERVERS_DIR_ENV]: undefined }, () => {
    assert.throws(
      () => sharedServerFacts(BROKEN, "the nothing server", "scripts/servers/no-such-server.sh start"),
      /RF_SHARED_TEST_NOTHING_PORT is not set\. Run it through `npm run test:unit`.*--test-global-setup/,
    );
  });
});
