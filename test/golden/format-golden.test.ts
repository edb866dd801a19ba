import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { GENERATOR_VERSION } from "../../src/engine/generator-version.ts";
import { formatNames, requireFormat } from "../../src/formats/format-registry.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

const TASK = readFileSync(new URL("../formats/readback.task.yaml", import.meta.url), "utf8");

/**
 * Per-format settings of the golden case, where the defaults (no options, the format's extension)
 * do not do: a format registered in src/formats/format-registry.ts gets its golden case from the
 * loop below without an entry here.
 */
const GOLDEN_SETTINGS: Record<string, { options?: Record<string, string>; extension?: string }> = {
  json: { extension: "json.txt" },
  orc: { options: { compression: "zlib" } },
};

const goldenFile = (format: string): URL =>
  new URL(
    `./formats/readback-v${GENERATOR_VERSION}.${GOLDEN_SETTINGS[format]?.extension ?? requireFormat(format, "golden").extension}`,
    import.meta.url,
  );

test("every registered format has a golden file, and every golden file a registered format", () => {
  const expected = formatNames().map((f) => goldenFile(f).pathname.split("/").pop()!);
  const present = readdirSync(new URL("./formats/", import.meta.url)).filter((f) =>
    f.startsWith(`readback-v${GENERATOR_VERSION}.`),
  );
  assert.deepEqual(
    [...present].sort(),
    [...expected].sort(),
    "a format without a golden file: run the golden test with UPDATE_GOLDEN=1 and commit the file",
  );
  for (const key of Object.keys(GOLDEN_SETTINGS))
    assert.ok(formatNames().includes(key), `${key} is not registered`);
});

// Each format's bytes at a fixed seed: a difference means an encoder (or the generators) changed.
// If intended, rerun with UPDATE_GOLDEN=1 (and bump GENERATOR_VERSION when generated values changed).
for (const format of formatNames()) {
  test(`golden ${format} bytes at a fixed seed`, async () => {
    const plan = await planFrom("name: g\ntasks: [{name: readback, dataSourceName: out}]\n", { g: TASK });
    const step = compilePlan(plan, { seed: "21", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
    const file = await encodeToFile(
      format,
      [step.batch(0, 25), step.batch(25, 15)],
      GOLDEN_SETTINGS[format]?.options ?? {},
    );
    const actual = readFileSync(file);
    const golden = goldenFile(format);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, actual);
    assert.ok(
      existsSync(golden),
      `no golden file ${golden.pathname}: run with UPDATE_GOLDEN=1 and commit it`,
    );
    assert.ok(actual.equals(readFileSync(golden)), `${format} output differs from ${golden.pathname}`);
  });
}
