import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { corpusDocument } from "../support/corpus/corpus-manifest.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

/**
 * The largest OpenAPI 3.1 document of the corpus (ReadMe's own API, 560 KB, 54 operations,
 * test/metadata/corpus/openapi.json) run as a user runs it with the CLI: a sample of one
 * operation is judged by that operation alone, and a run of every operation stays within a
 * small heap (issue 28: such a document's run died of a V8 heap out-of-memory, and
 * `sample --step X` was refused because of another step's size). The rows themselves are
 * checked against the document by the corpus test.
 */

const { path } = corpusDocument("openapi.json", "readme/3.1/readme");
const task = `name: readme_api
steps:
  - name: api
    type: json
    count: { records: 1000 }
    options: { path: out, metadataSourceType: openApi, schemaLocation: "${path}" }
`;
const OPERATIONS = 54;

test("sample --step of one operation of a 560 KB OpenAPI 3.1 document is judged by that operation alone", async () => {
  const dir = fixtureDir({ "task.yaml": task, "application.conf": "budget { maxBytesPerSample = 16384 }\n" });
  const sample = (step: string) =>
    runCliAsync(["sample", "task.yaml", "--step", step, "-n", "100", "--seed", "28"], {
      cwd: dir,
      timeoutMs: 120_000,
    });
  // The document's largest body (POST .../reference, up to 9,400 bytes a row) does not refuse a small operation's sample.
  const small = await sample("DELETE/branches/{branch}");
  assert.equal(small.status, 0, small.stderr);
  const rows = small.stdout.split("\n").filter((l) => l !== "");
  assert.equal(rows.length, 100);
  assert.ok(
    rows.every((l) => typeof (JSON.parse(l) as { pathParambranch?: unknown }).pathParambranch === "string"),
  );
  const large = await sample("POST/branches/{branch}/reference");
  assert.equal(large.status, 2, large.stdout);
  assert.match(
    large.stderr,
    /RF_BUDGET_EXCEEDED: step "POST\/branches\/\{branch\}\/reference" \(largest field "body"[\s\S]*maxBytesPerSample = 16384/,
  );
});

test("a run of every operation of the 560 KB OpenAPI 3.1 document (54 x 1,000 rows) completes within a 384 MB heap", async () => {
  const dir = fixtureDir({ "task.yaml": task });
  const r = await runCliAsync(["run", "task.yaml", "--seed", "28"], {
    cwd: dir,
    env: { NODE_OPTIONS: "--max-old-space-size=384" },
    timeoutMs: 300_000,
  });
  assert.equal(r.status, 0, r.stderr.slice(-2000));
  const out = join(dir, "out");
  const operations = readdirSync(out).filter((d) => statSync(join(out, d)).isDirectory());
  assert.equal(operations.length, OPERATIONS, operations.join(", "));
  for (const op of operations) {
    const lines = readdirSync(join(out, op))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) =>
        readFileSync(join(out, op, f), "utf8")
          .split("\n")
          .filter((l) => l !== ""),
      );
    assert.equal(lines.length, 1000, op);
  }
});
