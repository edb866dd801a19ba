import assert from "node:assert/strict";
import { test } from "node:test";
import { thrownText } from "../../../test/support/thrown-text.ts";
import { RABBITMQ_JMS_FACTORY, rabbitOptions } from "./rabbitmq-options.ts";

const read = (o: Record<string, string>, format = "rabbitmq") =>
  rabbitOptions(o, format, 'step "s" (connection "c")');

test("a destination name is a queue on the default exchange; JNDI names map to their queue or to amq.topic", () => {
  const q = read({ url: "amqp://h:5673", destinationName: "orders" });
  assert.deepEqual(
    [q.exchange, q.routingKey, q.queue, q.output],
    ["", "orders", "orders", "amqp://h:5673/%2F/orders"],
  );
  assert.equal(q.where, 'step "s" (connection "c"): queue orders at amqp://h:5673');
  const jq = read({ url: "amqp://h", destinationName: "/JNDI/Q/test_queue" });
  assert.deepEqual([jq.queue, jq.address.port], ["test_queue", 5672]);
  const jt = read({ url: "amqp://h", destinationName: "/JNDI/T/test_topic" });
  assert.deepEqual([jt.exchange, jt.routingKey, jt.queue], ["amq.topic", "test_topic", undefined]);
  const ex = read({ url: "amqp://h", exchange: "events", routingKey: "a.b" });
  assert.deepEqual([ex.exchange, ex.routingKey, ex.queue], ["events", "a.b", undefined]);
});

test("login, virtual host and defaults: the connection's user wins over the URL's; persistent and declared by default", () => {
  const o = read({ url: "amqp://u1:p%40ss@h:1/vh", destinationName: "q" });
  assert.deepEqual([o.user, o.password, o.vhost], ["u1", "p@ss", "vh"]);
  assert.ok(!o.where.includes("p@ss") && !o.output.includes("p%40ss"), "no password in names");
  const p = read({ url: "amqp://u1:x@h", user: "u2", password: "y", virtualHost: "/", destinationName: "q" });
  assert.deepEqual([p.user, p.password, p.vhost, p.persistent, p.declare], ["u2", "y", "/", true, true]);
  const q = read({ url: "amqp://h", destinationName: "q", persistent: "false", declare: "no" });
  assert.deepEqual([q.persistent, q.declare, q.user], [false, false, "guest"]);
});

test("bad options are coded errors naming the step", () => {
  assert.match(
    thrownText(() => read({ destinationName: "q" })),
    /^RF_KEY_MISSING: .*no url option/,
  );
  assert.match(
    thrownText(() => read({ url: "http://h", destinationName: "q" })),
    /^RF_OPTION_INVALID: .*not a amqp or amqps URL/,
  );
  assert.match(
    thrownText(() => read({ url: "amqp://h" })),
    /^RF_KEY_MISSING: step "s" \(connection "c"\) names no queue/,
  );
  assert.match(
    thrownText(() => read({ url: "amqp://h", destinationName: "q", persistent: "maybe" })),
    /RF_OPTION_INVALID: .*persistent must be true or false/,
  );
  assert.match(
    thrownText(() => read({ url: "amqp://h", destinationName: "q", batchSize: "1.5" })),
    /RF_OPTION_INVALID: .*batchSize must be a whole number from 1 to 100000, not "1.5"/,
  );
});

test("a jms connection is served when its factory is RabbitMQ's; Solace's and others are refused by name", () => {
  assert.equal(
    read({ url: "amqp://h", destinationName: "q", connectionFactory: RABBITMQ_JMS_FACTORY }, "jms").queue,
    "q",
  );
  assert.equal(read({ url: "amqp://h", destinationName: "q" }, "jms").queue, "q");
  const solace = thrownText(() =>
    read(
      { url: "smf://solaceserver:55555", connectionFactory: "/jms/cf/default", destinationName: "/JNDI/T/t" },
      "jms",
    ),
  );
  assert.match(
    solace,
    /^RF_CONNECTION_UNSUPPORTED: step "s" \(connection "c"\) is a JMS connection with connection factory "\/jms\/cf\/default"/,
  );
  assert.match(solace, /RabbitMQ only \(connectionFactory com\.rabbitmq\.jms\.admin\.RMQConnectionFactory/);
  assert.match(
    thrownText(() => read({ url: "smf://h:55555", destinationName: "q" }, "jms")),
    /^RF_CONNECTION_UNSUPPORTED: .*url "smf:\/\/h:55555" \(no connectionFactory\)/,
  );
  // Naming no server at all is a missing url (a task bound to no connection), not an unsupported one.
  assert.match(
    thrownText(() => read({ destinationName: "q" }, "jms")),
    /^RF_KEY_MISSING: .* has no url option/,
  );
});
