import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { parse } from "yaml";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

const DOC_FILE = join(import.meta.dirname, "schemas", "petstore.openapi.yaml");
const RECORDS = 300;

type Obj = Record<string, unknown>;

/**
 * A Fastify server built from the OpenAPI document alone: a route per operation whose body,
 * querystring, params and headers schemas are the document's (Fastify validates them with
 * ajv and answers 400 to an invalid request). Counts what it accepted and refused per operation.
 */
async function serverFromDocument(doc: Obj) {
  const accepted = new Map<string, number>();
  const refused: string[] = [];
  const seen: { id: string; params: Obj; body: unknown }[] = [];
  const app: FastifyInstance = Fastify({ ajv: { customOptions: { strict: false } } });
  // The document's components, so that its `#/components/...` references resolve in route schemas.
  const swagger2 = doc.swagger === "2.0";
  app.addSchema({ $id: "doc", components: doc.components, definitions: doc.definitions });
  const refs = (schema: unknown) =>
    JSON.parse(
      JSON.stringify(schema)
        .replaceAll('"#/components/', '"doc#/components/')
        .replaceAll('"#/definitions/', '"doc#/definitions/'),
    );
  // Swagger 2 writes a non-body parameter's schema on the parameter itself.
  const schemaOf = (p: Obj) => {
    if (!swagger2) return p.schema;
    const { name: _n, in: _i, required: _r, ...schema } = p;
    return schema;
  };
  const base = swagger2 && typeof doc.basePath === "string" ? doc.basePath : "";
  // The document itself, for a source that reads it by URL.
  app.get("/openapi-document", async () => doc);
  app.setErrorHandler((err: Error, req, reply) => {
    refused.push(`${req.method} ${req.url}: ${err.message}`);
    reply.code(400).send({ error: err.message });
  });
  for (const [path, item] of Object.entries(doc.paths as Record<string, Obj>)) {
    for (const method of ["get", "post", "put", "delete"]) {
      const op = item[method] as Obj | undefined;
      if (!op) continue;
      const params = [...((item.parameters as Obj[]) ?? []), ...((op.parameters as Obj[]) ?? [])];
      const group = (where: string, lower = false) => {
        const ps = params.filter((p) => p.in === where);
        if (ps.length === 0) return undefined;
        const name = (p: Obj) => (lower ? String(p.name).toLowerCase() : String(p.name));
        return refs({
          type: "object",
          properties: Object.fromEntries(ps.map((p) => [name(p), schemaOf(p)])),
          required: ps.filter((p) => p.required === true).map(name),
        });
      };
      const content = (op.requestBody as Obj | undefined)?.content as Record<string, Obj> | undefined;
      const body = swagger2
        ? params.find((p) => p.in === "body")?.schema
        : content?.["application/json"]?.schema;
      const schema = {
        ...(body ? { body: refs(body) } : {}),
        ...(group("query") ? { querystring: group("query") } : {}),
        ...(group("path") ? { params: group("path") } : {}),
        ...(group("header", true) ? { headers: group("header", true) } : {}),
      };
      const id = `${method.toUpperCase()}${path}`;
      app.route({
        method: method.toUpperCase() as "GET",
        url: base + path.replace(/\{(\w+)\}/g, ":$1"),
        schema,
        handler: async (req, reply) => {
          accepted.set(id, (accepted.get(id) ?? 0) + 1);
          seen.push({ id, params: req.params as Obj, body: req.body });
          return reply.code(200).send({ ok: true });
        },
      });
    }
  }
  await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, accepted, refused, seen, close: () => app.close() };
}

