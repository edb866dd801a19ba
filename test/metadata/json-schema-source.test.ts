import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { runCliInProcess } from "../support/run-cli-in-process.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const SCHEMAS = join(import.meta.dirname, "schemas");
const ROWS = 10_000;

/** Validators of each draft, with the formats checked (ajv-formats' full mode). */
const validators = {
  "order.schema.json": new Ajv2020.default({ strict: false, allErrors: true, multipleOfPrecision: 9 }),
  "user.schema.json": new Ajv.default({ strict: false, allErrors: true }),
  "device.schema.json": new AjvDraft04.default({ strict: false, allErrors: true }),
};
for (const ajv of Object.values(validators)) addFormats.default(ajv as never, { mode: "full" });

const step = (name: string, schema: string, extra = "") =>
  `  - name: ${name}\n    type: json\n    count: {records: ${ROWS}}\n    options: {path: out/${name}, metadataSourceType: jsonSchema, jsonSchemaFile: ${join(SCHEMAS, schema)}}\n${extra}`;

function readRows(dir: string): unknown[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  return files.flatMap((f) =>
    readFileSync(join(dir, f), "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as unknown),
  );
}

test("10k rows per JSON Schema (2020-12, draft-07, draft-04; refs, allOf, oneOf, enums, formats, arrays of objects) all pass ajv against the schema itself", async () => {
  const names = Object.keys(validators);
  const dir = fixtureDir({
    "task.yaml": `name: schemas\nsteps:\n${names.map((s) => step(s.split(".")[0]!, s)).join("")}`,
  });
  // The user's `rowforge` process, as are the commands that write or read files by relative
  // paths (the CLI's entry in this process resolves those against this process's folder); the
  // others go through the CLI's entry here: what they test is the schema's rows and refusals.
  const r = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "18", "-q"],
    {
      cwd: dir,
      timeoutMs: 120_000,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  for (const [file, ajv] of Object.entries(validators)) {
    const validate = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, file), "utf8")));
    const rows = readRows(join(dir, "out", file.split(".")[0]!));
    assert.equal(rows.length, ROWS, file);
    assert.equal(validate({}), false, "the validator rejects a row without the required fields");
    const bad = rows.filter((row) => !validate(row));
    const first = bad[0] !== undefined && !validate(bad[0]) ? JSON.stringify([bad[0], validate.errors]) : "";
    assert.equal(bad.length, 0, `${file}: ${bad.length} of ${ROWS} rows violate the schema, e.g. ${first}`);
  }
});

