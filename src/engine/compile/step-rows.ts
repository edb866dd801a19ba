import type { Count, PerFieldCount } from "../../model/count.ts";
import { DEFAULT_PER_FIELD_COUNT } from "../../model/count-defaults.ts";
import type { Cardinality } from "../../model/foreign-key.ts";
import { groupDigits } from "../../util/group-digits.ts";
import {
  fixedGrouping,
  type GroupSizeSpec,
  groupSizeDraw,
  identityGrouping,
  type RowGrouping,
  variableGrouping,
} from "./row-grouping.ts";
import { fieldKeyOf } from "./step-keys.ts";

/**
 * Which count decides a step's rows when it is not simply `count.records`, and why: what
 * `validate` and the run summary tell the user, so the number written is never a surprise.
 */
export interface CountRule {
  /** The rule in words, numbers included (`3 rows for each of the 2,000 rows of db.customers: ...`). */
  readonly reason: string;
  /** A parent's rows decide the count: the step's `count.records`, when given, is not used. */
  readonly followsParent: boolean;
}

/** What the count reads of a foreign key into the step (compiled-step.ts's StepLink is one). */
export interface RowLink {
  readonly childFields: readonly string[];
  readonly parent: { readonly id: string; readonly rowCount: number };
  readonly cardinality?: Cardinality;
}

/** How many rows a step has and how they fall into groups (see RowGrouping). */
export interface StepRows<L extends RowLink = RowLink> {
  readonly grouping: RowGrouping;
  /** Group sizes were drawn from the seed (the step cannot take a stream salt). */
  readonly drawn: boolean;
  /** Top-level fields whose values are shared by a group (perField's fields). */
  readonly groupFields: ReadonlySet<string>;
  /** Foreign keys whose parent row is the group's (g % parent rows), not drawn per row. */
  readonly groupedLinks: ReadonlySet<L>;
  readonly rule?: CountRule;
}

const topName = (path: string): string => path.split(".")[0]!;

/**
 * A step's rows, as Data Caterer counts them (its CardinalityCountAdjustmentProcessor):
 * - a foreign key into the step with a `cardinality` decides alone: `ratio` (or min..max)
 *   rows per parent row; `count.records` and `perField` are not used;
 * - `perField` on exactly the fields of a foreign key is a count per parent row: `records`
 *   follows the parent (2,000 customers × 3 = 6,000 orders), transitively, since a parent's
 *   rows are its own compiled count;
 * - other `perField`: `records` groups of `count` (or drawn) rows each;
 * - otherwise `records` rows (`allCombinations`: one per combination of oneOf values).
 */
export function stepRows<L extends RowLink>(
  count: Count,
  records: number,
  links: readonly L[],
  combinations: number | undefined,
  planKey: number,
  stepId: string,
): StepRows<L> {
  const none = { drawn: false, groupFields: new Set<string>(), groupedLinks: new Set<L>() };
  const perField = count.perField;
  const cardLink = links.find((l) => l.cardinality !== undefined);
  if (cardLink) {
    const c = cardLink.cardinality!;
    const parents = cardLink.parent.rowCount;
    const drawn = c.ratio === undefined;
    const grouping =
      c.ratio === undefined
        ? variableGrouping(parents, groupSizeDraw(c, fieldKeyOf(planKey, stepId, "__cardinality")))
        : Number.isInteger(c.ratio)
          ? fixedGrouping(parents, c.ratio)
          : variableGrouping(parents, (g) => Math.floor((g + 1) * c.ratio!) - Math.floor(g * c.ratio!));
    const unused = [count.records !== undefined ? "count.records" : "", perField ? "perField" : ""].filter(
      (x) => x !== "",
    );
    return {
      ...none,
      grouping,
      drawn,
      groupedLinks: new Set([cardLink]),
      rule: {
        reason: `${cardinalityWords(c)} for each of the ${groupDigits(parents)} rows of ${cardLink.parent.id} (the foreign key's cardinality)${unused.length > 0 ? `; the step's ${unused.join(" and ")} ${unused.length > 1 ? "are" : "is"} not used` : ""}`,
        followsParent: true,
      },
    };
  }
  if (perField) {
    const groupFields = new Set(perField.fieldNames.map(topName));
    const groupedLinks = new Set(
      links.filter((l) => l.childFields.every((f) => groupFields.has(topName(f)))),
    );
    // perField naming exactly a foreign key's fields counts rows per parent row.
    const keyLink = [...groupedLinks].find(
      (l) => new Set(l.childFields.map(topName)).size === groupFields.size,
    );
    const groups = keyLink ? keyLink.parent.rowCount : records;
    const grouping = perField.options
      ? variableGrouping(groups, groupSizeDraw(perField.options, fieldKeyOf(planKey, stepId, "__perField")))
      : fixedGrouping(groups, perField.count ?? DEFAULT_PER_FIELD_COUNT);
    const fields = perField.fieldNames.join(", ");
    return {
      drawn: perField.options !== undefined,
      grouping,
      groupFields,
      groupedLinks,
      rule: keyLink
        ? {
            reason: `${perFieldWords(perField)} for each of the ${groupDigits(groups)} rows of ${keyLink.parent.id}: perField names the foreign-key field${perField.fieldNames.length > 1 ? "s" : ""} ${fields}${count.records !== undefined ? "; the step's count.records is not used" : ""}`,
            followsParent: true,
          }
        : {
            reason: `${perFieldWords(perField)} for each of ${groupDigits(records)} value${records === 1 ? "" : "s"} of ${fields} (count.records × perField)`,
            followsParent: false,
          },
    };
  }
  return { ...none, grouping: identityGrouping(combinations ?? records) };
}

function cardinalityWords(c: Cardinality): string {
  if (c.ratio !== undefined)
    return Number.isInteger(c.ratio) ? `${c.ratio} rows` : `${c.ratio} rows on average`;
  return `${rangeWords(c)} rows (${c.distribution ?? "uniform"}, drawn from the seed)`;
}

function perFieldWords(p: PerFieldCount): string {
  if (!p.options) return `${p.count ?? DEFAULT_PER_FIELD_COUNT} rows`;
  if (p.options.oneOf && p.options.oneOf.length > 0)
    return `${p.options.oneOf.map((w) => w.value).join(" or ")} rows (perField oneOf, drawn from the seed)`;
  return `${rangeWords(p.options)} rows (${p.options.distribution ?? "uniform"}, drawn from the seed)`;
}

const rangeWords = (s: GroupSizeSpec): string => {
  const min = s.min ?? 1;
  const max = Math.max(s.max ?? min, min);
  return min === max ? `${min}` : `${min} to ${max}`;
};
