import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Transformation } from "../../model/index.ts";
import { loadTransformation, locateTransformation } from "./load-transformation.ts";

const dir = mkdtempSync(join(tmpdir(), "rowforge-transform-"));
const folder = join(dir, "transformations");
mkdirSync(join(folder, "com", "example"), { recursive: true });
mkdirSync(join(folder, "node_modules", "pkg"), { recursive: true });
writeFileSync(join(folder, "upper.mjs"), "export function transform(r) { return r.toUpperCase(); }\n");
writeFileSync(join(folder, "com", "example", "Upper.js"), "export default (r) => r.toUpperCase();\n");
writeFileSync(
  join(folder, "node_modules", "pkg", "index.js"),
  "export function transform(r) { return r; }\n",
);
writeFileSync(join(folder, "data.json"), "{}\n");
writeFileSync(join(dir, "outside.mjs"), "export function transform(r) { return r; }\n");
symlinkSync(join(dir, "outside.mjs"), join(folder, "link.mjs"));
symlinkSync(join(folder, "upper.mjs"), join(folder, "inner-link.mjs"));

const t = (className: string, methodName = "transform"): Transformation => ({
  className,
  methodName,
  mode: "per-record",
  enabled: true,
  options: {},
});

test("names inside the folder load: a path, a path without extension, a dotted name, a symlink that stays inside", async () => {
  for (const name of ["upper.mjs", "upper", "com.example.Upper", "com/example/Upper.js", "inner-link.mjs"]) {
    const loaded = await loadTransformation(t(name), folder, "step s");
    assert.equal((loaded.fn as (r: string) => string)("ab"), "AB", name);
  }
});

test("everything else is refused with RF_TRANSFORMATION_REFUSED naming the folder", async () => {
  const refused: [string, RegExp][] = [
    ["../outside.mjs", /outside the transformations folder/],
    [join(dir, "outside.mjs"), /outside the transformations folder/],
    ["link.mjs", /outside the transformations folder/],
    ["node_modules/pkg/index.js", /under node_modules/],
    ["node_modules.pkg.index", /under node_modules/],
    ["data.json", /only \.js and \.mjs/],
    ["missing", /was not found in the transformations folder/],
  ];
  for (const [name, why] of refused) {
    assert.throws(
      () => locateTransformation(name, folder, "step s"),
      (e: unknown) =>
        e instanceof Error &&
        (e as { code?: string }).code === "RF_TRANSFORMATION_REFUSED" &&
        why.test(e.message) &&
        ((e as { hint?: string }).hint ?? "").includes(folder),
      name,
    );
  }
  await assert.rejects(
    loadTransformation(t("upper", "nope"), folder, "step s"),
    /exports no function "nope"/,
  );
  await assert.rejects(loadTransformation(t("upper", "__proto__"), folder, "step s"), /exports no function/);
  assert.throws(() => locateTransformation("upper", join(dir, "absent"), "step s"), /does not exist/);
});