test("fields declared in the step override the schema's of the same name and extend the others", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: merge\nsteps:\n${step("orders", "order.schema.json", "    fields:\n      - {name: order_id, static: FIXED}\n      - {name: batch, type: int, options: {min: 1, max: 3}}\n")}`,
  });
  const r = await runCliInProcess(
    ["sample", join(dir, "task.yaml"), "-n", "5", "--format", "json", "--seed", "1"],
    { cwd: dir },
  );
  assert.equal(r.status, 0, r.stderr);
  const rows = r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(rows.length, 5);
  for (const row of rows) {
    assert.equal(row.order_id, "FIXED");
    assert.ok(typeof row.batch === "number" && row.batch >= 1 && row.batch <= 3);
    assert.equal(Object.keys(row)[0], "order_id", "the schema's field keeps its place");
    assert.equal(Object.keys(row).at(-1), "batch", "a new field comes after the schema's");
    assert.equal(row.currency, "EUR");
  }
});

test("validate --json gives the resolved fields of a schema's step, nested ones under dotted names", async () => {
  const dir = fixtureDir({ "task.yaml": `name: one\nsteps:\n${step("orders", "order.schema.json")}` });
  const v = await runCliInProcess(["validate", join(dir, "task.yaml"), "--json"], { cwd: dir });
  assert.equal(v.status, 0, v.stderr);
  const out = JSON.parse(v.stdout) as {
    metadata: {
      step: string;
      source: string;
      fields: { field: string; type: string; nullable: boolean; options: string }[];
    }[];
  };
  assert.equal(out.metadata.length, 1);
  const [m] = out.metadata;
  assert.equal(m!.source, "jsonSchema");
  const field = (name: string) => m!.fields.find((f) => f.field === name);
  assert.deepEqual(field("order_id"), {
    field: "order_id",
    type: "string",
    nullable: false,
    from: "source",
    options: "regex: ORD-[0-9]{8}",
  });
  assert.equal(field("customer.email")?.nullable, false);
  assert.equal(field("lines.quantity")?.options, "min: 1, max: 50");
  assert.equal(field("total")?.options, "min: 0.01, max: 10000, round: 2");
});

test("a recursive schema is generated with its recursion cut where the schema allows it (an optional property left out, an array empty, another alternative), and refused, naming the cycle, where every value would be infinite", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: cyclic\nsteps:\n${step("tree", "cyclic.schema.json")}`,
    "endless.yaml": `name: endless\nsteps:\n${step("chain", "cyclic-required.schema.json")}`,
  });
  const run = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "3", "-q"],
    { cwd: dir, timeoutMs: 180_000 },
  );
  assert.equal(run.status, 0, run.stderr);
  const validate = new Ajv2020.default({ strict: false }).compile(
    JSON.parse(readFileSync(join(SCHEMAS, "cyclic.schema.json"), "utf8")),
  );
  const rows = readRows(join(dir, "out", "tree")) as { root?: { children?: unknown[] } }[];
  assert.equal(rows.length, ROWS);
  assert.deepEqual(
    rows.filter((r) => !validate(r)),
    [],
  );
  assert.ok(
    rows.some((r) => r.root !== undefined),
    "the non-recursive part is generated",
  );
  const v = await runCliInProcess(["validate", join(dir, "endless.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /endless\.yaml:\d+:\d+: error RF_METADATA_SCHEMA_INVALID: step "chain": JSON Schema .*cyclic-required\.schema\.json: the schema at #\/properties\/head\/properties\/next refers to itself through #\/\$defs\/link -> #\/\$defs\/link: a recursive schema has no finite value to generate/,
  );
});

test("catalogue services and kinds not read yet are refused at validate, naming the sources rowforge reads", async () => {
  const dir = fixtureDir({
    "task.yaml":
      "name: catalogues\nsteps:\n  - name: from_marquez\n    type: json\n    options: {path: out/a, metadataSourceType: marquez, metadataSourceUrl: 'http://localhost:5001'}\n  - name: from_task\n    type: json\n    options: {path: out/b, metadataSourceType: yamlTask, schemaLocation: c.yaml}\n  - name: typo\n    type: json\n    options: {path: out/c, metadataSourceType: jsonSchma, jsonSchemaFile: x.json}\n",
  });
  const v = await runCliInProcess(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /RF_METADATA_SOURCE_UNSUPPORTED: step "from_marquez" takes its fields from a Marquez lineage server \(metadataSourceType marquez\), which rowforge does not connect to/,
  );
  assert.match(
    v.stderr,
    /rowforge reads fields from jsonSchema \(jsonSchemaFile\), openApi \(schemaLocation\), openDataContractStandard \(dataContractFile\)/,
  );
  assert.match(
    v.stderr,
    /RF_METADATA_SOURCE_UNSUPPORTED: step "from_task" takes its fields from the fields of another task file/,
  );
  assert.match(
    v.stderr,
    /RF_METADATA_SOURCE_UNSUPPORTED: step "typo" has metadataSourceType jsonSchma, .*did you mean "jsonSchema"/,
  );
  assert.doesNotMatch(v.stderr, /does not read yet/);
});

test("the corpus's JSON Schema task loads and names the schema file it cannot find", {
  skip: !corpusAvailable() && CORPUS_MISSING,
}, async () => {
  const task = join(CORPUS, "task", "file", "json", "json-schema-task.yaml");
  const v = await runCliInProcess(["validate", task]);
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /RF_FILE_NOT_FOUND: step "json_schema": the metadata document \/opt\/app\/mount\/json-schema\/complex-user-schema\.json was not found/,
  );
});

