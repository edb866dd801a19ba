import {
  freshName,
  idsOfJson,
  mqttOptions,
  mqttReceiver,
  type Receiver,
  settled,
} from "../support/broker-clients.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

const receivers = new Map<string, Receiver>();

/** What a topic's subscriber received once nothing more arrives (then it unsubscribes). */
async function receivedOn(topic: string) {
  const r = receivers.get(topic);
  if (!r) return [];
  const got = await settled(r);
  receivers.delete(topic);
  await r.close();
  return got;
}

/**
 * MQTT destinations: a fresh topic each on the shared broker, with a subscriber (QoS 1) listening
 * before the run publishes (a broker keeps nothing for a later reader). What was acknowledged
 * before an abort was delivered.
 */
export const mqttConnectorFixture: ConnectorFixture = {
  destination: () => mqttOptions(`rf/suite/${freshName()}`),
  async ready(options) {
    receivers.set(options.topic!, await mqttReceiver(options.topic!));
  },
  readIds: async (_format, options) => idsOfJson((await receivedOn(options.topic!)).map((m) => m.body)),
  contents: async (options) => (await receivedOn(options.topic!)).map((m) => m.body.toString("utf8")),
  keepsRowsOnAbort: true,
};
