import assert from "node:assert/strict";
import { test } from "node:test";
import { thrownText } from "../../../test/support/thrown-text.ts";
import { mqttOptions } from "./mqtt-options.ts";

const read = (o: Record<string, string>) => mqttOptions(o, 'step "s" (connection "c")');
const failure = (o: Record<string, string>): string => thrownText(() => read(o));

test("MQTT options: QoS 1, MQTT 5 and no retain by default; the URL's port or 1883", () => {
  const o = read({ url: "mqtt://h", topic: "a/b", user: "u", password: "p" });
  assert.deepEqual(
    [o.qos, o.protocolVersion, o.retain, o.address.port, o.output],
    [1, 5, false, 1883, "mqtt://h:1883/a/b"],
  );
  assert.equal(o.where, 'step "s" (connection "c"): topic a/b at mqtt://h:1883');
  const q = read({ url: "tcp://h:1999", topic: "t", qos: "2", retain: "true", protocolVersion: "4" });
  assert.deepEqual([q.qos, q.retain, q.protocolVersion, q.address.shown], [2, true, 4, "tcp://h:1999"]);
});

test("bad MQTT options are coded errors naming the step", () => {
  assert.match(failure({ url: "mqtt://h" }), /^RF_KEY_MISSING: .*names no topic/);
  assert.match(failure({ url: "mqtt://h", topic: "a/#" }), /^RF_OPTION_INVALID: .*wildcard/);
  assert.match(
    failure({ url: "mqtt://h", topic: "t", qos: "3" }),
    /^RF_OPTION_INVALID: .*qos must be a whole number from 0 to 2/,
  );
  assert.match(
    failure({ url: "mqtt://h", topic: "t", qos: "1.5" }),
    /qos must be a whole number from 0 to 2/,
  );
  // Counts are whole numbers: a fraction is refused, not rounded or used as it is.
  assert.match(
    failure({ url: "mqtt://h", topic: "t", maxInFlight: "2.5" }),
    /^RF_OPTION_INVALID: .*maxInFlight must be a whole number from 1 to 65535, not "2.5"/,
  );
  assert.match(failure({ url: "amqp://h", topic: "t" }), /^RF_OPTION_INVALID: .*not a mqtt/);
});