test("an OpenAPI 3.1 document drives one HTTP step per operation, and a server validating the same document accepts every request", async () => {
  const doc = parse(readFileSync(DOC_FILE, "utf8")) as Obj;
  const server = await serverFromDocument(doc);
  try {
    const dir = fixtureDir({
      "plan.yaml": "name: petclinic\ntasks:\n  - name: api\n    dataSourceName: petclinic\n",
      "task/api.yaml": `name: api\nsteps:\n  - name: petclinic_api\n    count: {records: ${RECORDS}}\n    options: {metadataSourceType: openApi, schemaLocation: ${DOC_FILE}}\n`,
      "application.conf": `http {\n  petclinic {\n    url = "${server.url}"\n  }\n}\n`,
    });
    const v = await runCliAsync(["validate", join(dir, "plan.yaml"), "--show-fields"], { cwd: dir });
    assert.equal(v.status, 0, v.stderr);
    assert.match(
      v.stdout,
      /step POST\/pets \(from step petclinic_api\): 1 field\(s\) from openApi .*petstore\.openapi\.yaml\n(.*\n)*body\.owner\.email +│ string +│ no +│ source +│ regex: /,
    );
    const r = await runCliAsync(
      ["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--seed", "18"],
      {
        cwd: dir,
        timeoutMs: 120_000,
      },
    );
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(server.refused.slice(0, 5), []);
    assert.deepEqual(Object.fromEntries([...server.accepted].sort()), {
      "DELETE/pets/{petId}": RECORDS,
      "GET/pets": RECORDS,
      "GET/pets/{petId}": RECORDS,
      "POST/owners/{ownerId}/visits": RECORDS,
      "POST/pets": RECORDS,
      "PUT/pets/{petId}": RECORDS,
    });
  } finally {
    await server.close();
  }
});

