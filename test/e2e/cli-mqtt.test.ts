// rowforge-test: alone (rates held within 5% each second)
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertRateHeld,
  freshName,
  mqttReceiver,
  pacedRun,
  sampledHeaders,
  sampledRows,
  settled,
  startPrivateBroker,
} from "../support/broker-clients.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";
import { mqttFacts } from "../support/servers.ts";
import { until } from "../support/until.ts";

const NOW = ["--seed", "7", "--now", "2026-01-01T00:00:00Z"];

/** A unified plan: an mqtt connection whose password comes from ${RF_E2E_MQTT_PASSWORD}, one step of messageBody and messageHeaders. */
function project(url: string, user: string, stepOptions: string, records: number): string {
  return fixtureDir({
    "plan.yaml":
      `name: mqtt_plan\ndataSources:\n  - name: broker\n    connection:\n      type: mqtt\n      options: {url: "${url}", user: "${user}", password: "\${RF_E2E_MQTT_PASSWORD}"}\n    steps:\n      - name: accounts\n        options: {${stepOptions}}\n        count: {records: ${records}}\n        fields:\n` +
      "          - name: messageBody\n            type: struct\n            fields:\n" +
      '              - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}\n' +
      "              - {name: amount, type: double, options: {min: 10.0, max: 100.0}}\n" +
      "          - name: messageHeaders\n            type: struct\n            fields:\n" +
      '              - {name: account-id, options: {sql: "body.account_id"}}\n' +
      "              - {name: source, static: rowforge}\n",
  });
}

const env = (password = mqttFacts().password) => ({ RF_E2E_MQTT_PASSWORD: password });

test("rowforge run publishes a plan's messages to an MQTT topic: payloads and MQTT 5 user properties as generated, in order", async () => {
  const f = mqttFacts();
  const topic = `rf/e2e/${freshName()}`;
  const receiver = await mqttReceiver(topic);
  try {
    const dir = project(f.url, f.user, `topic: "${topic}"`, 500);
    const r = await runCliAsync(["run", "plan.yaml", "--home", ".rf", "--json", ...NOW], {
      cwd: dir,
      env: env(),
    });
    assert.equal(r.status, 0, r.stderr);
    const step = (JSON.parse(r.stdout) as { steps: { records: number; outputs: string[] }[] }).steps[0]!;
    assert.equal(step.records, 500);
    assert.deepEqual(step.outputs, [`${f.url}/${topic}`]);
    const got = await settled(receiver);
    const expected = sampledRows(["plan.yaml", ...NOW], 500, { cwd: dir, env: env() });
    assert.equal(got.length, 500);
    for (let i = 0; i < 500; i++) {
      assert.equal(got[i]!.body.toString("utf8"), expected[i]!.value, `message ${i}`);
      assert.deepEqual({ ...got[i]!.headers }, sampledHeaders(expected[i]!));
    }
    assert.ok(!r.stdout.includes(f.password) && !r.stderr.includes(f.password));
  } finally {
    await receiver.close();
  }
});

test("MQTT faults end the run with coded errors naming the connection and host:port, in bounded time: nothing listening, a refused login", async () => {
  const f = mqttFacts();
  const port = await freePort();
  const t0 = performance.now();
  const down = await runCliAsync(["run", "plan.yaml", "--home", ".rf"], {
    cwd: project(`mqtt://127.0.0.1:${port}`, f.user, "topic: t", 10),
    env: env(),
  });
  assert.equal(down.status, 1, down.stderr);
  assert.match(
    down.stderr,
    new RegExp(
      `RF_BROKER_UNREACHABLE: step "accounts" \\(connection "broker"\\): topic t at mqtt://127\\.0\\.0\\.1:${port}: nothing answers at mqtt://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`,
    ),
  );
  assert.ok(performance.now() - t0 < 20_000);
  const bad = await runCliAsync(["run", "plan.yaml", "--home", ".rf"], {
    cwd: project(f.url, f.user, "topic: t", 10),
    env: env("not-the-password"),
  });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(
    bad.stderr,
    /RF_BROKER_AUTH_FAILED: step "accounts" \(connection "broker"\): topic t at mqtt:\/\/127\.0\.0\.1:\d+: the MQTT broker at mqtt:\/\/127\.0\.0\.1:\d+ refused the login/,
  );
  assert.ok(!bad.stderr.includes("not-the-password"));
});

test("an MQTT step paced at 2,000 messages a second is held within 5% each second, as the subscriber sees it", async () => {
  const f = mqttFacts();
  await assertRateHeld(
    async () => {
      const topic = `rf/rate/${freshName()}`;
      const receiver = await mqttReceiver(topic);
      return pacedRun(
        project(f.url, f.user, `topic: "${topic}", rowsPerSecond: 2000`, 6000),
        env(),
        receiver,
        6000,
      );
    },
    2000,
    3,
  );
});

test("an MQTT broker killed mid-run fails the step, and the report says exactly how many messages it acknowledged", async () => {
  const broker = startPrivateBroker("mosquitto.sh", "MQTT");
  try {
    const f = broker.facts;
    const dir = project(f.MQTT_URL!, f.MQTT_USER!, "topic: killed, rowsPerSecond: 1000", 10_000);
    let progress = "";
    const running = runCliAsync(["run", "plan.yaml", "--home", ".rf", "--json"], {
      cwd: dir,
      env: env(f.MQTT_PASSWORD),
      timeoutMs: 60_000,
      onOutput: (_, e) => (progress = e),
    });
    // Killed once the run has sent a tenth of its messages (its first progress line).
    await until("the run's first progress line", () => / [1-9]\d% /.test(progress), { timeoutMs: 30_000 });
    broker.kill();
    const r = await running;
    assert.equal(r.status, 1, r.stderr);
    const step = (
      JSON.parse(r.stdout) as {
        steps: {
          success: boolean;
          records: number;
          error: string;
          errorCode: string;
          delivery: { acknowledged: number; sent: number; failed: number };
        }[];
      }
    ).steps[0]!;
    assert.equal(step.success, false);
    assert.equal(step.errorCode, "RF_BROKER_UNREACHABLE", step.error);
    const m =
      /the connection to mqtt:\/\/127\.0\.0\.1:\d+ was lost.*; (\d+) of (\d+) messages were acknowledged/.exec(
        step.error,
      );
    assert.ok(m, step.error);
    const acknowledged = Number(m[1]);
    assert.ok(acknowledged > 0 && acknowledged < 10_000, step.error);
    assert.equal(step.delivery.acknowledged, acknowledged);
    assert.equal(step.records, acknowledged);
    assert.equal(step.delivery.sent, Number(m[2]));
    assert.equal(step.delivery.acknowledged + step.delivery.failed, step.delivery.sent);
  } finally {
    broker.stop();
  }
});
