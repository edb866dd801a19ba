/** Writes the reference pages under docs/ from the code's own tables (`npm run docs`). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderJsonSchemas } from "./docs/render-json-schema.ts";
import { renderReference } from "./docs/render-reference.ts";
import { renderUiCatalogue, UI_CATALOGUE_PATH } from "./docs/render-ui-catalogue.ts";

const docs = fileURLToPath(new URL("../docs/", import.meta.url));
mkdirSync(docs, { recursive: true });
for (const [name, text] of Object.entries(await renderReference())) {
  writeFileSync(join(docs, name), text);
  console.log(`docs/${name}`);
}

const schemas = fileURLToPath(new URL("../schema/", import.meta.url));
mkdirSync(schemas, { recursive: true });
for (const [name, text] of Object.entries(renderJsonSchemas())) {
  writeFileSync(join(schemas, name), text);
  console.log(`schema/${name}`);
}

writeFileSync(fileURLToPath(new URL(`../${UI_CATALOGUE_PATH}`, import.meta.url)), renderUiCatalogue());
console.log(UI_CATALOGUE_PATH);