test("JSON Schema gaps: if/then/else per row, not, contains, patternProperties, arrays of arrays, oneOf matching exactly one, references into other files, optional properties sometimes absent: 10k rows pass ajv", async () => {
  const gaps = join(SCHEMAS, "gaps");
  const dir = fixtureDir({
    "task.yaml": `name: gaps\nsteps:\n${step("account", "gaps/account.schema.json")}`,
  });
  const r = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "5", "-q"],
    { cwd: dir, timeoutMs: 180_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv as never, { mode: "full" });
  const read = (f: string) => JSON.parse(readFileSync(join(gaps, f), "utf8")) as object;
  ajv.addSchema(read("common/defs.schema.json"), "https://example.com/common/defs.schema.json");
  ajv.addSchema(read("common/person.schema.json"), "https://example.com/common/person.schema.json");
  const validate = ajv.compile(read("account.schema.json"));
  const rows = readRows(join(dir, "out", "account")) as Record<string, unknown>[];
  assert.equal(rows.length, ROWS);
  const bad = rows.filter((row) => !validate(row));
  const first = bad[0] !== undefined && !validate(bad[0]) ? JSON.stringify([bad[0], validate.errors]) : "";
  assert.equal(bad.length, 0, `${bad.length} of ${ROWS} rows violate the schema, e.g. ${first}`);
  // Both branches of the if/then/else are generated, each meeting its own constraint.
  const us = rows.filter((row) => row.country === "US");
  assert.ok(us.length > 2000 && us.length < ROWS - 2000, `US rows: ${us.length}`);
  assert.ok(us.every((row) => /^[0-9]{5}$/.test(String(row.postal_code)) && typeof row.state === "string"));
  assert.ok(
    rows.some((row) => /^[A-Z][0-9][A-Z]/.test(String(row.postal_code))),
    "the else branch's own pattern is used",
  );
  // Optional properties are absent now and then, never null; required ones always there.
  const absent = rows.filter((row) => !("nickname" in row)).length;
  assert.ok(absent > 1000 && absent < 3000, `nickname absent in ${absent} rows (about 20%)`);
  assert.ok(
    rows.every((row) => Object.values(row).every((v) => v !== null)),
    "no property is written as null",
  );
  assert.ok(rows.every((row) => row.kind !== 7 && row.status !== "deleted"));
  assert.ok(rows.some((row) => Array.isArray(row.matrix) && Array.isArray((row.matrix as unknown[])[0])));
  // The same schema, run again with the same seed, gives the same rows.
  const again = await runCliInProcess(
    ["sample", join(dir, "task.yaml"), "-n", "20", "--format", "json", "--seed", "5"],
    { cwd: dir },
  );
  const twice = await runCliInProcess(
    ["sample", join(dir, "task.yaml"), "-n", "20", "--format", "json", "--seed", "5"],
    { cwd: dir },
  );
  assert.equal(again.stdout, twice.stdout);
});

test("references across files that loop are refused naming the loop; a missing referenced file names the paths tried", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: loops\nsteps:\n${step("loop", "gaps/loop-a.schema.json")}`,
    "missing.json": JSON.stringify({ type: "object", properties: { a: { $ref: "nowhere/x.json#/a" } } }),
    "missing.yaml": `name: missing\nsteps:\n  - name: m\n    type: json\n    options: {path: out/m, metadataSourceType: jsonSchema, jsonSchemaFile: missing.json}\n`,
  });
  const v = await runCliInProcess(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /RF_METADATA_SCHEMA_INVALID: step "loop": JSON Schema .*loop-a\.schema\.json: the schema at #\/properties\/child\/properties\/parent\/properties\/child refers to itself through loop-b\.schema\.json# -> # -> loop-b\.schema\.json#/,
  );
  const m = await runCliInProcess(["validate", join(dir, "missing.yaml")], { cwd: dir });
  assert.equal(m.status, 2, m.stderr);
  assert.match(
    m.stderr,
    /RF_FILE_NOT_FOUND: step "m": the metadata document .*nowhere\/x\.json was not found/,
  );
});
