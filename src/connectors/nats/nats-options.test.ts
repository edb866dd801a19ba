import assert from "node:assert/strict";
import { test } from "node:test";
import { thrownText } from "../../../test/support/thrown-text.ts";
import { natsOptions } from "./nats-options.ts";

const read = (o: Record<string, string>) => natsOptions(o, 'step "s" (connection "c")');
const failure = (o: Record<string, string>): string => thrownText(() => read(o));

test("NATS options: core publish by default, JetStream when asked with the stream named after the subject", () => {
  const o = read({ url: "nats://h", subject: "orders.eu" });
  assert.deepEqual(
    [o.jetstream, o.createStream, o.address.port, o.output],
    [false, false, 4222, "nats://h:4222/orders.eu"],
  );
  const j = read({ url: "h:5000", subject: "orders.eu", jetstream: "true", createStream: "yes", token: "t" });
  assert.deepEqual(
    [j.jetstream, j.createStream, j.stream, j.token, j.address.shown],
    [true, true, "orders_eu", "t", "nats://h:5000"],
  );
});

test("bad NATS options are coded errors naming the step", () => {
  assert.match(failure({ url: "nats://h" }), /^RF_KEY_MISSING: .*names no subject/);
  assert.match(
    failure({ url: "nats://h", subject: "a", maxInFlight: "2.5" }),
    /^RF_OPTION_INVALID: .*maxInFlight must be a whole number from 1 to 1000, not "2.5"/,
  );
  assert.match(
    failure({ url: "nats://h", subject: "a", batchSize: "10.5" }),
    /batchSize must be a whole number/,
  );
  assert.match(failure({ url: "nats://h", subject: "a.>" }), /^RF_OPTION_INVALID: .*wildcards/);
  assert.match(failure({ url: "nats://h", subject: "a..b" }), /^RF_OPTION_INVALID/);
  assert.match(
    failure({ url: "nats://h", subject: "a", createStream: "true" }),
    /createStream needs jetstream: true/,
  );
});
