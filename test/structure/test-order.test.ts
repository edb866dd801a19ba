import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { longestFirst, testFiles } from "../../scripts/run-tests.ts";

test("test files start longest first, a file with no time yet as the median, ties in their order", () => {
  const times = new Map([
    ["a.test.ts", 100],
    ["b.test.ts", 9000],
    ["c.test.ts", 500],
    ["d.test.ts", 500],
  ]);
  assert.deepEqual(longestFirst(["a.test.ts", "new.test.ts", "c.test.ts", "b.test.ts", "d.test.ts"], times), [
    "b.test.ts",
    "new.test.ts",
    "c.test.ts",
    "d.test.ts",
    "a.test.ts",
  ]);
  assert.deepEqual(longestFirst(["x.test.ts", "y.test.ts"], new Map()), ["x.test.ts", "y.test.ts"]);
});

test("every test file of the table of times still exists, so the order follows the suite", () => {
  const { together, alone } = testFiles();
  const files = new Set([...together, ...alone]);
  const listed = readFileSync(new URL("../file-times.tsv", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t")[0] ?? "");
  const gone = listed.filter((f) => !files.has(f));
  assert.ok(listed.length > 100, `test/file-times.tsv lists ${listed.length} files`);
  assert.ok(
    gone.length <= 20,
    `test/file-times.tsv names ${gone.length} files that are gone: ${gone.slice(0, 5).join(", ")} (ROWFORGE_TEST_TIMES=record npm run test:unit writes it anew)`,
  );
});
