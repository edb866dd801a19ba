import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { createPermutation } from "../rng/index.ts";
import type { StepLink } from "./compiled-step.ts";
import { fieldKeyOf } from "./step-keys.ts";

/**
 * The fields that must be unique together and whose values all come from foreign keys: a
 * composite key of the step's table (`uniqueKeys`), a key of several isPrimaryKey fields, or
 * one unique (isUnique, single isPrimaryKey) foreign-key field.
 */
function foreignUniqueKeys(resolved: ResolvedStep, links: readonly StepLink[]): string[][] {
  const fields = resolved.step.fields;
  const linked = new Set(links.flatMap((l) => l.childFields.filter((f) => !f.includes("."))));
  const primary = fields.filter((f) => f.options.isPrimaryKey).map((f) => f.name);
  const keys: string[][] = [
    ...(resolved.uniqueKeys ?? []).map((k) => [...k]),
    ...(primary.length > 1 ? [primary] : []),
    ...fields
      .filter((f) => f.options.isUnique || (f.options.isPrimaryKey && primary.length === 1))
      .map((f) => [f.name]),
  ];
  return keys.filter((k) => k.length > 0 && k.every((f) => linked.has(f)));
}

/**
 * For each key of foreignUniqueKeys, the parent row of each of its foreign keys, drawn
 * together so that no two rows take the same parents: row r takes combination perm(r) of the
 * parents' rows (a keyed permutation of their product, in mixed radix), which depends only on
 * r. More rows than combinations is refused up front. Links grouped by a cardinality keep
 * their groups (their keys are not drawn).
 */
export function uniqueParentDraws(
  resolved: ResolvedStep,
  links: readonly StepLink[],
  grouped: ReadonlySet<StepLink>,
  rowCount: number,
  planKey: number,
  stepId: string,
): Map<StepLink, (row: number) => number> {
  const draws = new Map<StepLink, (row: number) => number>();
  for (const key of foreignUniqueKeys(resolved, links)) {
    const keyLinks = links.filter((l) => l.childFields.some((f) => key.includes(f)));
    if (keyLinks.some((l) => grouped.has(l) || draws.has(l) || l.parent.rowCount === 0)) continue;
    const sizes = keyLinks.map((l) => l.parent.rowCount);
    const combinations = sizes.reduce((a, b) => a * b, 1);
    if (combinations < rowCount) {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `step ${stepId}: ${key.join(", ")} must be unique ${key.length > 1 ? "together " : ""}but take${key.length > 1 ? "" : "s"} ${key.length > 1 ? "their" : "its"} values from ${keyLinks.map((l, i) => `${l.parent.id} (${sizes[i]} rows)`).join(" and ")}: ${combinations} combination(s) for ${rowCount} rows`,
        { hint: "write more parent rows or fewer rows of this step" },
      );
    }
    const perm = createPermutation(
      Math.min(combinations, 2 ** 53),
      fieldKeyOf(planKey, stepId, `__unique:${key.join(",")}`),
    );
    let before = 1;
    keyLinks.forEach((l, k) => {
      const stride = before;
      const size = sizes[k]!;
      draws.set(l, (row) => Math.floor(perm(row) / stride) % size);
      before *= size;
    });
  }
  return draws;
}
