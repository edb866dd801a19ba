/** Writes the reference pages under docs/ from the code's own tables (`npm run docs`). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderJsonSchemas } from "./docs/render-json-schema.ts";
import { PLAN_TYPES_PATH, renderPlanTypes } from "./docs/render-plan-types.ts";
import { renderReference } from "./docs/render-reference.ts";
import { renderUiCatalogue, UI_CATALOGUE_PATH } from "./docs/render-ui-catalogue.ts";

/**
 * Writes a file only when its text changes: an untouched file keeps its time, so the bundle's
 * freshness check (which compares source times) does not call dist/ stale after `npm run docs`.
 */
function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return;
  writeFileSync(path, text);
}

const docs = fileURLToPath(new URL("../docs/", import.meta.url));
mkdirSync(docs, { recursive: true });
for (const [name, text] of Object.entries(await renderReference())) {
  writeIfChanged(join(docs, name), text);
  console.log(`docs/${name}`);
}

const schemas = fileURLToPath(new URL("../schema/", import.meta.url));
mkdirSync(schemas, { recursive: true });
for (const [name, text] of Object.entries(renderJsonSchemas())) {
  writeIfChanged(join(schemas, name), text);
  console.log(`schema/${name}`);
}

writeIfChanged(fileURLToPath(new URL(`../${UI_CATALOGUE_PATH}`, import.meta.url)), renderUiCatalogue());
console.log(UI_CATALOGUE_PATH);

// The plan types of the library, from the unified schema written just above.
writeIfChanged(fileURLToPath(new URL(`../${PLAN_TYPES_PATH}`, import.meta.url)), renderPlanTypes());
console.log(PLAN_TYPES_PATH);
