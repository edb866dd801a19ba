import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { kafkaConnector } from "../../src/connectors/kafka/kafka-connector.ts";
import { consumeAll, createTopic, freshTopic, topicSize } from "../support/kafka-topics.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { type PrivateKafka, startPrivateKafka } from "../support/private-kafka.ts";
import { freePort } from "../support/script-process.ts";

/**
 * The faults issue 16 names, against real brokers: nothing listening at the port, a broker
 * that does not create topics asked for an unknown one, a login the broker cannot take, and
 * the broker killed mid-run. Each ends with a coded error naming the connection and host:port,
 * in bounded time. The broker here is this file's own (auto.create.topics.enable=false), so it
 * can be killed without touching the shared one.
 */

let broker: PrivateKafka;
before(() => {
  broker = startPrivateKafka(false);
});
after(() => broker?.stop());

const FIELDS =
  "      - {name: key, options: {regex: 'K[0-9]{6}'}}\n      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: name, options: {regex: '[a-z]{20}'}}\n";

function kafkaPlan(connection: Record<string, string>, stepOptions: Record<string, string>, records: number) {
  const conf = Object.entries(connection)
    .map(([k, v]) => `    ${k} = ${JSON.stringify(v)}\n`)
    .join("");
  return planFrom(
    "name: faults\ntasks:\n  - name: t\n    dataSourceName: broker\nsinkOptions: {seed: 3}\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    type: kafka\n    options: ${JSON.stringify(stepOptions)}\n    count: {records: ${records}}\n    fields:\n${FIELDS}`,
    },
    { "application.conf": `kafka {\n  broker {\n${conf}  }\n}\n` },
  );
}

const run = async (plan: Awaited<ReturnType<typeof kafkaPlan>>) => {
  const t0 = performance.now();
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "kafka-faults",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 500,
    executor: () => createInlineExecutor(),
  });
  return { r, seconds: (performance.now() - t0) / 1000 };
};

/** How a run failed: thrown by its preflight (checkTarget, connect) or reported by the failed step. */
async function failure(plan: Awaited<ReturnType<typeof kafkaPlan>>) {
  const t0 = performance.now();
  try {
    const { r } = await run(plan);
    assert.equal(r.success, false, "the run fails");
    return {
      code: r.steps[0]?.errorCode ?? "",
      message: r.failedReason ?? "",
      seconds: (performance.now() - t0) / 1000,
      sent: r.steps[0]?.delivery?.sent ?? 0,
      json: JSON.stringify(r),
    };
  } catch (e) {
    const err = e as Error & { code?: string };
    return {
      code: err.code ?? "",
      message: err.message,
      seconds: (performance.now() - t0) / 1000,
      sent: 0,
      json: JSON.stringify({ message: err.message, hint: (err as { hint?: string }).hint }),
    };
  }
}

test("nothing listening at the port: RF_BROKER_UNREACHABLE naming the connection and host:port, within the connect timeout", async () => {
  const port = await freePort();
  const plan = await kafkaPlan(
    { "kafka.bootstrap.servers": `127.0.0.1:${port}`, connectTimeout: "2" },
    { topic: "t" },
    100,
  );
  const f = await failure(plan);
  assert.equal(f.code, "RF_BROKER_UNREACHABLE", f.message);
  assert.match(f.message, new RegExp(`no Kafka broker answers at 127\\.0\\.0\\.1:${port}`));
  assert.match(f.message, /connection "broker"/);
  assert.ok(f.seconds < 15, `gave up in ${f.seconds} s`);
  await assert.rejects(
    kafkaConnector.testConnection!(
      {
        name: "down",
        type: "kafka",
        groupType: "messaging",
        options: { "kafka.bootstrap.servers": `127.0.0.1:${port}`, connectTimeout: "2" },
      },
      OPEN_ACCESS,
    ),
    (e: Error & { code?: string }) =>
      e.code === "RF_BROKER_UNREACHABLE" && e.message.includes(`127.0.0.1:${port}`),
  );
});

test("a broker that accepts connections and never answers is given up after the timeouts", async () => {
  const silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    const plan = await kafkaPlan(
      { "kafka.bootstrap.servers": `127.0.0.1:${port}`, connectTimeout: "1", timeout: "2", retries: "0" },
      { topic: "t" },
      10,
    );
    const f = await failure(plan);
    assert.equal(f.code, "RF_BROKER_UNREACHABLE", f.message);
    assert.match(f.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
    assert.ok(f.seconds < 15, `gave up in ${f.seconds} s`);
  } finally {
    silent.close();
  }
});

test("an unknown topic on a broker that does not create topics: RF_DESTINATION_NOT_FOUND naming topic and broker, before anything is sent", async () => {
  const topic = freshTopic("rf_missing");
  const plan = await kafkaPlan({ "kafka.bootstrap.servers": broker.bootstrap }, { topic }, 100);
  const f = await failure(plan);
  assert.equal(f.code, "RF_DESTINATION_NOT_FOUND", f.message);
  assert.match(
    f.message,
    new RegExp(
      `topic "${topic}" does not exist on the Kafka broker at ${broker.bootstrap}.*auto\\.create\\.topics\\.enable=false`,
    ),
  );
  assert.equal(f.sent, 0, "nothing was sent");
  assert.equal(await topicSize(broker.bootstrap, topic), 0, "the topic was not created");
  const described = await kafkaConnector.testConnection!(
    {
      name: "private",
      type: "kafka",
      groupType: "messaging",
      options: { "kafka.bootstrap.servers": broker.bootstrap, topic },
    },
    OPEN_ACCESS,
  );
  assert.equal(described.success, true);
  assert.equal(described.details.brokers, 1);
  assert.equal(described.details.topicExists, false);
  assert.equal(described.details.autoCreateTopics, false);
  assert.match(described.message, new RegExp(`topic "${topic}" does not exist`));
});

