import type { ReadField } from "./batch-rows.ts";
import type { Check, CheckOutcome } from "./check.ts";

/**
 * Data Caterer's field-name checks (ColumnNamesValidation), decided from the schema alone:
 * fieldCountEqual {count}, fieldCountBetween {min, max}, fieldNameMatchOrder {names} (records
 * are the positions compared), fieldNameMatchSet {names} (records are the names expected).
 */
export class FieldNamesCheck implements Check {
  readonly kind = "fieldNames";
  readonly description: string;
  readonly errorThreshold?: number;
  /** Only the schema's field names: no column is read. */
  readonly reads = [];
  private readonly outcome: CheckOutcome;

  constructor(
    type: string,
    options: Readonly<Record<string, unknown>>,
    fields: readonly ReadField[],
    description: string | undefined,
    errorThreshold: number | undefined,
  ) {
    if (errorThreshold !== undefined) this.errorThreshold = errorThreshold;
    const names = fields.map((f) => f.name);
    const expected = Array.isArray(options.names) ? options.names.map(String) : [];
    const num = (k: string, alt: string) => Number(options[k] ?? options[alt]);
    const countOutcome = (ok: boolean): CheckOutcome => ({
      records: 1,
      failed: ok ? 0 : 1,
      unit: "fields",
      success: ok,
      sample: ok ? [] : [{ fieldCount: names.length }],
    });
    switch (type) {
      case "fieldCountEqual": {
        const count = num("count", "count");
        const ok = names.length === count;
        this.description = description ?? `field count is ${count}`;
        this.outcome = countOutcome(ok);
        break;
      }
      case "fieldCountBetween": {
        const min = num("min", "minCount");
        const max = num("max", "maxCount");
        const ok = names.length >= min && names.length <= max;
        this.description = description ?? `field count between ${min} and ${max}`;
        this.outcome = countOutcome(ok);
        break;
      }
      case "fieldNameMatchOrder": {
        const n = Math.min(names.length, expected.length);
        const wrong: Record<string, unknown>[] = [];
        for (let i = 0; i < n; i++)
          if (names[i] !== expected[i]) wrong.push({ position: i, found: names[i], expected: expected[i] });
        this.description = description ?? `field names in order ${expected.join(", ")}`;
        this.outcome = {
          records: n,
          failed: wrong.length,
          unit: "fields",
          success: wrong.length === 0,
          sample: wrong.slice(0, 5),
        };
        break;
      }
      default: {
        const missing = expected.filter((e) => !names.includes(e));
        this.description = description ?? `field names include ${expected.join(", ")}`;
        this.outcome = {
          records: expected.length,
          failed: missing.length,
          unit: "fields",
          success: missing.length === 0,
          sample: missing.slice(0, 5).map((m) => ({ missing: m })),
        };
      }
    }
  }
  consume(): void {}
  finish(): CheckOutcome {
    return this.outcome;
  }
}
