import assert from "node:assert/strict";
import { test } from "node:test";
import { isReferenceStep, parseBooleanOption, stepRunOptions } from "./boolean-option.ts";

test("parseBooleanOption reads true/false, yes/no and 1/0 in any case, trimmed; nothing else", () => {
  for (const t of ["true", " TRUE ", "True", "yes", "YES", "1"]) assert.equal(parseBooleanOption(t), true, t);
  for (const f of ["false", "False ", "no", "0"]) assert.equal(parseBooleanOption(f), false, f);
  for (const x of [undefined, "", "maybe", "2", "t"])
    assert.equal(parseBooleanOption(x), undefined, String(x));
});

test("run-affecting step options are parsed once, the same way for every reader", () => {
  assert.deepEqual(stepRunOptions({}), {
    referenceMode: false,
    dataGeneration: true,
    allCombinations: false,
  });
  assert.deepEqual(
    stepRunOptions({ enableReferenceMode: " True", enableDataGeneration: "FALSE", allCombinations: "yes" }),
    { referenceMode: true, dataGeneration: false, allCombinations: true },
  );
  assert.equal(isReferenceStep(stepRunOptions({ enableReferenceMode: "true " })), true);
  assert.equal(isReferenceStep(stepRunOptions({ enableDataGeneration: "false" })), true);
  assert.equal(
    isReferenceStep(stepRunOptions({ enableDataGeneration: "true", enableReferenceMode: "false" })),
    false,
  );
});
