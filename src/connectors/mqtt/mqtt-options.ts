import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import {
  type BrokerTarget,
  booleanOption,
  brokerAddress,
  brokerTarget,
  destinationOption,
  numberOption,
} from "../messaging/broker-options.ts";

const MQTT_SCHEMES = { mqtt: 1883, tcp: 1883, mqtts: 8883, ssl: 8883, tls: 8883 } as const;

/** What the MQTT connector reads from a step's options (its connection's merged in). */
export interface MqttOptions extends BrokerTarget {
  readonly topic: string;
  /** 0: sent; 1 (default): acknowledged by PUBACK; 2: PUBREC/PUBCOMP. */
  readonly qos: 0 | 1 | 2;
  readonly retain: boolean;
  /** 5 (default), 4 (3.1.1) or 3 (3.1): user properties (headers) need 5. */
  readonly protocolVersion: 3 | 4 | 5;
  readonly maxInFlight: number;
}

/**
 * Reads MQTT options (a step's, or a connection's alone: `needsTopic` false lets a connection
 * without a topic be tested). `who` names the step or connection in messages.
 */
export function mqttOptions(
  o: Readonly<Record<string, string>>,
  who: string,
  needsTopic = true,
): MqttOptions {
  const address = brokerAddress(o.url ?? o.brokerUrl, MQTT_SCHEMES, who);
  const topic = destinationOption(o, ["topic", "destinationName"], "topic", who, needsTopic);
  if (/[#+]/.test(topic))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${who}: topic "${topic}" has a wildcard (# or +), which MQTT allows only in subscriptions`,
    );
  const where = `${who}: ${topic ? `topic ${topic}` : "MQTT"} at ${address.shown}`;
  const qos = numberOption(o.qos, "qos", where, 1, 0, 2, "whole number");
  const version = numberOption(o.protocolVersion, "protocolVersion", where, 5, 3, 5, "whole number");
  return {
    ...brokerTarget(o, address, where, topic),
    topic,
    qos: qos as 0 | 1 | 2,
    retain: booleanOption(o.retain, "retain", where, false),
    protocolVersion: version as 3 | 4 | 5,
    maxInFlight: numberOption(o.maxInFlight, "maxInFlight", where, 64, 1, 65_535, "whole number"),
  };
}

/** Reads and checks a step's MQTT options (no I/O). */
export const readMqttOptions = (step: ResolvedStep): MqttOptions =>
  mqttOptions(step.step.options, `step "${step.step.name}" (connection "${step.dataSourceName}")`);
