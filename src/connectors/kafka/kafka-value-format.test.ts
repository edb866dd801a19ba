import assert from "node:assert/strict";
import { test } from "node:test";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { readValueEncoding, wirePrefix } from "./kafka-value-format.ts";

const stepWith = (options: Record<string, string>): ResolvedStep =>
  ({
    taskName: "t",
    dataSourceName: "k",
    format: "kafka",
    step: { name: "events", type: "kafka", options, fields: [], count: {}, enabled: true },
  }) as unknown as ResolvedStep;

const kindOf = (o: Record<string, string>) => readValueEncoding(stepWith(o), 'step "events"')?.kind;

test("the value encoding as users ask for it: valueFormat, a Confluent serializer class, the metadata source, the schema file's extension", () => {
  assert.equal(kindOf({ valueFormat: "avro", schemaLocation: "a.avsc" }), "avro");
  assert.equal(
    kindOf({ valueFormat: "json", schemaLocation: "a.avsc" }),
    undefined,
    "json wins over the schema",
  );
  assert.equal(
    kindOf({
      "value.serializer": "io.confluent.kafka.serializers.protobuf.KafkaProtobufSerializer",
      schemaLocation: "c.proto",
    }),
    "protobuf",
  );
  assert.equal(kindOf({ metadataSourceType: "avro", schemaLocation: "x/y.json" }), "avro");
  assert.equal(kindOf({ schemaLocation: "schemas/customer.proto" }), "protobuf");
  assert.equal(kindOf({ schemaLocation: "schemas/order.avsc" }), "avro");
  assert.equal(kindOf({ topic: "t" }), undefined);
  assert.throws(
    () => kindOf({ valueFormat: "avor" }),
    (e: Error & { code?: string; hint?: string }) =>
      e.code === "RF_OPTION_INVALID" && /valueFormat "avor"/.test(e.message) && /avro/.test(e.hint ?? ""),
  );
  assert.throws(
    () => kindOf({ valueFormat: "protobuf" }),
    (e: Error & { code?: string }) => e.code === "RF_KEY_MISSING" && /names no schema/.test(e.message),
  );
});

test("registry options: the URL's login is kept out of the URL, the subject defaults to the topic's", () => {
  const e = readValueEncoding(
    stepWith({ schemaLocation: "a.avsc", "schema.registry.url": "http://u:s3cret@localhost:8081/" }),
    "s",
  );
  assert.equal(e?.registry?.url, "http://localhost:8081");
  assert.equal(e?.registry?.auth, "u:s3cret");
  assert.equal(e?.registry?.autoRegister, true);
  assert.throws(
    () =>
      readValueEncoding(stepWith({ schemaLocation: "a.avsc", schemaRegistryUrl: "http://u:pw@[bad" }), "s"),
    (err: Error) => /is not a URL/.test(err.message) && !err.message.includes("pw"),
  );
});

test("Confluent wire format: magic byte, big-endian id, Protobuf message indexes (the first message as one 0)", () => {
  assert.equal(wirePrefix(1, undefined), "0000000001");
  assert.equal(wirePrefix(0x01020304, []), "0001020304");
  assert.equal(wirePrefix(5, [0]), "000000000500");
  // [1, 2]: count 2 and each index, zigzag varints.
  assert.equal(wirePrefix(5, [1, 2]), "0000000005040204");
});
