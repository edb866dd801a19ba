import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { GENERATOR_VERSION } from "../../src/engine/generator-version.ts";
import { planFrom } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";

const TASK = readFileSync(new URL("./all-options.task.yaml", import.meta.url), "utf8");
const PLAN =
  "name: golden\ntasks: [{name: golden_task, dataSourceName: out}]\nsinkOptions: {seed: 11, locale: en}\n";

// Every type and option at a fixed seed and reference time. A difference means generator
// output changed: if that is intended, bump GENERATOR_VERSION and rerun with UPDATE_GOLDEN=1.
for (const fastMode of [true, false]) {
  test(`golden output of every type and option (fastMode=${fastMode})`, async () => {
    const plan = await planFrom(PLAN, { golden: TASK });
    const rows = generateAll(plan, "11", fastMode).get("out.everything")!;
    const actual = `${JSON.stringify({ version: GENERATOR_VERSION, rows }, null, 1)}\n`;
    const file = new URL(`./engine-all-options.fast-${fastMode}.json`, import.meta.url);
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) writeFileSync(file, actual);
    const expected = readFileSync(file, "utf8");
    assert.equal(
      JSON.parse(expected).version,
      GENERATOR_VERSION,
      "golden files are from another generator version",
    );
    assert.equal(actual, expected);
  });
}
