import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

/**
 * Item 1, 5 and 6 of issue 26: a plan sent over HTTP reads files only under the server's data
 * folders, reaches URLs only on its allow-list, writes only under its output folders (never in
 * the home), and no answer carries a refused file's content or the server's folders.
 */

/** What must never come back: the content of the files outside and of the internal page. */
const SECRET = "hunter2-s3cret";
const schemaWith = (value: string) =>
  JSON.stringify({ type: "object", properties: { v: { type: "string", enum: [value] } }, required: ["v"] });

let f: ApiRuntime;
let internal: Server;
let internalUrl = "";
const internalHits: string[] = [];
let data = "";
let outside = "";
let home = "";
let confPath = "";

before(async () => {
  internal = createServer((req: IncomingMessage, res) => {
    internalHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end(schemaWith(SECRET));
  });
  await new Promise<void>((r) => internal.listen(0, "127.0.0.1", r));
  internalUrl = `http://127.0.0.1:${(internal.address() as { port: number }).port}`;
  f = await apiRuntime({
    files: {
      "data/schemas/ok.schema.json": schemaWith("allowed-value"),
      "data/schemas/ref-out.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "../../outside/secret.schema.json" } },
      }),
      "data/schemas/ref-url.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "INTERNAL/secret.json" } },
      }),
      "data/proto/main.proto":
        'syntax = "proto3";\nimport "../../outside/secret.proto";\nmessage M { string a = 1; }\n',
      "data/proto/abs.proto":
        'syntax = "proto3";\nimport "OUTSIDE/secret.proto";\nmessage M { string a = 1; }\n',
      "data/proto/above.proto":
        'syntax = "proto3";\nimport "outside/secret.proto";\nmessage M { string a = 1; }\n',
      "data/proto/via-link.proto": 'syntax = "proto3";\nimport "link.proto";\nmessage M { string a = 1; }\n',
      "data/proto/environ.proto":
        'syntax = "proto3";\nimport "/proc/self/environ";\nmessage M { string a = 1; }\n',
      "data/proto/common.proto": 'syntax = "proto3";\nmessage Money { string currency = 1; }\n',
      "data/proto/uses-common.proto":
        'syntax = "proto3";\nimport "common.proto";\nmessage Order { string id = 1; Money price = 2; }\n',
      "data/schemas/ref-abs.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "OUTSIDE/secret.schema.json" } },
      }),
      "data/schemas/ref-fileurl.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "file://OUTSIDE/secret.schema.json" } },
      }),
      "data/schemas/ref-environ.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "/proc/self/environ" } },
      }),
      "data/schemas/ref-link.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "link.schema.json" } },
      }),
      "data/schemas/ref-ok.schema.json": JSON.stringify({
        type: "object",
        properties: { v: { $ref: "ok.schema.json#/properties/v" } },
        required: ["v"],
      }),
      "outside/secret.schema.json": schemaWith(SECRET),
      "outside/secret.proto": `syntax = "proto3";\nmessage ${SECRET.replaceAll("-", "_")} { string a = 1; }\n`,
      "outside/secret.csv": `name\n${SECRET}\n`,
      "outside/notes.txt": `${SECRET} is the password\n`,
      "conf/application.conf": `folders { taskFolderPath = "TASKS" }\npostgres { pg { url = "jdbc:postgresql://127.0.0.1:1/x", user = app, password = "${SECRET}" } }\n`,
      "tasks/t.yaml":
        "name: t\nsteps:\n  - name: s\n    type: json\n    options: {path: out/t}\n    fields: [{name: a}]\n",
    },
    runtime: (dir) => {
      const conf = join(dir, "conf", "application.conf");
      writeFileSync(conf, readFileSync(conf, "utf8").replace("TASKS", join(dir, "tasks")));
      return { configPath: conf, access: { dataDirs: [join(dir, "data")] } };
    },
  });
  data = join(f.dir, "data");
  outside = join(f.dir, "outside");
  home = join(f.dir, "home");
  confPath = join(f.dir, "conf", "application.conf");
  const refUrl = join(data, "schemas", "ref-url.schema.json");
  writeFileSync(refUrl, readFileSync(refUrl, "utf8").replace("INTERNAL", internalUrl));
  symlinkSync(join(outside, "secret.schema.json"), join(data, "schemas", "link.schema.json"));
  symlinkSync(join(outside, "secret.proto"), join(data, "proto", "link.proto"));
  for (const file of ["proto/abs.proto", "schemas/ref-abs.schema.json", "schemas/ref-fileurl.schema.json"]) {
    const path = join(data, file);
    writeFileSync(path, readFileSync(path, "utf8").replace("OUTSIDE", outside));
  }
});

