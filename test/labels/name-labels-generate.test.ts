import assert from "node:assert/strict";
import { test } from "node:test";
import { NAME_LABELS } from "../../src/metadata/labels/name-labels.ts";
import { planFrom } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";

const TYPES = {
  text: "string",
  integer: "int",
  decimal: "decimal(12,0)",
  float: "double",
  number: "double",
  date: "date",
  timestamp: "timestamp",
};

/** Every label's generator of every kind, as a field, at the narrowest width the label takes. */
function labelFields(): { name: string; yaml: string; width?: number; min?: number; max?: number }[] {
  const out: { name: string; yaml: string; width?: number; min?: number; max?: number }[] = [];
  NAME_LABELS.forEach((row, i) => {
    for (const [kind, make] of Object.entries(row.make)) {
      const name = `f${i}_${kind}`;
      const options: Record<string, unknown> = {};
      if (make.expression !== undefined) options.expression = make.expression;
      if (make.regex !== undefined) options.regex = make.regex;
      if (make.oneOf !== undefined) options.oneOf = make.oneOf;
      if (make.uuid) options.uuid = "";
      if (make.min !== undefined) options.min = make.min;
      if (make.max !== undefined) options.max = make.max;
      if (make.round !== undefined) options.round = make.round;
      if (kind === "text" && make.expression !== undefined && row.minWidth !== undefined)
        options.maxLen = row.minWidth;
      const type = TYPES[kind as keyof typeof TYPES];
      out.push({
        name,
        yaml: `      - ${JSON.stringify({ name, type, options })}\n`,
        ...(kind === "text" && row.minWidth !== undefined ? { width: row.minWidth } : {}),
        ...(typeof make.min === "number" ? { min: make.min, max: make.max as number } : {}),
      });
    }
  });
  return out;
}

for (const locale of ["en", "de", "ja"]) {
  test(`every label generates in locale ${locale}: text within the label's width, numbers within its range, no null`, async () => {
    const fields = labelFields();
    const plan = await planFrom(
      `name: p\ntasks:\n  - name: t\n    dataSourceName: out\nsinkOptions: {locale: ${locale}}\n`,
      {
        t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: 300}\n    fields:\n${fields.map((f) => f.yaml).join("")}`,
      },
    );
    const rows = [...generateAll(plan, "5").values()][0]!;
    assert.equal(rows.length, 300);
    for (const f of fields) {
      for (const r of rows) {
        const v = r[f.name];
        assert.notEqual(v, null, `${f.name} is null`);
        if (f.width !== undefined)
          assert.ok([...(v as string)].length <= f.width, `${f.name}: "${v}" is wider than ${f.width}`);
        // Decimals come back as quoted text.
        const n = Number(String(v).replaceAll('"', ""));
        if (f.min !== undefined)
          assert.ok(n >= f.min && n <= f.max!, `${f.name}: ${v} outside ${f.min}..${f.max}`);
      }
    }
  });
}
