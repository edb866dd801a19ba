import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { before, test } from "node:test";
import avro from "avsc";
import protobuf from "protobufjs";
import { fixtureDir } from "../support/fixture-dir.ts";
import { consumeAll, deleteTopic, freshTopic } from "../support/kafka-topics.ts";
import { runCli } from "../support/run-cli.ts";
import { runCliInProcess } from "../support/run-cli-in-process.ts";

import {
  kafkaFacts,
  SCHEMA_REGISTRY_SERVER,
  schemaRegistryFacts,
  startInBackground,
} from "../support/servers.ts";

/**
 * Kafka steps whose fields come from an Avro or Protobuf schema send their values in that
 * schema's binary encoding: 2,000 records per schema (every union branch, oneof member, null and
 * nested shape many times over), consumed back from the test run's broker and decoded by
 * independent decoders (avsc for Avro, protobufjs for Protobuf, each reading the schema file
 * itself), every value valid and equal to what `rowforge sample` prints for the same seed and
 * reference time. The tests after them use the run's schema registry.
 *
 * Those two runs are the user's `rowforge` process; the samples and the registry tests' commands
 * go through the CLI's entry in this process (a Node started for each cost more than its command,
 * and what they test is the values and the registry's answers, not the process around them).
 */

const SCHEMAS = join(import.meta.dirname, "..", "metadata", "schemas");
const ROWS = 2_000;
const SEED = "23";
const NOW = "2026-11-01T00:00:00Z";

async function runAndSample(step: string): Promise<Record<string, unknown>[]> {
  const dir = fixtureDir({
    "task.yaml": `name: values\nsteps:\n${step}`,
    // All rows in one sample: the Protobuf message's address fields take values by their names
    // (faker calls, 256 bytes each at worst), whose worst case the sample's budget must allow.
    "application.conf": "budget { maxBytesPerSample = 268435456 }\n",
  });
  const common = ["--seed", SEED, "--now", NOW];
  const run = runCli(["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "-q", ...common], {
    cwd: dir,
    timeoutMs: 180_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const sample = await runCliInProcess(
    ["sample", join(dir, "task.yaml"), "-n", String(ROWS), "-f", "json", ...common],
    { cwd: dir },
  );
  assert.equal(sample.status, 0, sample.stderr);
  return sample.stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

// The registry's start (a JVM: half a minute on a loaded machine) overlaps the first tests,
// which need only Kafka; schemaRegistryFacts() later finds it up or waits for its start.
before(() => startInBackground(SCHEMA_REGISTRY_SERVER));

const kafkaStep = (topic: string, options: string) =>
  `  - name: events\n    type: kafka\n    count: {records: ${ROWS}}\n    options: {topic: ${topic}, kafka.bootstrap.servers: "${kafkaFacts().bootstrap}", ${options}}\n    fields:\n      - {name: key, type: long, options: {sql: '__index_inc'}}\n`;

// ------------------------------------------------------------------ Avro

type Avro = string | Avro[] | { [k: string]: unknown };

/** A decoded Avro value in the form `rowforge sample` prints (dates and timestamps as text, bytes as base64, decimals as numbers). */
function avroAsSample(schema: Avro, v: unknown, named: Map<string, Avro>): unknown {
  if (Array.isArray(schema)) {
    if (v === null) return null;
    const branch = schema.find((b) => b !== "null")!;
    return avroAsSample(branch, v, named);
  }
  if (typeof schema === "string") {
    const n = named.get(schema) ?? [...named.entries()].find(([k]) => k.endsWith(`.${schema}`))?.[1];
    if (n) return avroAsSample(n, v, named);
    if (schema === "bytes") return (v as Buffer).toString("base64");
    return v;
  }
  const s = schema as Record<string, unknown>;
  if (typeof s.name === "string") named.set(s.name, s);
  const logical = s.logicalType;
  if (logical === "decimal") {
    const b = v as Buffer;
    let x = 0n;
    for (const byte of b) x = (x << 8n) | BigInt(byte);
    if (b.length > 0 && b[0]! >= 128) x -= 1n << BigInt(8 * b.length);
    return Number(x) / 10 ** Number(s.scale ?? 0);
  }
  if (logical === "timestamp-millis") return new Date(v as number).toISOString();
  if (logical === "timestamp-micros") return new Date(Math.floor((v as number) / 1000)).toISOString();
  if (logical === "date") return new Date((v as number) * 86_400_000).toISOString().slice(0, 10);
  switch (s.type) {
    case "record": {
      const o: Record<string, unknown> = {};
      for (const f of s.fields as { name: string; type: Avro }[])
        o[f.name] = avroAsSample(f.type, (v as Record<string, unknown>)[f.name], named);
      return o;
    }
    case "array":
      return (v as unknown[]).map((x) => avroAsSample(s.items as Avro, x, named));
    case "map":
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [
          k,
          avroAsSample(s.values as Avro, x, named),
        ]),
      );
    case "fixed":
    case "bytes":
      return (v as Buffer).toString("base64");
    default:
      return typeof s.type === "string" ? avroAsSample(s.type, v, named) : v;
  }
}

test("Avro values: 2,000 records of a nested schema read back valid by avsc, equal to the sample", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_avro");
  const file = join(SCHEMAS, "order-event.avsc");
  try {
    const rows = await runAndSample(kafkaStep(topic, `metadataSourceType: avro, schemaLocation: ${file}`));
    const schema = JSON.parse(readFileSync(file, "utf8")) as Avro;
    const type = avro.Type.forSchema(schema as avro.Schema);
    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, ROWS);
    const byKey = new Map(rows.map((r) => [String(r.key), r]));
    let invalid = 0;
    let different = 0;
    let firstProblem = "";
    for (const m of got) {
      let decoded: unknown;
      try {
        decoded = type.fromBuffer(m.valueBytes);
      } catch (e) {
        invalid++;
        firstProblem ||= `key ${m.key}: ${(e as Error).message}`;
        continue;
      }
      if (!type.isValid(decoded)) {
        invalid++;
        continue;
      }
      const { key, ...expected } = byKey.get(m.key ?? "")!;
      const actual = avroAsSample(schema, decoded, new Map());
      try {
        assert.deepEqual(actual, expected);
      } catch (e) {
        different++;
        firstProblem ||= `key ${key}: ${(e as Error).message.slice(0, 600)}`;
      }
    }
    assert.equal(invalid, 0, `${invalid} of ${ROWS} values do not decode as the schema: ${firstProblem}`);
    assert.equal(different, 0, `${different} of ${ROWS} values differ from the sample: ${firstProblem}`);
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});

