import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "yaml";
import { renderJsonSchemas } from "../../scripts/docs/render-json-schema.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { loadProject } from "../../src/config/index.ts";
import { REPO_ROOT } from "../support/run-cli.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const SCHEMA_DIR = join(REPO_ROOT, "schema");
type Kind = "task" | "plan" | "unified" | "validation";

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = Object.fromEntries(
  (["task", "plan", "unified", "validation"] as const).map((k) => [
    k,
    ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, `${k}.schema.json`), "utf8")) as object),
  ]),
) as Record<Kind, ReturnType<typeof ajv.compile>>;

function kindOf(doc: unknown): Kind | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  const d = doc as Record<string, unknown>;
  if (Array.isArray(d.dataSources)) return "unified";
  if (d.dataSources !== undefined) return "validation";
  if (d.tasks !== undefined) return "plan";
  if (d.steps !== undefined) return "task";
  return undefined;
}

const yamlFiles = (root: string): string[] =>
  statSync(root).isDirectory()
    ? readdirSync(root).flatMap((f) => yamlFiles(join(root, f)))
    : /\.ya?ml$/.test(root)
      ? [root]
      : [];

/** `/steps/0/fields/8/options` + `mni` → `steps[0].fields[8].options.mni`, the loader's path text. */
const pathText = (pointer: string, key: string) =>
  [...pointer.split("/").slice(1), key]
    .map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`))
    .join("");

/** The keys the schema underlines in a file, as loader paths. */
function schemaUnknownKeys(file: string): { kind: Kind | undefined; paths: string[] } {
  const doc = parse(readFileSync(file, "utf8")) as unknown;
  const kind = kindOf(doc);
  if (!kind) return { kind, paths: [] };
  const validate = validators[kind];
  if (validate(doc)) return { kind, paths: [] };
  return {
    kind,
    paths: (validate.errors ?? [])
      .filter((e) => e.keyword === "additionalProperties")
      .map((e) =>
        pathText(e.instancePath, String((e.params as { additionalProperty: string }).additionalProperty)),
      ),
  };
}

test("the editor schemas are exactly what the loader's tables give (run `npm run docs` after a change)", () => {
  for (const [name, text] of Object.entries(renderJsonSchemas())) {
    assert.ok(
      readFileSync(join(SCHEMA_DIR, name), "utf8") === text,
      `schema/${name} is stale: run npm run docs`,
    );
  }
});

test("every example and bundled plan is valid against its schema", () => {
  const files = [...yamlFiles(join(REPO_ROOT, "examples")), ...yamlFiles(join(REPO_ROOT, "config", "plans"))];
  assert.ok(files.length >= 14);
  for (const f of files) {
    const { kind, paths } = schemaUnknownKeys(f);
    assert.ok(kind, `${f} has a kind`);
    const v = validators[kind];
    assert.ok(
      v(parse(readFileSync(f, "utf8"))),
      `${relative(REPO_ROOT, f)}: ${JSON.stringify(v.errors)} ${paths}`,
    );
  }
});

test("a typo in an option, a field or a step is underlined by the schema", () => {
  const doc = parse(`name: t
steps:
  - name: s
    type: json
    fields:
      - {name: a, type: int, options: {mni: 1, max: 5}}
      - {name: b, typ: string}
    cuont: {records: 5}
`);
  const v = validators.task;
  assert.equal(v(doc), false);
  const bad = (v.errors ?? []).map((e) =>
    pathText(e.instancePath, String((e.params as { additionalProperty?: string }).additionalProperty)),
  );
  for (const p of ["steps[0].fields[0].options.mni", "steps[0].fields[1].typ", "steps[0].cuont"])
    assert.ok(bad.includes(p), `${p} in ${bad}`);
});

test("on users' files the schema underlines only keys that rowforge validate also warns about", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const files = yamlFiles(CORPUS);
  const load = await loadProject([CORPUS], { outputKinds: OUTPUT_KINDS, env: {}, lenientEnv: true });
  const warned = new Set(
    load.diagnostics
      .filter((d) => (d.code === "RF_KEY_UNKNOWN" || d.code === "RF_KEY_IGNORED") && d.location?.path)
      .map((d) => `${d.location!.file}#${d.location!.path}`),
  );
  let underlined = 0;
  for (const f of files) {
    for (const p of schemaUnknownKeys(f).paths) {
      underlined++;
      assert.ok(
        warned.has(`${f}#${p}`),
        `${relative(CORPUS, f)}: the schema underlines ${p}, rowforge validate does not warn`,
      );
    }
  }
  assert.ok(
    underlined > 0,
    "the corpus has typos the schema finds (arrayMinLength, primaryKeyPosition, ...)",
  );
});
