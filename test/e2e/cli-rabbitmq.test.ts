// rowforge-test: alone (rates held within 5% each second)
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import {
  assertRateHeld,
  drainQueue,
  freshName,
  pacedRun,
  queueDepth,
  rabbitReceiver,
  sampledHeaders,
  sampledRows,
  startPrivateBroker,
} from "../support/broker-clients.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli, runCliAsync } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";
import { rabbitmqFacts } from "../support/servers.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";
import { until } from "../support/until.ts";

const FACTORY = "com.rabbitmq.jms.admin.RMQConnectionFactory";
const NOW = ["--seed", "7", "--now", "2026-01-01T00:00:00Z"];

/** A Data Caterer JMS task: messageBody and messageHeaders, to `destination`. */
const task = (destination: string, records: number, options = "") =>
  `name: accounts_task\nsteps:\n  - name: accounts\n    type: jms\n    options: {destinationName: "${destination}"${options}}\n    count: {records: ${records}}\n    fields:\n` +
  "      - name: messageBody\n        type: struct\n        fields:\n" +
  '          - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}\n' +
  "          - {name: year, type: int, options: {min: 2021, max: 2022}}\n" +
  "          - {name: amount, type: double, options: {min: 10.0, max: 100.0}}\n" +
  "      - name: messageHeaders\n        type: struct\n        fields:\n" +
  '          - {name: account-id, options: {sql: "body.account_id"}}\n' +
  "          - {name: source, static: rowforge}\n";

/** A legacy plan on a `jms` connection in application.conf whose password comes from ${RF_E2E_RMQ_PASSWORD}. */
function project(url: string, destination: string, records: number, extra = ""): string {
  const f = rabbitmqFacts();
  return fixtureDir({
    "application.conf": `jms {\n  customer_rabbitmq {\n    connectionFactory = "${FACTORY}"\n    url = "${url}"\n    user = "${f.user}"\n    password = \${RF_E2E_RMQ_PASSWORD}\n    virtualHost = "/"\n  }\n}\n`,
    "plan.yaml": "name: rmq_plan\ntasks: [{name: accounts_task, dataSourceName: customer_rabbitmq}]\n",
    "task/accounts_task.yaml": task(destination, records, extra),
  });
}

const env = () => ({ RF_E2E_RMQ_PASSWORD: rabbitmqFacts().password });
const url = (port = rabbitmqFacts().port) => `amqp://${rabbitmqFacts().host}:${port}`;

test("rowforge run sends a JMS plan's messages to RabbitMQ: bodies, headers and properties as generated, in order", async () => {
  const queue = freshName("rf_e2e");
  const dir = project(url(), `/JNDI/Q/${queue}`, 500);
  const r = runCli(["run", "plan.yaml", "--home", ".rf", "--json", ...NOW], { cwd: dir, env: env() });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout) as {
    steps: { records: number; outputs: string[]; delivery: { acknowledged: number; failed: number } }[];
  };
  assert.equal(summary.steps[0]!.records, 500);
  assert.deepEqual(summary.steps[0]!.outputs, [`${url()}/%2F/${queue}`]);
  assert.equal(summary.steps[0]!.delivery.acknowledged, 500);
  const expected = sampledRows(["plan.yaml", ...NOW], 500, { cwd: dir, env: env() });
  const got = await drainQueue(queue);
  assert.equal(got.length, 500);
  for (let i = 0; i < 500; i++) {
    const m = got[i]!;
    assert.equal(m.content.toString("utf8"), expected[i]!.value, `message ${i}`);
    assert.deepEqual(m.properties.headers, sampledHeaders(expected[i]!));
    assert.equal(m.properties.deliveryMode, 2, "persistent");
    assert.equal(m.properties.contentType, "application/json");
  }
  // Delete mode cannot un-send: it says so for the step and removes nothing.
  const del = runCli(["run", "plan.yaml", "--home", ".rf", "--mode", "delete"], { cwd: dir, env: env() });
  assert.equal(del.status, 0, del.stderr);
  assert.match(
    del.stdout,
    new RegExp(
      `skipped: RabbitMQ messages cannot be taken back once published: delete mode removes nothing \\(step "accounts" \\(connection "customer_rabbitmq"\\): queue ${queue}`,
    ),
  );
  // The password never shows in what the run left.
  assert.ok(!r.stdout.includes(rabbitmqFacts().password) && !r.stderr.includes(rabbitmqFacts().password));
});

