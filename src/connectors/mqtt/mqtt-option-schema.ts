import { MESSAGE_OPTIONS } from "../messaging/message-option-schema.ts";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/** The options of an MQTT step, its connection's merged in (mqtt-options.ts). */
export const MQTT_OPTIONS = optionObject({
  url: requiredOption(
    "the broker, mqtt://host:port (or tcp; mqtts, ssl or tls for TLS; or brokerUrl); user and password may be in it",
    { examples: ["mqtt://localhost:1883"], starter: true },
  ),
  user: textOption("who logs in (else the URL's user)"),
  password: textOption("the login's password (else the URL's); never shown in messages, logs or reports"),
  topic: textOption("the topic to publish to, no wildcards (or destinationName)", {
    examples: ["accounts"],
    target: true,
  }),
  qos: textOption("0, 1 (default: acknowledged) or 2"),
  retain: textOption("true: the broker keeps each topic's last message (default false)"),
  protocolVersion: textOption("5 (default), 4 (MQTT 3.1.1) or 3"),
  maxInFlight: textOption("sends in flight at once, 1 to 65535 (default 64)"),
  ...MESSAGE_OPTIONS,
});