test("the server refuses what the document does not allow: its check has teeth", async () => {
  const doc = parse(readFileSync(DOC_FILE, "utf8")) as Obj;
  const server = await serverFromDocument(doc);
  try {
    const bad = await fetch(`${server.url}/pets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", species: "dragon" }),
    });
    assert.equal(bad.status, 400);
    const noLimit = await fetch(`${server.url}/pets`, { headers: { "x-request-id": crypto.randomUUID() } });
    assert.equal(noLimit.status, 400);
    assert.equal(server.refused.length, 2);
  } finally {
    await server.close();
  }
});

test("a Swagger 2 document read by URL: body and non-body parameters from their schemas, every request accepted", async () => {
  const doc = JSON.parse(
    readFileSync(join(import.meta.dirname, "schemas", "inventory.swagger.json"), "utf8"),
  ) as Obj;
  const server = await serverFromDocument(doc);
  try {
    const dir = fixtureDir({
      "plan.yaml": "name: inventory\ntasks:\n  - name: api\n    dataSourceName: inventory\n",
      "task/api.yaml": `name: api\nsteps:\n  - name: inventory_api\n    count: {records: ${RECORDS}}\n    options: {metadataSourceType: openApi, schemaLocation: "${server.url}/openapi-document"}\n`,
      "application.conf": `http {\n  inventory {\n    url = "${server.url}/api"\n  }\n}\n`,
    });
    const r = await runCliAsync(["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--seed", "3"], {
      cwd: dir,
      timeoutMs: 120_000,
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(server.refused.slice(0, 5), []);
    assert.deepEqual(Object.fromEntries([...server.accepted].sort()), {
      "GET/items": RECORDS,
      "POST/items": RECORDS,
    });
  } finally {
    await server.close();
  }
});

test("foreign keys between operations: the owner ids booked by POST /owners/{ownerId}/visits are those POST /pets sent, and pets are created first", async () => {
  const doc = parse(readFileSync(DOC_FILE, "utf8")) as Obj;
  const server = await serverFromDocument(doc);
  try {
    const dir = fixtureDir({
      "plan.yaml": `name: petclinic_fk
tasks:
  - name: api
    dataSourceName: petclinic
sinkOptions:
  foreignKeys:
    - source: {dataSource: petclinic, step: "POST/pets", fields: [body.owner.owner_id]}
      generate: [{dataSource: petclinic, step: "POST/owners/{ownerId}/visits", fields: [pathParamownerId]}]
`,
      "task/api.yaml": `name: api\nsteps:\n  - name: petclinic_api\n    count: {records: 50}\n    options: {metadataSourceType: openApi, schemaLocation: ${DOC_FILE}}\n`,
      "application.conf": `http {\n  petclinic {\n    url = "${server.url}"\n  }\n}\n`,
    });
    const r = await runCliAsync(["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--seed", "9"], {
      cwd: dir,
      timeoutMs: 120_000,
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(server.refused.slice(0, 5), []);
    const owners = server.seen
      .filter((s) => s.id === "POST/pets")
      .map((s) => (s.body as { owner: { owner_id: string } }).owner.owner_id);
    const visits = server.seen.filter((s) => s.id === "POST/owners/{ownerId}/visits");
    assert.equal(owners.length, 50);
    assert.equal(visits.length, 50);
    for (const v of visits) assert.ok(owners.includes(String(v.params.ownerId)), JSON.stringify(v.params));
    const lastPet = server.seen.findLastIndex((s) => s.id === "POST/pets");
    const firstVisit = server.seen.findIndex((s) => s.id === "POST/owners/{ownerId}/visits");
    assert.ok(lastPet < firstVisit, "the parent operation is called before its children");
  } finally {
    await server.close();
  }
});

test("an OpenAPI document's schemas kept in other files are read beside it, their own local references too", async () => {
  const dir = fixtureDir({
    "api.yaml":
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /pets:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {$ref: "schemas/pet.yaml"}\n      responses: {"201": {description: ok}}\n',
    "schemas/pet.yaml":
      'type: object\nrequired: [id, name]\nproperties:\n  id: {type: integer, minimum: 1, maximum: 9}\n  name: {$ref: "#/$defs/name"}\n$defs:\n  name: {type: string, pattern: "^P[a-z]{3}$"}\n',
    "task.yaml":
      'name: oa\nsteps:\n  - name: api\n    type: http\n    options: {url: "http://localhost:1", metadataSourceType: openApi, schemaLocation: api.yaml}\n',
  });
  const v = await runCliAsync(["validate", join(dir, "task.yaml"), "--json"], { cwd: dir });
  assert.equal(v.status, 0, v.stderr);
  const out = JSON.parse(v.stdout) as {
    metadata: { step: string; fields: { field: string; options: string }[] }[];
  };
  const fields = out.metadata[0]!.fields.map((f) => [f.field, f.options]);
  assert.deepEqual(fields, [
    ["body", ""],
    ["body.id", "min: 1, max: 9"],
    ["body.name", "regex: P[a-z]{3}"],
  ]);
});

const STATUS_DOC = join(import.meta.dirname, "schemas", "status.openapi.yaml");

test("operations without parameters or body are sent with their method and path alone, beside the others", async () => {
  const doc = parse(readFileSync(STATUS_DOC, "utf8")) as Obj;
  const server = await serverFromDocument(doc);
  try {
    const dir = fixtureDir({
      "plan.yaml": "name: status\ntasks:\n  - name: api\n    dataSourceName: status\n",
      "task/api.yaml": `name: api\nsteps:\n  - name: status_api\n    count: {records: 40}\n    options: {metadataSourceType: openApi, schemaLocation: ${STATUS_DOC}}\n`,
      "application.conf": `http {\n  status {\n    url = "${server.url}"\n  }\n}\n`,
    });
    const r = await runCliAsync(["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--seed", "4"], {
      cwd: dir,
      timeoutMs: 120_000,
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(server.refused.slice(0, 5), []);
    assert.deepEqual(Object.fromEntries([...server.accepted].sort()), {
      "GET/health": 40,
      "GET/orders": 40,
      "POST/cache/reset": 40,
      "POST/orders": 40,
    });
    const resets = server.seen.filter((s) => s.id === "POST/cache/reset");
    assert.ok(
      resets.every((s) => s.body === undefined || s.body === null),
      "an operation without a request body is sent without one",
    );
  } finally {
    await server.close();
  }
});

test("a document's operations written to a file output each go to <path>/<operation>, none over another", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: files\nsteps:\n  - name: status_api\n    type: json\n    count: {records: 25}\n    options: {path: out/api, metadataSourceType: openApi, schemaLocation: ${STATUS_DOC}}\n`,
  });
  const r = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "4", "-q"],
    {
      cwd: dir,
      timeoutMs: 120_000,
    },
  );
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const lines = (folder: string) =>
    readdirSync(join(dir, "out", "api", folder))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) =>
        readFileSync(join(dir, "out", "api", folder, f), "utf8")
          .trim()
          .split("\n"),
      );
  assert.deepEqual(readdirSync(join(dir, "out", "api")).sort(), [
    "GET_health",
    "GET_orders",
    "POST_cache_reset",
    "POST_orders",
  ]);
  assert.deepEqual(lines("GET_health"), Array(25).fill("{}"));
  const orders = lines("POST_orders").map((l) => JSON.parse(l) as { body: { sku: string } });
  assert.equal(orders.length, 25);
  assert.ok(orders.every((o) => /^SKU-[0-9]{6}$/.test(o.body.sku)));
  assert.equal(lines("GET_orders").length, 25);
});

