import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PLAN_TYPES_PATH, renderPlanTypes } from "../../scripts/docs/render-plan-types.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

test("the library's plan types are what the unified schema gives (run `npm run docs` after a change)", () => {
  assert.ok(
    readFileSync(join(REPO_ROOT, PLAN_TYPES_PATH), "utf8") === renderPlanTypes(),
    `${PLAN_TYPES_PATH} is stale: run npm run docs`,
  );
});

test("every field option the editor schema documents is a typed, documented key of PlanFieldOptions", () => {
  const text = renderPlanTypes();
  const unified = JSON.parse(readFileSync(join(REPO_ROOT, "schema", "unified.schema.json"), "utf8")) as {
    $defs: { fieldOptions: { properties: Record<string, { description?: string }> } };
  };
  const options = text.slice(text.indexOf("export interface PlanFieldOptions"));
  const block = options.slice(0, options.indexOf("\n}\n"));
  for (const [key, spec] of Object.entries(unified.$defs.fieldOptions.properties)) {
    assert.match(block, new RegExp(`readonly ${key}\\?:`), `${key} is a key of PlanFieldOptions`);
    if (spec.description)
      assert.ok(block.includes(`/** ${spec.description}`), `${key} carries its documentation`);
  }
  assert.match(block, /readonly min\?: string \| number;/);
});
