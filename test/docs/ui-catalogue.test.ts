import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderUiCatalogue, UI_CATALOGUE_PATH } from "../../scripts/docs/render-ui-catalogue.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

test("the plan editor's catalogue is exactly what the editor schemas give (run `npm run docs` after a change)", () => {
  const onDisk = readFileSync(join(REPO_ROOT, UI_CATALOGUE_PATH), "utf8");
  assert.ok(
    onDisk === renderUiCatalogue(),
    `${UI_CATALOGUE_PATH} is stale: run \`npm run docs\` and commit it`,
  );
});
