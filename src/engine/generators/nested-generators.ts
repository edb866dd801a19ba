import type { DataType } from "../../model/data-type.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import {
  allocateColumn,
  type Column,
  type ListColumn,
  type MapColumn,
  type StructColumn,
} from "../columns/column.ts";
import { valueAt } from "../columns/column-values.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { applyChoices, type FieldChoice } from "./one-of-fields.ts";
import { childPosition } from "./positions.ts";
import { writeScalar } from "./write-scalar.ts";

/** A struct: each child field filled at the same positions; of fields chosen between (`oneOfFields`), only the chosen one is set. */
export function createStructGenerator(
  type: DataType,
  children: readonly (FieldGenerator | undefined)[],
  choices: readonly FieldChoice[] = [],
): FieldGenerator {
  return {
    type,
    fill(pos, out) {
      const col = out as StructColumn;
      children.forEach((g, k) => {
        g?.fill(pos, col.children[k]!);
      });
      if (choices.length > 0) applyChoices(choices, col.children);
    },
  };
}

/** How many elements each array value gets: fixed, or arrayMinLen..arrayMaxLen (default 0..5), maybe empty. */
function lengthDraw(
  o: FieldOptions,
  key: number,
  minKey: "arrayMinLen" | "mapMinSize",
  maxKey: "arrayMaxLen" | "mapMaxSize",
) {
  const rnd = new RowRandom(key ^ 0x1e4f);
  const fixed = minKey === "arrayMinLen" ? o.arrayFixedSize : undefined;
  const lo = o[minKey] ?? 0;
  const hi = Math.max(o[maxKey] ?? 5, lo);
  const emptyProb = minKey === "arrayMinLen" ? (o.arrayEmptyProb ?? 0) : 0;
  return (p: number): number => {
    rnd.at(p);
    if (emptyProb > 0 && rnd.chance(emptyProb)) return 0;
    return fixed ?? lo + rnd.int(hi - lo + 1);
  };
}

/** The drawn length of each value (at most `cap`) and their total. */
function drawLengths(
  pos: Float64Array,
  lengthOf: (p: number) => number,
  cap = Number.POSITIVE_INFINITY,
): { lengths: Int32Array; total: number } {
  const lengths = new Int32Array(pos.length);
  let total = 0;
  for (let i = 0; i < pos.length; i++) {
    const len = Math.min(lengthOf(pos[i]!), cap);
    lengths[i] = len;
    total += len;
  }
  return { lengths, total };
}

/** Arrays: a length per value, then the element generator filled at derived element positions. */
export function createArrayGenerator(
  type: DataType,
  o: FieldOptions,
  key: number,
  element: FieldGenerator | undefined,
): FieldGenerator {
  const elementType = type.kind === "array" ? type.element : type;
  const lengthOf = lengthDraw(o, key, "arrayMinLen", "arrayMaxLen");
  const uniqueFrom = o.arrayUniqueFrom;
  const pick:
    | readonly { readonly value: string | number | boolean | null; readonly weight?: number }[]
    | undefined = o.arrayWeightedOneOf ?? o.arrayOneOf?.map((value) => ({ value }));
  const rnd = new RowRandom(key ^ 0x7a11);
  return {
    type,
    fill(pos, out) {
      const col = out as ListColumn;
      const { lengths, total } = drawLengths(pos, lengthOf, uniqueFrom?.length);
      for (let i = 0, end = 0; i < pos.length; i++) col.offsets[i + 1] = end += lengths[i]!;
      const elements = allocateColumn(elementType, total);
      if (uniqueFrom) {
        // Distinct values per array: the first `len` of a per-value permutation of the list.
        let k = 0;
        for (let i = 0; i < pos.length; i++) {
          const perm = createPermutation(uniqueFrom.length, rnd.at(pos[i]!).u32());
          for (let j = 0; j < lengths[i]!; j++) writeScalar(elements, k++, uniqueFrom[perm(j)]!);
        }
      } else if (pick) {
        const weights = pick.map((w) => w.weight ?? 1);
        const sum = weights.reduce((a, b) => a + b, 0);
        let k = 0;
        for (let i = 0; i < pos.length; i++) {
          for (let j = 0; j < lengths[i]!; j++) {
            let x = rnd.at(childPosition(pos[i]!, j)).float() * sum;
            let idx = 0;
            while (idx < weights.length - 1 && x >= weights[idx]!) x -= weights[idx++]!;
            writeScalar(elements, k++, pick[idx]!.value);
          }
        }
      } else if (element) {
        const childPos = new Float64Array(total);
        let k = 0;
        for (let i = 0; i < pos.length; i++)
          for (let j = 0; j < lengths[i]!; j++) childPos[k++] = childPosition(pos[i]!, j);
        element.fill(childPos, elements);
      }
      col.element = elements;
    },
  };
}

/**
 * Maps: a size per value, keys and values filled at derived positions. A map's keys are
 * distinct: a key drawn again within the same map is left out (with its value), so a map of
 * few possible keys (an enum, a boolean) may be smaller than its drawn size.
 */
export function createMapGenerator(
  type: DataType,
  o: FieldOptions,
  key: number,
  keys: FieldGenerator,
  values: FieldGenerator,
): FieldGenerator {
  const sizeOf = lengthDraw(o, key, "mapMinSize", "mapMaxSize");
  return {
    type,
    fill(pos, out) {
      const col = out as MapColumn;
      const { lengths: sizes, total } = drawLengths(pos, sizeOf);
      // Entry j of a map: its key at position 2j, its value at 2j+1 of the map's.
      const keyPos = new Float64Array(total);
      const valuePos = new Float64Array(total);
      for (let i = 0, k = 0; i < pos.length; i++)
        for (let j = 0; j < sizes[i]!; j++, k++) {
          keyPos[k] = childPosition(pos[i]!, 2 * j);
          valuePos[k] = childPosition(pos[i]!, 2 * j + 1);
        }
      col.keys = allocateColumn(keys.type, total);
      keys.fill(keyPos, col.keys);
      const kept = distinctKeys(col.keys, sizes, col.offsets);
      if (kept.length < total) {
        const keptKeys = new Float64Array(kept.length);
        const keptValues = new Float64Array(kept.length);
        for (let n = 0; n < kept.length; n++) {
          keptKeys[n] = keyPos[kept[n]!]!;
          keptValues[n] = valuePos[kept[n]!]!;
        }
        col.keys = allocateColumn(keys.type, kept.length);
        keys.fill(keptKeys, col.keys);
        col.values = allocateColumn(values.type, kept.length);
        values.fill(keptValues, col.values);
        return;
      }
      col.values = allocateColumn(values.type, total);
      values.fill(valuePos, col.values);
    },
  };
}

/** The entries to keep: the first of equal keys in each map; writes the maps' offsets over the kept entries. */
function distinctKeys(drawn: Column, sizes: Int32Array, offsets: Int32Array): number[] {
  const kept: number[] = [];
  for (let i = 0, k = 0; i < sizes.length; i++) {
    const seen = new Set<unknown>();
    for (let j = 0; j < sizes[i]!; j++, k++) {
      const v = valueAt(drawn, k);
      const id = v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : v;
      if (seen.has(id)) continue;
      seen.add(id);
      kept.push(k);
    }
    offsets[i + 1] = kept.length;
  }
  return kept;
}
