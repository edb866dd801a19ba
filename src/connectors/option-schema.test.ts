import assert from "node:assert/strict";
import { test } from "node:test";
import type { TObject } from "typebox";
import { isRowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { starterKeys } from "./option-schema.ts";
import { loadConnectors } from "./registry.ts";

/** Every registered connector, loaded. */
const CONNECTORS = await loadConnectors();

/** A step of the connector whose options are the examples its option schema gives (less `without`). */
function stepFromExamples(format: string, schema: TObject, without: readonly string[] = []): ResolvedStep {
  const options: Record<string, string> = {};
  for (const [key, value] of Object.entries(schema.properties)) {
    const example = (value as { examples?: readonly string[] }).examples?.[0];
    if (example !== undefined && !without.includes(key)) options[key] = example;
  }
  return {
    taskName: "t",
    dataSourceName: "db",
    format,
    connection: { name: "db", type: format, groupType: "database", options: {} },
    step: {
      name: "accounts",
      type: format,
      options,
      fields: [{ name: "id", type: "int", options: { isPrimaryKey: true }, fields: [] }],
      count: {},
      enabled: true,
    },
  } as unknown as ResolvedStep;
}

test("every connector describes its options, and a step written from the schema's examples passes its check", () => {
  for (const c of CONNECTORS) {
    const schema = c.optionSchema as TObject;
    for (const key of schema.required ?? [])
      assert.ok(
        (schema.properties[key] as { examples?: unknown[] }).examples?.length,
        `${c.name}: required ${key} has an example`,
      );
    assert.doesNotThrow(() => c.check(stepFromExamples(c.formats[0]!, schema)), c.name);
  }
});

test("a required option missing from the step is refused by the check with a coded error", () => {
  for (const c of CONNECTORS) {
    const schema = c.optionSchema as TObject;
    const step = stepFromExamples(c.formats[0]!, schema, schema.required ?? []);
    assert.throws(
      () => c.check(step),
      (e) => isRowforgeError(e) && e.code === "RF_KEY_MISSING",
      c.name,
    );
  }
});

test("a new connection starts with the options its connector's schema marks starter: where the server is and who logs in", () => {
  assert.deepEqual(Object.fromEntries(CONNECTORS.map((c) => [c.name, starterKeys(c.optionSchema)])), {
    file: ["path"],
    postgres: ["url", "user", "password"],
    mysql: ["url", "user", "password"],
    cassandra: ["host", "user", "password", "keyspace"],
    http: ["url"],
    kafka: ["url"],
    rabbitmq: ["url", "user", "password"],
    mqtt: ["url"],
    nats: ["url"],
  });
});
