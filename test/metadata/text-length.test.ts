import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { checkStepBudget } from "../../src/engine/budget/check-step-budget.ts";
import { DEFAULT_BUDGET } from "../../src/model/generation-budget.ts";
import { generateDocument } from "../support/corpus/generate-document.ts";
import { jsonRows } from "../support/corpus/json-rows.ts";
import { fixtureDir } from "../support/fixture-dir.ts";

/** A JSON Schema's string lengths, the lengths generated for them: [least, most] allowed, [least, most] of 2,000 rows. */
const CASES: Record<
  string,
  { schema: object; allowed: [number, number]; most: number; average: [number, number] }
> = {
  up_to_100: { schema: { maxLength: 100 }, allowed: [1, 100], most: 100, average: [10.5, 14.5] },
  between_30_and_60: {
    schema: { minLength: 30, maxLength: 60 },
    allowed: [30, 60],
    most: 58,
    average: [43, 47],
  },
  varchar_255: { schema: { maxLength: 255 }, allowed: [1, 255], most: 255, average: [13, 17] },
  text_65535: { schema: { maxLength: 65_535 }, allowed: [1, 255], most: 255, average: [13, 17] },
  from_50_to_200: {
    schema: { minLength: 50, maxLength: 200 },
    allowed: [50, 200],
    most: 200,
    average: [60, 64],
  },
  at_least_300: {
    schema: { minLength: 300, maxLength: 1000 },
    allowed: [300, 300],
    most: 300,
    average: [300, 300],
  },
  unbounded: { schema: {}, allowed: [1, 20], most: 19, average: [9.5, 11.5] },
};

test("random text spans a string's declared length (not 20 characters at most), a limit far above any value at most 255, a wide range mostly short (about default text's length above its minimum) but its longest reached; the budget's row estimate holds the longest", async () => {
  const properties = Object.fromEntries(
    Object.entries(CASES).map(([name, c]) => [name, { type: "string", ...c.schema }]),
  );
  const file = join(
    fixtureDir({
      "lengths.json": JSON.stringify({ type: "object", properties, required: Object.keys(CASES) }),
    }),
    "lengths.json",
  );
  const task = { type: "json", options: { metadataSourceType: "jsonSchema", jsonSchemaFile: "{document}" } };
  const [step] = await generateDocument(task, { document: file }, 2000);
  const rows = await jsonRows(step!);
  for (const [name, c] of Object.entries(CASES)) {
    const lengths = rows.map((r) => String(r[name]).length);
    const least = Math.min(...lengths);
    const most = Math.max(...lengths);
    assert.ok(
      least >= c.allowed[0] && most <= c.allowed[1],
      `${name}: ${least}..${most}, not within ${c.allowed}`,
    );
    assert.ok(most >= c.most, `${name}: the longest is ${most}, expected ${c.most} or more`);
    const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    assert.ok(
      average >= c.average[0] && average <= c.average[1],
      `${name}: lengths average ${average}, not within ${c.average}`,
    );
  }
  // The estimate of a row's bytes is at least the strings' bytes in memory (UTF-16 + header).
  const estimate = checkStepBudget("s", step!.step.step.fields, DEFAULT_BUDGET).bytesPerRow;
  const longest = Object.keys(CASES).reduce(
    (n, name) => n + 16 + 2 * Math.max(...rows.map((r) => String(r[name]).length)),
    0,
  );
  assert.ok(
    estimate >= longest,
    `estimate ${estimate} bytes, below the ${longest} bytes of the longest values`,
  );
  assert.ok(
    estimate < 2 * longest + 1024,
    `estimate ${estimate} bytes, far above the ${longest} bytes generated`,
  );
});
