import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "../../bin/build-stamp.js";
import { fixtureDir } from "../support/fixture-dir.ts";
import { CLI, REPO_ROOT } from "../support/run-cli.ts";

// A start loads what its command needs: these packages only when a plan (or `serve`) uses them.
const HEAVY = [
  "ajv",
  "@duckdb/node-api",
  "pg",
  "mysql2",
  "cassandra-driver",
  "@platformatic/kafka",
  "amqplib",
  "mqtt",
  "@nats-io/transport-node",
  "fastify",
  "preact",
  "level",
  "parquet-wasm",
  "piscina",
  "protobufjs",
  "undici",
];

const TRACE = fileURLToPath(new URL("../support/trace-modules.ts", import.meta.url));

/** The package a path inside node_modules belongs to ("@scope/name" or "name"). */
function packageOf(path: string): string | undefined {
  const parts = path.split("node_modules/").at(-1)?.split("/");
  if (!parts || !path.includes("node_modules/")) return undefined;
  return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The esbuild metafile of the bundle: which inputs each file of dist/ holds. */
function bundleInputs(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(join(REPO_ROOT, "dist", "metafile.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  return new Map(
    Object.entries(meta.outputs).map(([out, o]) => [join(REPO_ROOT, out), Object.keys(o.inputs)]),
  );
}

// The connectors a plan of files never needs: the registry loads a connector when a step uses it.
const OTHER_CONNECTORS = ["postgres", "mysql", "cassandra", "http", "kafka", "rabbitmq", "mqtt", "nats"].map(
  (name) => `src/connectors/${name}/${name}-connector.ts`,
);

// The metadata readers a plan whose steps list their fields never needs.
const METADATA_READERS = [
  "json-schema/json-schema-source.ts",
  "openapi/openapi-source.ts",
  "contract/odcs-source.ts",
  "contract/datacontract-source.ts",
  "great-expectations/ge-source.ts",
  "avro/avro-source.ts",
  "protobuf/protobuf-source.ts",
  "schema-registry/schema-registry-source.ts",
].map((file) => `src/metadata/${file}`);

/**
 * Code a plan loads only when it uses it, each with the module that stands for it: the SQL
 * compiler (sql fields, validations), the quality engine (validations), the file readers
 * (validations, reference steps), the row encoders of database and broker sinks.
 */
const ON_DEMAND: Readonly<Record<string, string>> = {
  "the SQL compiler": "src/engine/sql/sql-compiler.ts",
  "the SQL function library": "src/engine/sql/functions/index.ts",
  "the Java-to-RE2 regex translation": "src/engine/java-regex/to-re2.ts",
  "the quality engine": "src/quality/quality-engine.ts",
  "the validation runner": "src/quality/run-validations.ts",
  "the file readers": "src/connectors/file/read-file-rows.ts",
  "the ORC reader": "src/formats/orc/read/orc-reader.ts",
  "the message sinks' encoder": "src/connectors/messaging/message-frames.ts",
  "PostgreSQL's COPY encoder": "src/connectors/postgres/copy-binary.ts",
  "MariaDB's LOAD DATA encoder": "src/connectors/mysql/load-data-tsv.ts",
  "the Great Expectations suite reader": "src/metadata/great-expectations/expectation-suite.ts",
};

/** What a start loaded: the packages, and rowforge's own source files (relative to the repository). */
interface Loaded {
  readonly packages: Set<string>;
  readonly sources: Set<string>;
}

/** Runs the CLI (`cli`, the repository's unless given) with every loaded module traced; answers their files. */
function filesLoaded(args: readonly string[], mode: "bundle" | "source", cli = CLI): string[] {
  const trace = join(fixtureDir({}), "modules.txt");
  const r = spawnSync(process.execPath, ["--import", TRACE, cli, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NO_COLOR: "1",
      ROWFORGE_TRACE_MODULES: trace,
      // A run records in a home of its own, not the user's.
      HOME: fixtureDir({}),
      ...(mode === "source" ? { ROWFORGE_FROM_SOURCE: "1" } : {}),
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return readFileSync(trace, "utf8")
    .split("\n")
    .filter((u) => u.startsWith("file:"))
    .map((u) => fileURLToPath(u));
}

/**
 * Runs the CLI with every resolved module traced and returns what it loaded: from the sources
 * directly, from the bundle through the inputs of the chunks it loaded.
 */
function modulesLoaded(args: readonly string[], mode: "bundle" | "source"): Loaded {
  const files = filesLoaded(args, mode);
  if (mode === "bundle")
    assert.ok(bundleIsFresh(REPO_ROOT), "dist/ is missing or stale: run `npm run build`");
  const inputs = mode === "bundle" ? bundleInputs() : new Map<string, string[]>();
  const packages = new Set<string>();
  const sources = new Set<string>();
  for (const file of files) {
    for (const path of inputs.get(file) ?? [file]) {
      const name = packageOf(path);
      if (name) packages.add(name);
      else sources.add(relative(REPO_ROOT, resolve(REPO_ROOT, path)));
    }
  }
  return { packages, sources };
}

const packagesLoaded = (args: readonly string[], mode: "bundle" | "source"): Set<string> =>
  modulesLoaded(args, mode).packages;

const SMALL_TASK = (out = "/tmp/rowforge-never-written") => `name: t
steps:
  - name: people
    type: json
    options: {path: ${JSON.stringify(out)}}
    count: {records: 100}
    fields:
      - {name: id, options: {regex: "P[0-9]{6}", isUnique: true}}
      - {name: first, options: {expression: "#{Name.firstName}"}}
      - {name: age, type: int, options: {min: 18, max: 90}}
      - {name: joined, type: date}
`;

/** The arguments of a `run` of a small plan of one file step (SMALL_TASK), written to a new folder. */
function smallRunArgs(): string[] {
  const dir = fixtureDir({ "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n" });
  mkdirSync(join(dir, "task"));
  writeFileSync(join(dir, "task", "t.yaml"), SMALL_TASK(join(dir, "out")));
  return ["run", join(dir, "plan.yaml"), "-q", "--seed", "1", "--now", "2026-01-01T00:00:00Z"];
}

for (const mode of ["bundle", "source"] as const) {
  test(`--version and --help load commander and nothing else (${mode})`, () => {
    for (const args of [["--version"], ["--help"]]) {
      assert.deepEqual([...packagesLoaded(args, mode)], ["commander"], args.join(" "));
    }
  });

  test(`sample -n 1 of a small file plan loads no database, broker, server or validator package (${mode})`, () => {
    const dir = fixtureDir({ "task.yaml": SMALL_TASK() });
    const { packages, sources } = modulesLoaded(
      ["sample", join(dir, "task.yaml"), "-n", "1", "--seed", "1"],
      mode,
    );
    assert.deepEqual(
      HEAVY.filter((p) => packages.has(p)),
      [],
    );
    assert.deepEqual(
      Object.entries(ON_DEMAND)
        .filter(([, file]) => sources.has(file))
        .map(([what]) => what),
      [],
    );
  });

  test(`run of a small file plan loads no database, broker, server or validator package, nor another connector or a metadata reader (${mode})`, () => {
    const args = smallRunArgs();
    const { packages, sources } = modulesLoaded(args, mode);
    assert.deepEqual(
      HEAVY.filter((p) => packages.has(p) && p !== "level"),
      [],
      "the run history's LevelDB is the only one of them a run needs",
    );
    assert.ok(sources.has("src/connectors/file/file-connector.ts"), "the file connector wrote the rows");
    assert.deepEqual(
      [...OTHER_CONNECTORS, ...METADATA_READERS].filter((f) => sources.has(f)),
      [],
    );
    assert.deepEqual(
      Object.entries(ON_DEMAND)
        .filter(([, file]) => sources.has(file))
        .map(([what]) => what),
      [],
      "a plan without sql fields or validations loads none of them",
    );
    assert.ok(!packages.has("re2js"), "re2js comes only with the SQL compiler");
  });

  test(`run of a plan with a sql field and a validation loads the SQL compiler and the quality engine, and checks the rows (${mode})`, () => {
    const dir = fixtureDir({});
    writeFileSync(
      join(dir, "plan.yaml"),
      `name: p
dataSources:
  - name: d
    connection: {type: json, options: {path: ${JSON.stringify(join(dir, "out"))}}}
    steps:
      - name: people
        count: {records: 100}
        fields:
          - {name: id, options: {regex: "P[0-9]{6}", isUnique: true}}
          - {name: label, options: {sql: "concat(id, '-', upper('x'))"}}
        validations:
          - expr: "label LIKE 'P%-X'"
`,
    );
    const args = ["run", join(dir, "plan.yaml"), "-q", "--seed", "1", "--now", "2026-01-01T00:00:00Z"];
    const { sources } = modulesLoaded(args, mode);
    for (const what of [
      "the SQL compiler",
      "the SQL function library",
      "the quality engine",
      "the validation runner",
    ])
      assert.ok(sources.has(ON_DEMAND[what]!), `${what} loaded`);
  });
}

// The launcher resolves the bundle's chunk imports itself (bin/bundle-resolve.js): started
// through a symlink, as a linked install is, each chunk must still load once, from the real
// dist/ (a chunk loaded under two URLs would hold two copies of its module state).
test("a run started through a symlinked install loads each bundle chunk once, from the real dist/", () => {
  assert.ok(bundleIsFresh(REPO_ROOT), "dist/ is missing or stale: run `npm run build`");
  const link = join(fixtureDir({}), "rowforge");
  symlinkSync(REPO_ROOT, link);
  const args = smallRunArgs();
  const chunks = filesLoaded(args, "bundle", join(link, "bin", "rowforge.js")).filter((f) =>
    basename(f).startsWith("chunk-"),
  );
  assert.ok(chunks.length > 0, "the run loaded the bundle's chunks");
  assert.deepEqual(
    chunks.filter((f) => dirname(f) !== join(realpathSync(REPO_ROOT), "dist")),
    [],
  );
  assert.equal(new Set(chunks.map((f) => basename(f))).size, chunks.length, "no chunk loaded twice");
});
