import { MESSAGE_OPTIONS } from "../messaging/message-option-schema.ts";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/** The options of a NATS step, its connection's merged in (nats-options.ts). */
export const NATS_OPTIONS = optionObject({
  url: requiredOption(
    "the server, nats://host:port (tls for TLS; or servers); user and password may be in it",
    {
      examples: ["nats://localhost:4222"],
      starter: true,
    },
  ),
  user: textOption("who logs in (else the URL's user)"),
  password: textOption("the login's password (else the URL's); never shown in messages, logs or reports"),
  token: textOption("a login token instead of user and password; never shown"),
  subject: textOption("the subject to publish to, no wildcards (or topic, destinationName)", {
    examples: ["accounts"],
    target: true,
  }),
  jetstream: textOption("true: publish to JetStream and wait for each acknowledgement (default false)"),
  createStream: textOption("true (with jetstream): create the stream when it is missing (default false)"),
  stream: textOption("the JetStream stream (default: the subject with . * > as _)"),
  batchSize: textOption("messages per send, 1 to 100000 (default 512, 64 with jetstream)"),
  maxInFlight: textOption("sends in flight at once, 1 to 1000 (default 64)"),
  ...MESSAGE_OPTIONS,
});