/** The value a JSON pointer (`#/paths/~1pets/post/...`) names in a document, or undefined. */
function atPointer(doc: unknown, pointer: string): unknown {
  let at: unknown = doc;
  for (const token of pointer.replace(/^#\//, "").split("/")) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    at = typeof at === "object" && at !== null ? (at as Obj)[key] : undefined;
  }
  return at;
}

test("a refusal points at the schema where the user wrote it: a path-level or operation parameter by its index, a body under its content type (OpenAPI 3 and Swagger 2)", async () => {
  const alike = { type: "object", properties: { id: { type: "string" } } };
  const cases: { doc: Obj; construct: RegExp; holds: (v: unknown) => boolean }[] = [
    {
      doc: {
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {
          "/pets/{petId}": {
            parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string", enum: [] } }],
            get: { responses: { "200": { description: "ok" } } },
          },
        },
      },
      construct: /allows no value \(an empty enum\)/,
      holds: (v) => Array.isArray((v as Obj | undefined)?.enum),
    },
    {
      doc: {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {
          "/pets": {
            post: {
              parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
              requestBody: { content: { "application/json": { schema: { oneOf: [alike, alike] } } } },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      },
      construct: /is a oneOf that no value can satisfy/,
      holds: (v) => Array.isArray(v) && v.length === 2,
    },
    {
      doc: {
        swagger: "2.0",
        info: { title: "t", version: "1" },
        paths: {
          "/pets": {
            post: {
              parameters: [
                { name: "x", in: "query", type: "string" },
                {
                  name: "pet",
                  in: "body",
                  schema: { type: "object", required: ["id"], properties: { id: { enum: [] } } },
                },
              ],
              responses: { "200": { description: "ok" } },
            },
          },
        },
      },
      construct: /allows no value \(an empty enum\)/,
      holds: (v) => Array.isArray((v as Obj | undefined)?.enum),
    },
  ];
  for (const [i, c] of cases.entries()) {
    const dir = fixtureDir({
      "api.json": JSON.stringify(c.doc),
      "task.yaml": `name: t\nsteps:\n  - name: api\n    type: json\n    options: {path: out, metadataSourceType: openApi, schemaLocation: api.json}\n`,
    });
    const r = await runCliAsync(["validate", "task.yaml"], { cwd: dir });
    assert.equal(r.status, 2, `case ${i}: ${r.stdout}`);
    assert.match(r.stderr, c.construct, `case ${i}`);
    const pointer = /the schema at (#\/\S+)/.exec(r.stderr)?.[1];
    assert.ok(pointer !== undefined, `case ${i}: ${r.stderr}`);
    const named = atPointer(c.doc, pointer);
    assert.ok(
      c.holds(named),
      `case ${i}: ${pointer} names ${JSON.stringify(named)} in the document, not the schema refused`,
    );
  }
});