// ------------------------------------------------------------------ Protobuf

test("Protobuf values: 2,000 CustomerUpdated messages read back by protobufjs, verified, equal to the sample", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_proto");
  const file = join(SCHEMAS, "proto", "customer.proto");
  try {
    const rows = await runAndSample(
      kafkaStep(topic, `metadataSourceType: protobuf, schemaLocation: ${file}, messageName: CustomerUpdated`),
    );
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      target.startsWith("google/") || isAbsolute(target) ? target : join(dirname(origin), target);
    root.loadSync(file, { keepCase: true });
    const T = root.lookupType("shop.customers.CustomerUpdated");
    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, ROWS);
    const byKey = new Map(rows.map((r) => [String(r.key), r]));
    let invalid = 0;
    let different = 0;
    let firstProblem = "";
    for (const m of got) {
      let msg: protobuf.Message;
      try {
        msg = T.decode(m.valueBytes);
      } catch (e) {
        invalid++;
        firstProblem ||= `key ${m.key}: ${(e as Error).message}`;
        continue;
      }
      const problem = T.verify(msg);
      if (problem !== null) {
        invalid++;
        firstProblem ||= `key ${m.key}: ${problem}`;
        continue;
      }
      const o = T.toObject(msg, {
        longs: Number,
        enums: String,
        bytes: String,
        oneofs: true,
        defaults: true,
      }) as Record<string, unknown>;
      const { key, ...row } = byKey.get(m.key ?? "")!;
      const expected = protoExpected(row);
      const actual = protoActual(o);
      try {
        assert.deepEqual(actual, expected);
      } catch (e) {
        different++;
        firstProblem ||= `key ${key}: ${(e as Error).message.slice(0, 600)}`;
      }
    }
    assert.equal(invalid, 0, `${invalid} of ${ROWS} values do not decode or verify: ${firstProblem}`);
    assert.equal(different, 0, `${different} of ${ROWS} values differ from the sample: ${firstProblem}`);
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});

/** A sample row as the message carries it, nulls absent: the oneof's other member is null in the sample too. */
function protoExpected(row: Record<string, unknown>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v === null) continue;
    o[k] = dropNulls(v);
  }
  return o;
}

const dropNulls = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(dropNulls)
    : typeof v === "object" && v !== null
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== null)
            .map(([k, x]) => [k, dropNulls(x)]),
        )
      : v;

