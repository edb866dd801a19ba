import { MESSAGE_OPTIONS } from "../messaging/message-option-schema.ts";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/**
 * The options of a Kafka step (its connection's merged in): Data Caterer's names, the Java
 * client's (`kafka.`-prefixed or not) read as well (kafka-options.ts, kafka-value-format.ts,
 * schema-registry-client.ts).
 */
export const KAFKA_OPTIONS = optionObject({
  url: textOption(
    "the bootstrap brokers, host:port,host:port (or kafka.bootstrap.servers, bootstrap.servers, bootstrapServers); the port defaults to 9092",
    { examples: ["localhost:9092"], starter: true },
  ),
  topic: requiredOption(
    "the topic every row goes to (or kafka.topic); without it, a topic field names each row's",
    { examples: ["accounts"], target: true },
  ),
  user: textOption("the SASL login (or username, kafka.sasl.username, the JAAS line's username)"),
  password: textOption(
    "the SASL login's password (or kafka.sasl.password, the JAAS line's); never shown in messages, logs or reports",
  ),
  "kafka.security.protocol": textOption(
    "PLAINTEXT (default), SSL, SASL_PLAINTEXT or SASL_SSL (or security.protocol)",
  ),
  "kafka.sasl.mechanism": textOption(
    "PLAIN (default), SCRAM-SHA-256 or SCRAM-SHA-512 (or sasl.mechanism, saslMechanism)",
  ),
  "kafka.sasl.jaas.config": textOption("a JAAS line giving username and password (or sasl.jaas.config)"),
  acks: textOption("all (default), 1 or 0: which brokers confirm a send (or kafka.acks)"),
  compression: textOption("none (default), gzip, snappy, lz4 or zstd (or compression.type)"),
  idempotent: textOption(
    "true: an idempotent producer, which needs acks all (or enable.idempotence; default false)",
  ),
  batchSize: textOption(
    "bytes of records per produce request, 1024 to 64 MiB (or batch.size; default 524288); must stay under the broker's message.max.bytes",
  ),
  chunkRows: textOption("rows per send, 1 to 1000000 (default 2000)"),
  maxInFlight: textOption(
    "sends in flight at once, 1 to 1000, at most 5 when idempotent (or max.in.flight.requests.per.connection; default 5)",
  ),
  timeout: textOption("seconds a request may take, 1 to 3600 (or requestTimeout; default 30)"),
  retries: textOption("retries of a failed request, 0 to 100 (default 3)"),
  valueFormat: textOption(
    "json (default), avro or protobuf (or value.format, valueSerde; an Avro or Protobuf value.serializer or schema implies it)",
  ),
  schemaLocation: textOption(
    "the .avsc or .proto file the values follow (or avroSchemaFile, protobufSchemaFile)",
  ),
  importPaths: textOption(
    "Protobuf: folders imports are looked for in besides the file's own, comma-separated",
  ),
  "schema.registry.url": textOption("the schema registry values are registered with (or schemaRegistryUrl)", {
    examples: ["http://localhost:8081"],
  }),
  "basic.auth.user.info": textOption(
    "the registry's login as user:password (or schemaRegistryUser, schemaRegistryPassword); never shown",
  ),
  schemaRegistrySubject: textOption("the registry subject (default: the topic's value subject)"),
  "auto.register.schemas": textOption("false: use the schema already registered (default true)"),
  schemaId: textOption("the registered schema's id to write with (instead of a schema file)"),
  ...MESSAGE_OPTIONS,
});