test("the corpus's RabbitMQ connection (application.conf customer_rabbitmq, with its environment overrides) runs against the local node; solace.yaml is refused by name", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const f = rabbitmqFacts();
  const queue = freshName("rf_corpus");
  const dir = fixtureDir({
    "plan.yaml": "name: corpus_rmq\ntasks: [{name: accounts_task, dataSourceName: customer_rabbitmq}]\n",
    "task/accounts_task.yaml": task(queue, 50),
  });
  const corpusEnv = { RABBITMQ_URL: url(), RABBITMQ_USER: f.user, RABBITMQ_PASSWORD: f.password };
  const conf = join(CORPUS, "application.conf");
  const r = runCli(["run", "plan.yaml", "--config", conf, "--home", ".rf", "--output-root", dir], {
    cwd: dir,
    env: corpusEnv,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal((await drainQueue(queue)).length, 50);

  const solace = runCli(
    ["run", join(CORPUS, "plan/solace.yaml"), "--config", conf, "--home", ".rf", "--output-root", dir],
    { cwd: dir },
  );
  assert.equal(solace.status, 2, solace.stderr);
  assert.match(
    solace.stderr,
    /error RF_CONNECTION_UNSUPPORTED: step "jms_account" writes to "solace" \(connection "solace"\), a Solace JMS \(SMF\) connection, which rowforge does not write to; of JMS brokers it writes to RabbitMQ/,
  );
  // A jms connection with Solace's factory is refused the same way, before anything runs.
  const jmsSolace = fixtureDir({
    "application.conf":
      'jms {\n  solace_jms {\n    connectionFactory = "/jms/cf/default"\n    url = "smf://127.0.0.1:55555"\n  }\n}\n',
    "plan.yaml": "name: p\ntasks: [{name: accounts_task, dataSourceName: solace_jms}]\n",
    "task/accounts_task.yaml": task("/JNDI/T/test_topic", 5),
  });
  const v = runCli(["validate", jmsSolace], { cwd: jmsSolace });
  assert.equal(v.status, 2, v.stdout + v.stderr);
  assert.match(
    v.stdout + v.stderr,
    /RF_CONNECTION_UNSUPPORTED: step "accounts" \(connection "solace_jms"\) is a JMS connection with connection factory "\/jms\/cf\/default", which rowforge cannot write to/,
  );
});

/** A local port nothing listens on. */

test("faults end the run with coded errors naming the connection and host:port, in bounded time: nothing listening, a refused login, an unknown queue with declare: false", async () => {
  const port = await freePort();
  const t0 = performance.now();
  const down = runCli(["run", "plan.yaml", "--home", ".rf"], {
    cwd: project(url(port), "q", 10),
    env: env(),
  });
  assert.equal(down.status, 1, down.stderr);
  assert.match(
    down.stderr,
    new RegExp(
      `RF_BROKER_UNREACHABLE: step "accounts" \\(connection "customer_rabbitmq"\\): queue q at amqp://127\\.0\\.0\\.1:${port}: nothing answers at amqp://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`,
    ),
  );
  assert.ok(performance.now() - t0 < 20_000);

  const badLogin = runCli(["run", "plan.yaml", "--home", ".rf"], {
    cwd: project(url(), "q", 10),
    env: { RF_E2E_RMQ_PASSWORD: "not-the-password" },
  });
  assert.equal(badLogin.status, 2, badLogin.stderr);
  assert.match(
    badLogin.stderr,
    /RF_BROKER_AUTH_FAILED: step "accounts" \(connection "customer_rabbitmq"\): queue q at amqp:\/\/127\.0\.0\.1:\d+: RabbitMQ at amqp:\/\/127\.0\.0\.1:\d+ refused the login/,
  );
  assert.ok(!badLogin.stderr.includes("not-the-password"));

  const queue = freshName("rf_missing");
  const missing = runCli(["run", "plan.yaml", "--home", ".rf"], {
    cwd: project(url(), queue, 10, ", declare: false"),
    env: env(),
  });
  assert.equal(missing.status, 2, missing.stderr);
  assert.match(
    missing.stderr,
    new RegExp(
      `RF_DESTINATION_NOT_FOUND: .*queue "${queue}" does not exist on virtual host "/" \\(declare: false\\)`,
    ),
  );
  assert.equal(await queueDepth(queue), undefined, "nothing was declared");
});

test("a rowsPerSecond step is held within 5% of its rate each second, as the consumer sees it", async () => {
  await assertRateHeld(
    async () => {
      const queue = freshName("rf_rate");
      const receiver = await rabbitReceiver(queue);
      return pacedRun(project(url(), queue, 6000, ", rowsPerSecond: 2000"), env(), receiver, 6000);
    },
    2000,
    3,
  );
});

test("a broker killed mid-run fails the step, and the report says exactly how many messages it acknowledged", async () => {
  const broker = startPrivateBroker("rabbitmq.sh", "RABBITMQ");
  try {
    const f = broker.facts;
    const dir = fixtureDir({
      "plan.yaml": `name: kill_plan\ndataSources:\n  - name: rmq\n    connection:\n      type: rabbitmq\n      options: {url: "amqp://127.0.0.1:${f.RABBITMQ_PORT}", user: "${f.RABBITMQ_USER}", password: "\${RF_E2E_RMQ_PASSWORD}"}\n    steps:\n      - name: accounts\n        options: {destinationName: killed, rowsPerSecond: 1000}\n        count: {records: 10000}\n        fields:\n          - {name: id, type: long, options: {sql: "__index_inc"}}\n`,
    });
    let progress = "";
    const running = runCliAsync(["run", "plan.yaml", "--home", ".rf", "--json"], {
      cwd: dir,
      env: { RF_E2E_RMQ_PASSWORD: f.RABBITMQ_PASSWORD! },
      timeoutMs: 60_000,
      onOutput: (_, e) => (progress = e),
    });
    // Killed once the run has sent a tenth of its messages (its first progress line).
    await until("the run's first progress line", () => / [1-9]\d% /.test(progress), { timeoutMs: 30_000 });
    broker.kill();
    const r = await running;
    assert.equal(r.status, 1, r.stderr);
    const result = JSON.parse(r.stdout) as {
      steps: {
        success: boolean;
        records: number;
        error: string;
        errorCode: string;
        delivery: { acknowledged: number; sent: number; failed: number };
      }[];
    };
    const step = result.steps[0]!;
    assert.equal(step.success, false);
    assert.equal(step.errorCode, "RF_BROKER_UNREACHABLE", step.error);
    const m =
      /^step "accounts" \(connection "rmq"\): queue killed at amqp:\/\/127\.0\.0\.1:\d+: the connection to amqp:\/\/127\.0\.0\.1:\d+ was lost \(.*\); (\d+) of (\d+) messages were acknowledged/.exec(
        step.error,
      );
    assert.ok(m, step.error);
    const acknowledged = Number(m[1]);
    assert.ok(acknowledged > 0 && acknowledged < 10_000, step.error);
    // The error, the step's records and its delivery report agree, and every message sent is counted.
    assert.equal(step.delivery.acknowledged, acknowledged);
    assert.equal(step.records, acknowledged);
    assert.equal(step.delivery.sent, Number(m[2]));
    assert.equal(step.delivery.acknowledged + step.delivery.failed, step.delivery.sent);
  } finally {
    broker.stop();
  }
});