/** A decoded message in the sample's form: timestamps as text, wrappers unwrapped, the oneof's name dropped. */
function protoActual(o: Record<string, unknown>): Record<string, unknown> {
  const out = dropNulls(o) as Record<string, unknown>;
  delete out.contact;
  const ts = o.updated_at as { seconds: number; nanos: number } | undefined;
  if (ts)
    out.updated_at = new Date((ts.seconds ?? 0) * 1000 + Math.floor((ts.nanos ?? 0) / 1e6)).toISOString();
  if (o.referrer !== undefined && o.referrer !== null)
    out.referrer = (o.referrer as { value?: string }).value ?? "";
  return out;
}

test("a registry's wire format is refused clearly when the registry cannot be reached", async () => {
  const topic = freshTopic("rf_reg");
  const dir = fixtureDir({
    "task.yaml": `name: reg\nsteps:\n${kafkaStep(topic, `metadataSourceType: avro, schemaLocation: ${join(SCHEMAS, "order-event.avsc")}, schema.registry.url: "http://127.0.0.1:9"`).replace(`records: ${ROWS}`, "records: 5")}`,
  });
  const r = await runCliInProcess(["run", join(dir, "task.yaml"), "--home", join(dir, "home")], { cwd: dir });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /RF_SCHEMA_REGISTRY/);
  assert.match(
    r.stderr,
    /schema registry at http:\/\/127\.0\.0\.1:9 did not answer POST \/subjects\/rf_reg_[0-9a-f]+-value\/versions/,
  );
});

// ------------------------------------------------------------------ Schema registry

/** GET on the registry's Confluent API. */
async function registryGet(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${schemaRegistryFacts().url}${path}`);
  assert.equal(res.status, 200, `GET ${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as Record<string, unknown>;
}

test("schema registry round trip (a real Apicurio Registry, its Confluent API): values registered under <topic>-value carry the wire format, and the schema fetched back by id decodes each", async () => {
  const { bootstrap } = kafkaFacts();
  const registry = schemaRegistryFacts().url;
  const records = 500;
  for (const [kind, file, message] of [
    ["avro", join(SCHEMAS, "order-event.avsc"), ""],
    ["protobuf", join(SCHEMAS, "proto", "payment.proto"), ", messageName: PaymentSettled"],
  ] as const) {
    const topic = freshTopic(`rf_sr_${kind}`);
    try {
      const step = kafkaStep(
        topic,
        `metadataSourceType: ${kind}, schemaLocation: ${file}${message}, schema.registry.url: "${registry}"`,
      ).replace(`records: ${ROWS}`, `records: ${records}`);
      const dir = fixtureDir({ "task.yaml": `name: reg\nsteps:\n${step}` });
      const r = await runCliInProcess(
        ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "-q", "--seed", SEED],
        { cwd: dir },
      );
      assert.equal(r.status, 0, r.stderr);
      // The registry holds the schema under the topic's subject, as the file has it.
      const latest = await registryGet(`/subjects/${topic}-value/versions/latest`);
      assert.equal(latest.schema, readFileSync(file, "utf8"));
      const id = latest.id as number;
      const byId = (await registryGet(`/schemas/ids/${id}`)).schema as string;
      const got = await consumeAll(bootstrap, topic);
      assert.equal(got.length, records);
      let bad = 0;
      let first = "";
      if (kind === "avro") {
        const type = avro.Type.forSchema(JSON.parse(byId) as avro.Schema);
        for (const m of got) {
          const v = m.valueBytes;
          try {
            assert.equal(v[0], 0, "magic byte");
            assert.equal(v.readUInt32BE(1), id, "schema id");
            if (!type.isValid(type.fromBuffer(v.subarray(5)))) throw new Error("not valid");
          } catch (e) {
            bad++;
            first ||= (e as Error).message;
          }
        }
      } else {
        const root = new protobuf.Root();
        const parsed = protobuf.parse(byId, root, { keepCase: true });
        for (const i of parsed.imports ?? []) root.loadSync(i, { keepCase: true });
        const T = root.lookupType("shop.payments.PaymentSettled");
        for (const m of got) {
          const v = m.valueBytes;
          try {
            assert.equal(v[0], 0, "magic byte");
            assert.equal(v.readUInt32BE(1), id, "schema id");
            assert.equal(v[5], 0, "message indexes: the file's first message");
            const problem = T.verify(T.decode(v.subarray(6)));
            if (problem) throw new Error(problem);
          } catch (e) {
            bad++;
            first ||= (e as Error).message;
          }
        }
      }
      assert.equal(
        bad,
        0,
        `${kind}: ${bad} of ${records} values are not in the wire format or do not decode: ${first}`,
      );
      // A second run finds the schema registered already: the same id.
      const again = await runCliInProcess(
        ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "-q", "--seed", SEED],
        { cwd: dir },
      );
      assert.equal(again.status, 0, again.stderr);
      const versions = (await (
        await fetch(`${registry}/subjects/${topic}-value/versions`)
      ).json()) as number[];
      assert.deepEqual(versions, [1], "registering the same schema again adds no version");
    } finally {
      await deleteTopic(bootstrap, topic);
    }
  }
});

