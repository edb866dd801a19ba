import type { MqttClient } from "mqtt";
import { RowforgeError } from "../../errors/index.ts";
import { errorCode, UNREACHABLE_CODES, withinBrokerTimeout } from "../messaging/broker-options.ts";
import type { MqttOptions } from "./mqtt-options.ts";

/** CONNACK codes that mean the login was refused: 3.1.1's 4 and 5, MQTT 5's 134, 135 and 140. */
const LOGIN_REFUSED = new Set(["4", "5", "134", "135", "140"]);

/** A coded error for a failed MQTT connect: nothing listening, the login refused, or what the broker said. */
export function mqttError(e: unknown, where: string, address: string): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const code = errorCode(e);
  const reason = e instanceof Error ? e.message : String(e);
  if (code !== undefined && UNREACHABLE_CODES.has(code))
    return new RowforgeError("RF_BROKER_UNREACHABLE", `${where}: nothing answers at ${address} (${code})`);
  if (
    (code !== undefined && LOGIN_REFUSED.has(code)) ||
    /not authori[sz]ed|bad user ?name or password/i.test(reason)
  )
    return new RowforgeError(
      "RF_BROKER_AUTH_FAILED",
      `${where}: the MQTT broker at ${address} refused the login (${reason.replace(/^connection refused:\s*/i, "")})`,
    );
  return new RowforgeError("RF_BROKER_UNREACHABLE", `${where}: MQTT broker at ${address}: ${reason}`);
}

/** Connects and logs in within the connection's connectTimeout (no reconnects), or throws a coded error. */
export async function connectMqtt(o: MqttOptions): Promise<MqttClient> {
  // The client library loads with the first connection, not at every start.
  const { connectAsync } = (await import("mqtt")).default;
  const a = o.address;
  const connecting = connectAsync({
    protocol: a.protocol === "mqtts" || a.protocol === "ssl" || a.protocol === "tls" ? "mqtts" : "mqtt",
    host: a.host,
    port: a.port,
    protocolVersion: o.protocolVersion,
    ...(o.user === undefined ? {} : { username: o.user }),
    ...(o.password === undefined ? {} : { password: o.password }),
    connectTimeout: o.connectTimeoutMs,
    reconnectPeriod: 0,
    clean: true,
  });
  try {
    return await withinBrokerTimeout(connecting, o, "MQTT");
  } catch (e) {
    connecting.then((c) => c.end(true)).catch(() => {});
    throw mqttError(e, o.where, a.shown);
  }
}

/** What the broker says it is (`$SYS/broker/version`, which Mosquitto publishes), or undefined within `ms`. */
export async function mqttServerVersion(client: MqttClient, ms = 2000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), ms);
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === "$SYS/broker/version") done(payload.toString("utf8"));
    };
    const done = (v: string | undefined) => {
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve(v);
    };
    client.on("message", onMessage);
    client.subscribe("$SYS/broker/version", { qos: 0 }, (err) => {
      if (err) done(undefined);
    });
  });
}
