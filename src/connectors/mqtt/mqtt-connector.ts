import type { PreparingConnector } from "../connector.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { connectMqtt, mqttServerVersion } from "./mqtt-client.ts";
import { mqttKind } from "./mqtt-kind.ts";
import { MQTT_OPTIONS } from "./mqtt-option-schema.ts";
import { type MqttOptions, mqttOptions, readMqttOptions } from "./mqtt-options.ts";
import { mqttTransport } from "./mqtt-transport.ts";

/**
 * MQTT (mqtt.js): each row is one message to the step's topic, at QoS 1 by default
 * (acknowledged by PUBACK), MQTT 5 with the row's headers as user properties.
 */
export const mqttConnector: PreparingConnector<MqttOptions> = messageConnector({
  ...mqttKind,
  optionSchema: MQTT_OPTIONS,
  readOptions: readMqttOptions,
  transport: mqttTransport,
  async testConnection(connection) {
    const o = mqttOptions(connection.options, `connection "${connection.name}"`, false);
    const client = await connectMqtt(o);
    try {
      const version = await mqttServerVersion(client);
      return {
        success: true,
        message: `connected to ${version ?? "an MQTT broker"} at ${o.address.shown} (MQTT ${o.protocolVersion === 4 ? "3.1.1" : o.protocolVersion === 3 ? "3.1" : "5"}); MQTT topics need no creation`,
        details: {
          address: o.address.shown,
          protocolVersion: o.protocolVersion,
          ...(version ? { server: version } : {}),
          ...(o.topic ? { topic: o.topic } : {}),
        },
      };
    } finally {
      await client.endAsync(true).catch(() => {});
    }
  },
  cannotDelete: "MQTT messages cannot be taken back once published: delete mode removes nothing",
  cannotReadBack:
    "an MQTT broker keeps no message once it is delivered to the subscribers (at most one retained message per topic)",
});
