import type { DataType } from "../../model/data-type.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { allocateColumn, type ListColumn, type MapColumn, type StructColumn } from "../columns/column.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { childPosition } from "./positions.ts";
import { writeScalar } from "./write-scalar.ts";

/** A struct: each child field filled at the same positions. */
export function createStructGenerator(
  type: DataType,
  children: readonly (FieldGenerator | undefined)[],
): FieldGenerator {
  return {
    type,
    fill(pos, out) {
      const col = out as StructColumn;
      children.forEach((g, k) => {
        g?.fill(pos, col.children[k]!);
      });
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
      let total = 0;
      const lengths = new Int32Array(pos.length);
      for (let i = 0; i < pos.length; i++) {
        let len = lengthOf(pos[i]!);
        if (uniqueFrom && len > uniqueFrom.length) len = uniqueFrom.length;
        lengths[i] = len;
        total += len;
        col.offsets[i + 1] = total;
      }
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

/** Maps: a size per value, keys and values filled at derived positions. */
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
      let total = 0;
      for (let i = 0; i < pos.length; i++) {
        total += sizeOf(pos[i]!);
        col.offsets[i + 1] = total;
      }
      const keyPos = new Float64Array(total);
      const valuePos = new Float64Array(total);
      let k = 0;
      for (let i = 0; i < pos.length; i++) {
        for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++, k++) {
          keyPos[k] = childPosition(pos[i]!, 2 * (j - col.offsets[i]!));
          valuePos[k] = childPosition(pos[i]!, 2 * (j - col.offsets[i]!) + 1);
        }
      }
      col.keys = allocateColumn(keys.type, total);
      col.values = allocateColumn(values.type, total);
      keys.fill(keyPos, col.keys);
      values.fill(valuePos, col.values);
    },
  };
}