after(async () => {
  await f.close();
  internal.close();
});

/** A POST /plan of one JSON step with these options (and fields when given). */
const planWith = (name: string, options: Record<string, string>, fields: unknown[] = []) => ({
  plan: { name, tasks: [{ name: "t1", dataSourceName: "files", enabled: true }] },
  tasks: [
    { name: "t1", type: "json", options: { path: `out/${name}`, ...options }, count: { records: 3 }, fields },
  ],
});

/** The answer, checked to hold nothing of the secret files and none of the server's folders. */
function clean(body: string): string {
  assert.doesNotMatch(body, new RegExp(SECRET), "a refused file's content came back");
  assert.doesNotMatch(body, /root:x:0:0|PATH=|HOME=/, "a system file's content came back");
  assert.ok(!body.includes(home), `the server's home folder came back: ${body}`);
  assert.ok(!body.includes(data), `the server's data folder came back: ${body}`);
  return body;
}

describe("item 1: files and URLs a plan names", () => {
  test("jsonSchemaFile outside the data folders is refused with RF_PATH_NOT_ALLOWED, whatever the spelling", async () => {
    const variants = [
      join(outside, "secret.schema.json"),
      "../outside/secret.schema.json",
      "../../outside/secret.schema.json",
      pathToFileURL(join(outside, "secret.schema.json")).href,
      "schemas/link.schema.json",
      "/proc/self/environ",
      "/etc/passwd",
      join(outside, "missing.schema.json"),
      confPath,
      join(home, "store", "CURRENT"),
    ];
    for (const [i, location] of variants.entries()) {
      const r = await f.app.inject({
        method: "POST",
        url: "/plan",
        payload: planWith(`p${i}`, { metadataSourceType: "jsonSchema", jsonSchemaFile: location }),
      });
      assert.equal(r.statusCode, 400, `${location}: ${r.body}`);
      assert.match(clean(r.body), /RF_PATH_NOT_ALLOWED/, location);
      assert.match(r.body, /--data-dir/, `the answer names the option to set: ${r.body}`);
    }
  });

  test("an internal URL is refused with RF_URL_NOT_ALLOWED and never requested", async () => {
    const before = internalHits.length;
    const r = await f.app.inject({
      method: "POST",
      url: "/plan",
      payload: planWith("url", {
        metadataSourceType: "jsonSchema",
        jsonSchemaFile: `${internalUrl}/schema.json`,
      }),
    });
    assert.equal(r.statusCode, 400, r.body);
    assert.match(clean(r.body), /RF_URL_NOT_ALLOWED/);
    assert.match(r.body, /--allow-url/);
    assert.equal(internalHits.length, before);
  });

  test("every option that names a document follows the same rule", async () => {
    const secretFile = join(outside, "secret.schema.json");
    const cases: Record<string, string>[] = [
      { metadataSourceType: "openApi", schemaLocation: secretFile },
      { metadataSourceType: "openApi", openApiSpec: `${internalUrl}/openapi.json` },
      { metadataSourceType: "jsonSchema", schemaLocation: secretFile },
      { metadataSourceType: "openDataContractStandard", dataContractFile: secretFile },
      { metadataSourceType: "dataContractCli", dataContractFile: secretFile },
      { metadataSourceType: "greatExpectations", expectationsFile: secretFile },
      { metadataSourceType: "avro", schemaLocation: join(outside, "secret.avsc") },
      { metadataSourceType: "avro", avroSchemaFile: secretFile },
      { metadataSourceType: "protobuf", schemaLocation: join(outside, "secret.proto") },
      { metadataSourceType: "protobuf", protobufSchemaFile: join(outside, "secret.proto") },
      { metadataSourceType: "confluentSchemaRegistry", metadataSourceUrl: internalUrl, schemaId: "1" },
    ];
    const before = internalHits.length;
    for (const [i, options] of cases.entries()) {
      const r = await f.app.inject({ method: "POST", url: "/plan", payload: planWith(`o${i}`, options) });
      assert.equal(r.statusCode, 400, `${JSON.stringify(options)}: ${r.body}`);
      assert.match(clean(r.body), /RF_PATH_NOT_ALLOWED|RF_URL_NOT_ALLOWED/, JSON.stringify(options));
    }
    assert.equal(internalHits.length, before, "an internal URL was requested");
  });

  test("$refs and Protobuf imports of an allowed document are held to the same rule", async () => {
    for (const [name, options] of [
      ["ref_file", { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-out.schema.json" }],
      ["ref_url", { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-url.schema.json" }],
      ["ref_abs", { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-abs.schema.json" }],
      [
        "ref_fileurl",
        { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-fileurl.schema.json" },
      ],
      [
        "ref_environ",
        { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-environ.schema.json" },
      ],
      ["ref_link", { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-link.schema.json" }],
      ["ref_openapi", { metadataSourceType: "openApi", schemaLocation: "schemas/ref-out.schema.json" }],
      ["proto_import", { metadataSourceType: "protobuf", schemaLocation: "proto/main.proto" }],
      ["proto_abs", { metadataSourceType: "protobuf", schemaLocation: "proto/abs.proto" }],
      ["proto_link", { metadataSourceType: "protobuf", schemaLocation: "proto/via-link.proto" }],
      ["proto_environ", { metadataSourceType: "protobuf", schemaLocation: "proto/environ.proto" }],
    ] as const) {
      const r = await f.app.inject({ method: "POST", url: "/plan", payload: planWith(name, options) });
      assert.equal(r.statusCode, 400, `${name}: ${r.body}`);
      assert.match(clean(r.body), /RF_PATH_NOT_ALLOWED|RF_URL_NOT_ALLOWED/, name);
    }
  });

  test("an import found only in a folder above the data folder counts as missing, and says nothing of it", async () => {
    const r = await f.app.inject({
      method: "POST",
      url: "/plan",
      payload: planWith("proto_above", {
        metadataSourceType: "protobuf",
        schemaLocation: "proto/above.proto",
      }),
    });
    assert.equal(r.statusCode, 400, r.body);
    assert.match(clean(r.body), /RF_FILE_NOT_FOUND/);
    assert.ok(!r.body.includes(f.dir), `the server's folders came back: ${r.body}`);
  });

  test("$refs and imports inside the data folder still resolve", async () => {
    for (const [name, options, expected] of [
      [
        "ref_ok",
        { metadataSourceType: "jsonSchema", jsonSchemaFile: "schemas/ref-ok.schema.json" },
        /allowed-value/,
      ],
      [
        "proto_ok",
        { metadataSourceType: "protobuf", schemaLocation: "proto/uses-common.proto" },
        /"currency"/,
      ],
    ] as const) {
      const r = await f.app.inject({ method: "POST", url: "/plan", payload: planWith(name, options) });
      assert.equal(r.statusCode, 200, `${name}: ${r.body}`);
      const sample = await f.app.inject({ url: `/sample/plans/${name}?sampleSize=2` });
      assert.equal(sample.statusCode, 200, sample.body);
      assert.match(sample.body, expected, name);
    }
  });

  test("an allowed document still gives the step its fields", async () => {
    const r = await f.app.inject({
      method: "POST",
      url: "/plan",
      payload: planWith("allowed", {
        metadataSourceType: "jsonSchema",
        jsonSchemaFile: "schemas/ok.schema.json",
      }),
    });
    assert.equal(r.statusCode, 200, r.body);
    const sample = await f.app.inject({ url: "/sample/plans/allowed?sampleSize=2" });
    assert.equal(sample.statusCode, 200, sample.body);
    assert.match(sample.body, /allowed-value/);
  });

  test("runs refuse, before they start, validations, reference data, waits and HTTP targets outside the rules", async () => {
    const step = {
      name: "t1",
      type: "json",
      options: { path: "out/v" },
      count: { records: 3 },
      fields: [{ name: "a" }],
    };
    const base = {
      plan: { name: "runs", tasks: [{ name: "t1", dataSourceName: "files", enabled: true }] },
      tasks: [step],
    };
    const validation = (entry: Record<string, unknown>) => ({
      ...base,
      validation: [
        {
          name: "checks",
          dataSources: { files: [{ options: { path: "out/v" }, validations: [], ...entry }] },
        },
      ],
    });
    // A saved connection's URL is held to the rule when a run uses it.
    const saved = await f.app.inject({
      method: "POST",
      url: "/connection",
      payload: {
        connections: [
          { name: "internal_api", type: "http", options: { url: `${internalUrl}/hook` } },
          { name: "events", type: "kafka", options: { "kafka.bootstrap.servers": "127.0.0.1:1" } },
        ],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const before = internalHits.length;
    const requests: [string, unknown][] = [
      [
        "schemaFile",
        validation({
          validations: [
            {
              field: "a",
              validation: [{ type: "matchJsonSchema", schemaFile: join(outside, "secret.schema.json") }],
            },
          ],
        }),
      ],
      [
        "read-back path",
        validation({
          options: { path: join(outside, "secret.csv"), format: "csv" },
          validations: [{ expr: "name IS NULL" }],
        }),
      ],
      [
        "wait for a file",
        validation({
          waitCondition: { path: join(outside, "secret.csv"), maxRetries: 0 },
          validations: [{ expr: "true" }],
        }),
      ],
      [
        "wait for a URL",
        validation({
          waitCondition: { url: `${internalUrl}/ready`, maxRetries: 0 },
          validations: [{ expr: "true" }],
        }),
      ],
      [
        "reference data",
        {
          plan: {
            name: "refs",
            tasks: [
              { name: "parent", dataSourceName: "files", enabled: true },
              { name: "child", dataSourceName: "files", enabled: true },
            ],
          },
          tasks: [
            {
              name: "parent",
              type: "csv",
              options: { path: join(outside, "secret.csv"), enableReferenceMode: "true" },
              fields: [{ name: "name" }],
            },
            {
              name: "child",
              type: "json",
              options: { path: "out/child" },
              count: { records: 2 },
              fields: [{ name: "name" }],
            },
          ],
          sinkOptions: undefined,
          foreignKeys: undefined,
        },
      ],
      [
        "HTTP target",
        {
          plan: { name: "http", tasks: [{ name: "h", dataSourceName: "internal_api", enabled: true }] },
          tasks: [
            {
              name: "h",
              type: "http",
              options: { method: "POST" },
              count: { records: 2 },
              fields: [{ name: "a" }],
            },
          ],
        },
      ],
      [
        "Kafka schemaLocation",
        {
          plan: { name: "kafka", tasks: [{ name: "k", dataSourceName: "events", enabled: true }] },
          tasks: [
            {
              name: "k",
              type: "kafka",
              options: {
                "kafka.bootstrap.servers": "127.0.0.1:1",
                topic: "t",
                schemaLocation: join(outside, "secret.avsc"),
              },
              count: { records: 2 },
              fields: [{ name: "value", fields: [{ name: "a" }] }],
            },
          ],
        },
      ],
    ];
    for (const [what, payload] of requests) {
      const r = await f.app.inject({ method: "POST", url: "/run", payload: payload as object });
      assert.equal(r.statusCode, 400, `${what}: ${r.body}`);
      assert.match(clean(r.body), /RF_PATH_NOT_ALLOWED|RF_URL_NOT_ALLOWED/, what);
    }
    await f.runs.idle();
    assert.equal(internalHits.length, before, "an internal URL was requested");
  });
});

describe("item 1: URLs a row carries", () => {
  test("an HTTP step whose rows carry their own url sends none outside the allow-list", async () => {
    const saved = await f.app.inject({
      method: "POST",
      url: "/connection",
      payload: { connections: [{ name: "rows_api", type: "http", options: {} }] },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const before = internalHits.length;
    const r = await f.app.inject({
      method: "POST",
      url: "/run",
      payload: {
        plan: { name: "row_urls", tasks: [{ name: "h", dataSourceName: "rows_api", enabled: true }] },
        tasks: [
          {
            name: "h",
            type: "http",
            options: { method: "POST" },
            count: { records: 3 },
            fields: [{ name: "url", options: { oneOf: [`${internalUrl}/row`] } }],
          },
        ],
      },
    });
    assert.equal(r.statusCode, 200, r.body);
    await f.runs.idle();
    const { executionId } = r.json() as { executionId: string };
    const record = (await f.app.inject({ url: `/run/status/${executionId}` })).json() as {
      status: string;
      failedReason: string;
    };
    assert.equal(record.status, "failed");
    assert.match(record.failedReason, /not on this server's URL allow-list/);
    assert.equal(internalHits.length, before, "a row's URL was requested");
  });
});

describe("item 5: outputs stay out of the home and inside the output folders", () => {
  test("an output into the home, the store, the transformations or outside is refused before anything is written", async () => {
    mkdirSync(join(home, "transformations"), { recursive: true });
    const serverFile = join(home, "server.json");
    writeFileSync(serverFile, '{"url": "http://127.0.0.1:9898", "pid": 1}\n');
    const targets = [
      serverFile,
      join(home, "store", "x.json"),
      join(home, "store"),
      join(home, "transformations", "evil.mjs"),
      join(home, "transformations"),
      join(home, "reports"),
      join(outside, "written"),
      "../outside/written2",
      join(f.dir, "conf", "application.conf"),
    ];
    for (const path of targets) {
      const r = await f.app.inject({
        method: "POST",
        url: "/run",
        payload: {
          plan: { name: "writes", tasks: [{ name: "w", dataSourceName: "files", enabled: true }] },
          tasks: [
            {
              name: "w",
              type: "json",
              options: { path, allowForeignFiles: "true", saveMode: "overwrite" },
              count: { records: 2 },
              fields: [{ name: "url", options: { oneOf: ["http://attacker.example"] } }],
            },
          ],
        },
      });
      assert.equal(r.statusCode, 400, `${path}: ${r.body}`);
      assert.match(clean(r.body), /RF_PATH_NOT_ALLOWED/, path);
    }
    await f.runs.idle();
    assert.equal(readFileSync(serverFile, "utf8"), '{"url": "http://127.0.0.1:9898", "pid": 1}\n');
    assert.ok(!existsSync(join(outside, "written")));
    assert.ok(!existsSync(join(f.dir, "outside", "written2")));
  });

  test("a report folder outside the output folders is refused; a relative output goes into the data folder", async () => {
    const refused = await f.app.inject({
      method: "POST",
      url: "/run",
      payload: {
        ...planWith("reports", {}, [{ name: "a" }]),
        configuration: { folder: { generatedReportsFolderPath: join(home, "store") } },
      },
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(clean(refused.body), /RF_PATH_NOT_ALLOWED/);
    const ok = await f.app.inject({
      method: "POST",
      url: "/run",
      payload: planWith("relative", {}, [{ name: "a" }]),
    });
    assert.equal(ok.statusCode, 200, ok.body);
    await f.runs.idle();
    const record = (
      await f.app.inject({ url: `/run/status/${(ok.json() as { executionId: string }).executionId}` })
    ).json() as {
      status: string;
      failedReason: string | null;
    };
    assert.equal(record.status, "success", String(record.failedReason));
    assert.ok(
      existsSync(join(data, "out", "relative", "_SUCCESS")),
      "the relative output is under the data folder",
    );
    // The run's record and its report show the output relative to the data folder.
    const id = (ok.json() as { executionId: string }).executionId;
    for (const url of ["/run/history", `/report/${id}/index.html`, `/report/${id}/results.json`]) {
      const r = await f.app.inject({ url });
      assert.equal(r.statusCode, 200, `${url}: ${r.body}`);
      assert.match(r.body, /out\/relative/, url);
      clean(r.body);
    }
  });
});

describe("item 6: connection tests are no file or port oracle", () => {
  test("a file connection outside the folders says only that it is not allowed", async () => {
    for (const path of ["/etc/shadow", "/etc/passwd", join(outside, "notes.txt"), join(outside, "missing")]) {
      const r = await f.app.inject({
        method: "POST",
        url: "/connection/test",
        payload: { type: "json", options: { path } },
      });
      assert.equal(r.statusCode, 400, r.body);
      const body = r.json() as { success: boolean; message: string; details: Record<string, unknown> };
      assert.equal(body.success, false);
      assert.equal(body.details.code, "RF_PATH_NOT_ALLOWED", r.body);
      assert.doesNotMatch(r.body, /bytes|writable|exists|folder,|holding/i, r.body);
    }
  });
  test("a file connection inside the data folder is tested, its path shown as written", async () => {
    const r = await f.app.inject({
      method: "POST",
      url: "/connection/test",
      payload: { type: "json", options: { path: "out/conn" } },
    });
    assert.equal(r.statusCode, 200, r.body);
    clean(r.body);
  });
  test("an HTTP connection to an internal URL is refused without a request", async () => {
    const before = internalHits.length;
    const r = await f.app.inject({
      method: "POST",
      url: "/connection/test",
      payload: { type: "http", options: { url: `${internalUrl}/admin` } },
    });
    assert.equal(r.statusCode, 400, r.body);
    assert.equal((r.json() as { details: { code: string } }).details.code, "RF_URL_NOT_ALLOWED");
    assert.equal(internalHits.length, before);
  });
});

describe("item 9: no oracle, no server folders in answers", () => {
  test("/sample/task-file answers a missing file and a file outside the folders alike", async () => {
    const answers = [];
    for (const p of [
      join(outside, "missing.yaml"),
      join(outside, "secret.yaml"),
      "/etc/hostname.yaml",
      "../outside/x.yaml",
    ]) {
      if (p.endsWith("secret.yaml")) writeFileSync(p, `name: ${SECRET}\n`);
      const r = await f.app.inject({
        method: "POST",
        url: "/sample/task-file",
        payload: { taskYamlPath: p },
      });
      assert.equal(r.statusCode, 400, r.body);
      const e = (r.json() as { error: { code: string; details: string; message: string } }).error;
      answers.push(`${e.code} ${e.details} ${e.message.replace(p, "<p>")}`);
      clean(r.body);
    }
    assert.equal(new Set(answers).size, 1, answers.join("\n"));
  });
  test("error answers show no absolute path of the server", async () => {
    const r = await f.app.inject({
      method: "POST",
      url: "/run",
      payload: {
        plan: { name: "missing_task", tasks: [{ name: "nope", dataSourceName: "d" }] },
        tasks: [{ name: "nope", dataSourceName: "d" }],
      },
    });
    assert.equal(r.statusCode, 400, r.body);
    clean(r.body);
    assert.ok(!r.body.includes(join(f.dir, "tasks")), r.body);
    const task = await f.app.inject({ url: "/sample/tasks/nope" });
    assert.equal(task.statusCode, 400, task.body);
    assert.ok(!task.body.includes(f.dir), task.body);
  });
});
