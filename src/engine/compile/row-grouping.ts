import type { WeightedValue } from "../../model/field-options.ts";
import { firstAbove } from "../../util/first-above.ts";
import { RowRandom } from "../rng/index.ts";

/**
 * How a step's rows fall into groups: each group shares the values of its key fields
 * (perField counts) or its parent row (foreign-key cardinality). Group sizes are pure
 * functions of (key, group), so any worker maps a row to its group the same way.
 */
export interface RowGrouping {
  readonly rowCount: number;
  readonly groupCount: number;
  /** Group index of each row. */
  groupsOf(rows: Float64Array): Float64Array;
}

export const identityGrouping = (rowCount: number): RowGrouping => ({
  rowCount,
  groupCount: rowCount,
  groupsOf: (rows) => rows,
});

/** Every group has exactly `size` rows. */
export function fixedGrouping(groupCount: number, size: number): RowGrouping {
  return {
    rowCount: groupCount * size,
    groupCount,
    groupsOf(rows) {
      const out = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = Math.floor(rows[i]! / size);
      return out;
    },
  };
}

export interface GroupSizeSpec {
  readonly min?: number;
  readonly max?: number;
  readonly oneOf?: readonly WeightedValue[];
  readonly distribution?: string;
  readonly distributionRateParam?: number;
  readonly mean?: number;
  readonly stddev?: number;
}

/** A drawn size per group: min..max (uniform, normal, exponential, zipf, power) or weighted oneOf counts. */
export function groupSizeDraw(spec: GroupSizeSpec, key: number): (g: number) => number {
  const rnd = new RowRandom(key);
  if (spec.oneOf && spec.oneOf.length > 0) {
    const values = spec.oneOf.map((w) => Number(w.value));
    const weights = spec.oneOf.map((w) => w.weight ?? 1);
    const total = weights.reduce((a, b) => a + b, 0);
    return (g) => {
      let x = rnd.at(g).float() * total;
      let i = 0;
      while (i < weights.length - 1 && x >= weights[i]!) x -= weights[i++]!;
      return values[i]!;
    };
  }
  const min = spec.min ?? 1;
  const max = Math.max(spec.max ?? min, min);
  const span = max - min;
  const clamp = (x: number) => Math.min(max, Math.max(min, Math.round(x)));
  switch ((spec.distribution ?? "uniform").toLowerCase()) {
    case "normal": {
      const mean = spec.mean ?? (min + max) / 2;
      const sd = spec.stddev ?? Math.max(span / 6, 0.5);
      return (g) => clamp(mean + sd * rnd.at(g).normal());
    }
    case "exponential": {
      const rate = spec.distributionRateParam ?? 1;
      return (g) => clamp(min + span * Math.min(1, -Math.log(1 - rnd.at(g).float()) / rate / 5));
    }
    case "zipf":
    case "power": {
      // P(k) proportional to 1/(k+1)^s over k = 0..span: most parents get few children, a few get many.
      const s = spec.distribution === "zipf" ? 1.07 : 2;
      const cdf = new Float64Array(span + 1);
      let total = 0;
      for (let k = 0; k <= span; k++) {
        total += 1 / (k + 1) ** s;
        cdf[k] = total;
      }
      return (g) => {
        return min + firstAbove(cdf, rnd.at(g).float() * total);
      };
    }
    default:
      return (g) => min + rnd.at(g).int(span + 1);
  }
}

/** Groups of drawn sizes; rows map to groups through the running total (binary search). */
export function variableGrouping(groupCount: number, sizeOf: (g: number) => number): RowGrouping {
  const ends = new Float64Array(groupCount);
  let total = 0;
  for (let g = 0; g < groupCount; g++) {
    total += Math.max(0, sizeOf(g));
    ends[g] = total;
  }
  return {
    rowCount: total,
    groupCount,
    groupsOf(rows) {
      const out = new Float64Array(rows.length);
      let hint = 0;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        // Rows usually come in order: try the previous group first.
        if (hint < groupCount && ends[hint]! > r && (hint === 0 || ends[hint - 1]! <= r)) {
          out[i] = hint;
          continue;
        }
        hint = firstAbove(ends, r, groupCount);
        out[i] = hint;
      }
      return out;
    },
  };
}
