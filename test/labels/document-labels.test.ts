import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

/** A JSON Schema whose fields have only types, except one that names its own format. */
const SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["customerEmail", "first_name", "age", "country_code", "created_at", "contact", "website"],
  properties: {
    customerEmail: { type: "string" },
    first_name: { type: "string", maxLength: 30 },
    age: { type: "integer", minimum: 0, maximum: 40 },
    country_code: { type: "string", maxLength: 2 },
    created_at: { type: "string", format: "date-time" },
    website: { type: "string", pattern: "^ftp://[a-z]+$" },
    contact: { type: "object", required: ["phone"], properties: { phone: { type: "string" } } },
  },
};

const sample = async (extraOptions = "") => {
  const dir = fixtureDir({
    "schema.json": JSON.stringify(SCHEMA),
    "task.yaml": `name: t\nsteps:\n  - name: people\n    type: json\n    options: {path: out, metadataSourceType: jsonSchema, jsonSchemaFile: ${join("schema.json")}${extraOptions}}\n`,
  });
  const r = await runCliAsync(
    ["sample", join(dir, "task.yaml"), "-n", "50", "--format", "json", "--seed", "4"],
    {
      cwd: dir,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
};

test("a document's fields with only a type get values by their names, within the document's own bounds; a field with a pattern keeps it", async () => {
  const rows = await sample();
  assert.equal(rows.length, 50);
  for (const row of rows) {
    assert.match(String(row.customerEmail), /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    assert.match(String(row.first_name), /^[\p{L}][\p{L} .'-]*$/u);
    assert.ok(
      Number(row.age) >= 18 && Number(row.age) <= 40,
      `age ${row.age}: a person's age within the schema's maximum`,
    );
    assert.match(String(row.country_code), /^[A-Z]{2}$/);
    assert.match(String(row.website), /^ftp:\/\/[a-z]+$/, "the schema's pattern wins over the url label");
    assert.match(
      String((row.contact as { phone: string }).phone),
      /^[0-9 ()+.x-]{7,}$/,
      "inside objects too",
    );
  }
  const off = await sample(", generateByName: 'false'");
  assert.ok(
    off.some((row) => !String(row.customerEmail).includes("@")),
    "generateByName: false gives plain text",
  );
});
