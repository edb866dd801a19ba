import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { GENERATOR_VERSION } from "../../src/engine/generator-version.ts";
import { TYPE_MAPPING } from "../../src/formats/type-mapping.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

const TASK = readFileSync(new URL("../formats/readback.task.yaml", import.meta.url), "utf8");

// Each format's bytes at a fixed seed: a difference means an encoder (or the generators) changed.
// If intended, rerun with UPDATE_GOLDEN=1 (and bump GENERATOR_VERSION when generated values changed).
for (const format of ["json", "csv", "parquet", "orc"]) {
  test(`golden ${format} bytes at a fixed seed`, async () => {
    const plan = await planFrom("name: g\ntasks: [{name: readback, dataSourceName: out}]\n", { g: TASK });
    const step = compilePlan(plan, { seed: "21", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
    const file = await encodeToFile(
      format,
      [step.batch(0, 25), step.batch(25, 15)],
      format === "orc" ? { compression: "zlib" } : {},
    );
    const actual = readFileSync(file);
    const golden = new URL(
      `./formats/readback-v${GENERATOR_VERSION}.${format === "json" ? "json.txt" : format}`,
      import.meta.url,
    );
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(golden)) writeFileSync(golden, actual);
    assert.ok(actual.equals(readFileSync(golden)), `${format} output differs from ${golden.pathname}`);
  });
}

test("the type-mapping table covers every type", () => {
  for (const kind of [
    "string",
    "int",
    "long",
    "short",
    "byte",
    "double",
    "float",
    "decimal",
    "boolean",
    "date",
    "timestamp",
    "binary",
    "array",
    "map",
    "struct",
  ]) {
    assert.ok(TYPE_MAPPING[kind as keyof typeof TYPE_MAPPING], kind);
  }
});
