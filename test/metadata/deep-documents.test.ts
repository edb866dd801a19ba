import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { openAccess } from "../../src/access/index.ts";
import { MAX_YAML_DEPTH } from "../../src/config/index.ts";
import { metadataDocuments } from "../../src/metadata/metadata-documents.ts";
import { fixtureDir } from "../support/fixture-dir.ts";

test("a metadata document of YAML nested 10,000 levels deep is refused naming the nesting limit", async () => {
  const n = 10_000;
  const dir = fixtureDir({
    "schema.yaml": `type: object\nproperties: ${"{a: ".repeat(n)}1${"}".repeat(n)}\n`,
  });
  const docs = metadataDocuments([join(dir, "plan.yaml")], openAccess(dir));
  await assert.rejects(docs.read("schema.yaml", "step s"), (e: Error & { code?: string }) => {
    assert.equal(e.code, "RF_METADATA_SCHEMA_INVALID");
    assert.match(e.message, new RegExp(`more than ${MAX_YAML_DEPTH} levels deep`));
    assert.doesNotMatch(e.message, /call stack/i);
    return true;
  });
});
