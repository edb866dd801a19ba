import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { MICROS_PER_DAY } from "../../util/calendar.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { dateBound, timestampBound } from "./resolve-bound.ts";

export interface TemporalSpec {
  readonly type: DataType;
  readonly options: FieldOptions;
  readonly key: number;
  readonly nowMicros: number;
  readonly rowCount: number;
  readonly unique: "none" | "explicit" | "implicit";
  readonly fieldPath: string;
}

/** 1970-01-01 was a Thursday: day-of-week (0 = Monday) of a day count. */
const weekday = (days: number): number => (((days + 3) % 7) + 7) % 7;

/**
 * Dates and timestamps in [min, max], by default the year before the run's reference time.
 * Timestamps have millisecond precision. `dateExcludeWeekends` keeps Monday to Friday.
 */
export function createTemporalGenerator(spec: TemporalSpec): FieldGenerator {
  const { type, options: o, nowMicros } = spec;
  const rnd = new RowRandom(spec.key);
  if (type.kind === "date") {
    const today = Math.floor(nowMicros / MICROS_PER_DAY);
    const min = o.min !== undefined ? dateBound(o.min, nowMicros) : today - 365;
    const max = o.max !== undefined ? dateBound(o.max, nowMicros) : Math.max(today, min);
    const span = max - min + 1;
    const perm = uniquePermutation(spec, span);
    const noWeekends = o.dateExcludeWeekends === true;
    return {
      type,
      fill(pos, out) {
        const values = (out as { values: Int32Array }).values;
        for (let i = 0; i < pos.length; i++) {
          const p = pos[i]!;
          let d = perm ? min + perm(p % span) : min + rnd.at(p).int(span);
          if (noWeekends) {
            const w = weekday(d);
            if (w === 5) d = d - 1 >= min ? d - 1 : d + 2;
            else if (w === 6) d = d + 1 <= max ? d + 1 : d - 2;
          }
          values[i] = d;
        }
      },
    };
  }
  const min = o.min !== undefined ? timestampBound(o.min, nowMicros) : nowMicros - 365 * MICROS_PER_DAY;
  const max = o.max !== undefined ? timestampBound(o.max, nowMicros) : Math.max(nowMicros, min);
  const spanMillis = Math.floor((max - min) / 1000) + 1;
  const perm = uniquePermutation(spec, spanMillis);
  return {
    type,
    fill(pos, out) {
      const values = (out as { values: Float64Array }).values;
      for (let i = 0; i < pos.length; i++) {
        const p = pos[i]!;
        values[i] = min + (perm ? perm(p % spanMillis) : rnd.at(p).int(spanMillis)) * 1000;
      }
    },
  };
}

function uniquePermutation(spec: TemporalSpec, size: number): ((i: number) => number) | undefined {
  if (spec.unique === "none") return undefined;
  if (size >= spec.rowCount) return createPermutation(size, spec.key);
  if (spec.unique === "implicit") return undefined;
  throw new RowforgeError(
    "RF_VALUE_INVALID",
    `field "${spec.fieldPath}" asks for ${spec.rowCount} unique values but its range holds only ${size}`,
    { hint: "widen min/max, lower the record count, or drop isUnique" },
  );
}