test("a subject the registry does not have, with auto-registering off, fails the step before a row is sent, saying what the registry answered", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_sr_missing");
  const step = kafkaStep(
    topic,
    `metadataSourceType: avro, schemaLocation: ${join(SCHEMAS, "order-event.avsc")}, schema.registry.url: "${schemaRegistryFacts().url}", auto.register.schemas: "false"`,
  ).replace(`records: ${ROWS}`, "records: 10");
  const dir = fixtureDir({ "task.yaml": `name: reg\nsteps:\n${step}` });
  try {
    const r = await runCliInProcess(["run", join(dir, "task.yaml"), "--home", join(dir, "home")], {
      cwd: dir,
    });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /RF_SCHEMA_REGISTRY/);
    assert.match(r.stderr, new RegExp(`answered POST /subjects/${topic}-value with 404`));
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});

test("a schema registry as metadata source: the fields of a subject's latest Avro schema, sent with that schema's id; a Protobuf schema by id", async () => {
  const { bootstrap } = kafkaFacts();
  const registry = schemaRegistryFacts().url;
  const subject = freshTopic("rf_sr_subject");
  const avsc = readFileSync(join(SCHEMAS, "order-event.avsc"), "utf8");
  const register = async (s: string, body: Record<string, string>) => {
    const res = await fetch(`${registry}/subjects/${s}/versions`, {
      method: "POST",
      headers: { "content-type": "application/vnd.schemaregistry.v1+json" },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { id: number }).id;
  };
  const avroId = await register(subject, { schema: avsc });
  const protoId = await register(`${subject}-proto`, {
    schema: readFileSync(join(SCHEMAS, "proto", "payment.proto"), "utf8"),
    schemaType: "PROTOBUF",
  });
  const topic = freshTopic("rf_sr_source");
  try {
    const step = kafkaStep(
      topic,
      `metadataSourceType: confluentSchemaRegistry, metadataSourceUrl: "${registry}", schemaRegistrySubject: ${subject}`,
    ).replace(`records: ${ROWS}`, "records: 500");
    const dir = fixtureDir({ "task.yaml": `name: reg\nsteps:\n${step}` });
    const r = await runCliInProcess(["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "-q"], {
      cwd: dir,
    });
    assert.equal(r.status, 0, r.stderr);
    const type = avro.Type.forSchema(JSON.parse(avsc) as avro.Schema);
    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, 500);
    for (const m of got) {
      assert.equal(m.valueBytes.readUInt32BE(1), avroId);
      assert.ok(type.isValid(type.fromBuffer(m.valueBytes.subarray(5))));
    }
    // A Protobuf schema by id: its message's fields (sampled, nothing sent).
    const byId = fixtureDir({
      "task.yaml": `name: reg\nsteps:\n  - name: p\n    type: json\n    options: {path: out, metadataSourceType: confluentSchemaRegistry, metadataSourceUrl: "${registry}", schemaId: ${protoId}}\n`,
    });
    const sample = await runCliInProcess(["sample", join(byId, "task.yaml"), "-n", "3", "-f", "json"], {
      cwd: byId,
    });
    assert.equal(sample.status, 0, sample.stderr);
    const row = JSON.parse(sample.stdout.split("\n")[0]!) as Record<string, unknown>;
    // The oneof method's own field is left out; one of its members is set.
    assert.deepEqual(Object.keys(row).slice(0, 4), ["payment_id", "order_id", "amount_cents", "currency"]);
    assert.equal([row.card_token, row.iban].filter((v) => v !== null && v !== undefined).length, 1);
    assert.ok(["EUR", "USD", "GBP", "CURRENCY_UNSPECIFIED"].includes(String(row.currency)));
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});
