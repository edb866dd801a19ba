// rowforge-test: alone (connection tests answered within 4 s)
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { testConnection } from "../../src/app/connections/test-connection.ts";
import type { Connection } from "../../src/model/connection.ts";
import { freshName, natsOptions, rabbitOptions, withRabbitChannel } from "../support/broker-clients.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { mqttFacts, natsFacts, rabbitmqFacts } from "../support/servers.ts";

const conn = (type: string, options: Record<string, string>, name = "c"): Connection => ({
  name,
  type,
  groupType: "messaging",
  options,
});

test("RabbitMQ: the broker's product and version, whether the queue exists; Solace's JMS factory and a wrong password are clear failures without the password", async () => {
  const queue = freshName("rf_ct");
  await withRabbitChannel((ch) => ch.assertQueue(queue, { durable: false, autoDelete: false }));
  const up = await testConnection(conn("rabbitmq", rabbitOptions(queue)), OPEN_ACCESS);
  assert.equal(up.success, true, up.message);
  assert.match(String(up.details.server), /^RabbitMQ \d+\.\d+/);
  assert.equal(up.details.destinationExists, true);
  assert.equal(up.details.messages, 0);
  assert.match(up.message, /^connected to RabbitMQ [\d.]+ at amqp:\/\/127\.0\.0\.1:\d+, virtual host "\/"$/);

  const jms = await testConnection(
    conn("jms", {
      ...rabbitOptions(freshName("rf_ct")),
      connectionFactory: "com.rabbitmq.jms.admin.RMQConnectionFactory",
    }),
    OPEN_ACCESS,
  );
  assert.equal(jms.success, true, jms.message);
  assert.equal(jms.details.destinationExists, false);
  assert.match(jms.message, /its queue does not exist yet \(a run declares it\)/);

  const solace = await testConnection(
    conn(
      "jms",
      {
        url: "smf://127.0.0.1:55555",
        connectionFactory: "/jms/cf/default",
        user: "admin",
        password: "sol-secret",
      },
      "solace",
    ),
    OPEN_ACCESS,
  );
  assert.equal(solace.success, false);
  assert.equal(solace.details.code, "RF_CONNECTION_UNSUPPORTED");
  assert.match(
    solace.message,
    /connection "solace" is a JMS connection with connection factory "\/jms\/cf\/default"/,
  );

  const wrong = await testConnection(
    conn("rabbitmq", { ...rabbitOptions(queue), password: "wrong-secret" }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.success, false);
  assert.equal(wrong.details.code, "RF_BROKER_AUTH_FAILED");
  assert.ok(
    !JSON.stringify(wrong).includes("wrong-secret") && !JSON.stringify(up).includes(rabbitmqFacts().password),
  );
});

test("MQTT: the broker's version ($SYS/broker/version); a wrong password fails coded", async () => {
  const f = mqttFacts();
  const up = await testConnection(
    conn("mqtt", { url: f.url, user: f.user, password: f.password }),
    OPEN_ACCESS,
  );
  assert.equal(up.success, true, up.message);
  assert.match(String(up.details.server), /^mosquitto version 2\./);
  assert.match(up.message, /MQTT topics need no creation/);
  const wrong = await testConnection(
    conn("mqtt", { url: f.url, user: f.user, password: "wrong-secret" }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.success, false);
  assert.equal(wrong.details.code, "RF_BROKER_AUTH_FAILED");
  assert.ok(!JSON.stringify(wrong).includes("wrong-secret"));
});

test("NATS: the server's version and JetStream; a JetStream subject without a stream is a failure naming it", async () => {
  const up = await testConnection(conn("nats", natsOptions("")), OPEN_ACCESS);
  assert.equal(up.success, true, up.message);
  assert.match(String(up.details.server), /^nats-server 2\./);
  assert.equal(up.details.jetstream, true);
  const subject = `rf.ct.${freshName()}`;
  const none = await testConnection(conn("nats", natsOptions(subject, { jetstream: "true" })), OPEN_ACCESS);
  assert.equal(none.success, false);
  assert.equal(none.details.destinationExists, false);
  assert.match(
    none.message,
    new RegExp(`no JetStream stream takes subject ${subject.replaceAll(".", "\\.")}`),
  );
  const wrong = await testConnection(
    conn("nats", { ...natsOptions(""), password: "wrong-secret" }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.details.code, "RF_BROKER_AUTH_FAILED", wrong.message);
  assert.ok(!JSON.stringify(wrong).includes(natsFacts().password));
});

test("a broker port that accepts the connection but never answers is given up after connectTimeout, naming host:port", async () => {
  const silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    for (const [type, url] of [
      ["rabbitmq", `amqp://127.0.0.1:${port}`],
      ["mqtt", `mqtt://127.0.0.1:${port}`],
      ["nats", `nats://127.0.0.1:${port}`],
    ] as const) {
      const started = performance.now();
      const r = await testConnection(
        conn(type, { url, user: "u", password: "pw-silent", connectTimeout: "1", queue: "q" }),
        OPEN_ACCESS,
      );
      const ms = performance.now() - started;
      assert.equal(r.success, false, type);
      assert.equal(r.details.code, "RF_BROKER_UNREACHABLE", `${type}: ${r.message}`);
      assert.match(r.message, new RegExp(`127\\.0\\.0\\.1:${port}`), type);
      assert.ok(ms < 4000, `${type} took ${ms} ms`);
    }
  } finally {
    silent.close();
  }
});
