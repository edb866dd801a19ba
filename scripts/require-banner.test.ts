import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../test/support/fixture-dir.ts";
import { dropUnusedRequireBanner, REQUIRE_BANNER } from "./require-banner.ts";

test("the require banner stays only in files whose code names require", () => {
  const dir = fixtureDir({
    "uses.js": `${REQUIRE_BANNER}\nvar x = typeof require !== "undefined" ? require : null;\n`,
    "helper.js": `${REQUIRE_BANNER}\nimport { __require } from "./uses.js";\nexport const y = __require("z");\n`,
    "plain.js": `${REQUIRE_BANNER}\nexport const createRequireLike = 1;\n`,
    "no-banner.js": "export const n = 1;\n",
  });
  const files = ["uses.js", "helper.js", "plain.js", "no-banner.js"].map((f) => join(dir, f));
  assert.equal(dropUnusedRequireBanner(files), 1);
  const text = (f: string) => readFileSync(join(dir, f), "utf8");
  assert.ok(text("uses.js").startsWith(REQUIRE_BANNER));
  // __require is another name: the file that defines it keeps the banner, not its importers.
  assert.equal(
    text("helper.js"),
    'import { __require } from "./uses.js";\nexport const y = __require("z");\n',
  );
  assert.equal(text("plain.js"), "export const createRequireLike = 1;\n");
  assert.equal(text("no-banner.js"), "export const n = 1;\n");
});