test("a SASL login the broker cannot take: a coded error naming host:port, never the password, in bounded time", async () => {
  const plan = await kafkaPlan(
    {
      "kafka.bootstrap.servers": broker.bootstrap,
      "kafka.security.protocol": "SASL_PLAINTEXT",
      "kafka.sasl.mechanism": "SCRAM-SHA-256",
      user: "alice",
      password: "s3cret-never-shown",
      connectTimeout: "3",
      timeout: "3",
      retries: "0",
    },
    { topic: "t" },
    10,
  );
  const f = await failure(plan);
  assert.equal(f.code, "RF_BROKER_AUTH_FAILED", f.message);
  assert.match(
    f.message,
    new RegExp(`broker at ${broker.bootstrap.replaceAll(".", "\\.")} refused the login of "alice"`),
  );
  assert.ok(!f.json.includes("s3cret-never-shown"), "no password in the error");
  assert.ok(f.seconds < 20, `gave up in ${f.seconds} s`);
});

test("the broker frozen mid-run: the step fails after the request timeout, and every record it counts as acknowledged is on the topic", async () => {
  const topic = freshTopic("rf_frozen");
  await createTopic(broker.bootstrap, topic, 1);
  const plan = await kafkaPlan(
    { "kafka.bootstrap.servers": broker.bootstrap, connectTimeout: "2", timeout: "2", retries: "1" },
    { topic, rowsPerSecond: "2000" },
    20_000,
  );
  const freeze = setTimeout(() => process.kill(broker.pid, "SIGSTOP"), 2000);
  let r: Awaited<ReturnType<typeof run>>["r"];
  let seconds: number;
  try {
    ({ r, seconds } = await run(plan));
  } finally {
    clearTimeout(freeze);
    process.kill(broker.pid, "SIGCONT");
  }
  assert.equal(r.success, false);
  const step = r.steps[0]!;
  assert.ok(
    ["RF_DELIVERY_FAILED", "RF_BROKER_UNREACHABLE"].includes(step.errorCode ?? ""),
    `${step.errorCode}: ${r.failedReason}`,
  );
  const d = step.delivery!;
  assert.ok(d.acknowledged > 1000 && d.acknowledged < 20_000, `acknowledged ${d.acknowledged}`);
  assert.equal(d.acknowledged + d.failed, d.sent);
  assert.match(r.failedReason ?? "", new RegExp(`${d.acknowledged} of ${d.sent} messages were acknowledged`));
  assert.ok(seconds < 30, `ended in ${seconds} s`);
  // Thawed, the broker holds every acknowledged record (and perhaps some whose answer never came).
  const held = await topicSize(broker.bootstrap, topic);
  assert.ok(
    held >= d.acknowledged && held <= d.sent,
    `topic holds ${held}, acknowledged ${d.acknowledged}, sent ${d.sent}`,
  );
  const ids = (await consumeAll(broker.bootstrap, topic)).map(
    (m) => (JSON.parse(m.value) as { id: number }).id,
  );
  assert.deepEqual(
    ids.slice(0, d.acknowledged),
    Array.from({ length: d.acknowledged }, (_, k) => k),
    "the acknowledged ones, in order",
  );
});

test("the broker killed mid-run: the step fails in bounded time and says exactly how many records were acknowledged", async () => {
  const topic = freshTopic("rf_killed");
  await createTopic(broker.bootstrap, topic, 1);
  // 2,000 a second for 10 s: the broker goes after about 2 s.
  const plan = await kafkaPlan(
    { "kafka.bootstrap.servers": broker.bootstrap, connectTimeout: "2", timeout: "3", retries: "2" },
    { topic, rowsPerSecond: "2000" },
    20_000,
  );
  const killer = setTimeout(() => process.kill(broker.pid, "SIGKILL"), 2000);
  try {
    const { r, seconds } = await run(plan);
    assert.equal(r.success, false);
    const step = r.steps[0]!;
    assert.ok(
      ["RF_DELIVERY_FAILED", "RF_BROKER_UNREACHABLE"].includes(step.errorCode ?? ""),
      `${step.errorCode}: ${r.failedReason}`,
    );
    const delivery = step.delivery!;
    assert.ok(
      delivery.acknowledged > 1000 && delivery.acknowledged < 20_000,
      `acknowledged ${delivery.acknowledged}`,
    );
    assert.equal(
      delivery.acknowledged + delivery.failed,
      delivery.sent,
      "every sent record is acknowledged or failed",
    );
    assert.match(
      r.failedReason ?? "",
      new RegExp(`${delivery.acknowledged} of ${delivery.sent} messages were acknowledged`),
    );
    assert.match(r.failedReason ?? "", new RegExp(broker.bootstrap.replaceAll(".", "\\.")));
    assert.ok(seconds < 30, `ended in ${seconds} s`);
  } finally {
    clearTimeout(killer);
  }
});
