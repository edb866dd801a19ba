import type { ColumnDescription } from "../../connectors/table-description.ts";
import type { Field } from "../../model/field.ts";
import { labelFor } from "../labels/label-by-name.ts";

/** Text of generated strings is at most this long unless the column is narrower (the generators' default). */
const DEFAULT_MAX_LEN = 20;
/** Characters of the longest unique text the string generator makes (base-62 digits of a 2^53 index). */
const UNIQUE_TEXT_LEN = 9;
/** The generators' default upper bound for numbers; a narrower decimal column lowers it. */
const DEFAULT_MAX = 100_000;

/** What the schema stage knows about a column beyond the database's own description. */
export interface ColumnRole {
  /** The only column of the key (or the one chosen of a composite key) that is generated unique. */
  readonly unique: boolean;
  /** Another step's foreign key points at it: generated even when the database could fill it. */
  readonly referenced: boolean;
  /** Values by the column's name and type (src/app/labels), when a label fits it. */
  readonly byName: boolean;
}

/**
 * The field a column is generated as, with options that respect it: its type, `maxLen` of a
 * varchar (at most the generators' default 20), the largest value a numeric(p,s) holds, key
 * markers, UUIDs for uuid columns, the values of an enum; values by its name and type when a
 * label fits (`label`: an `email` varchar gets emails, cut to its width). Nullable columns get
 * no nulls (as fields without `enableNull`). Undefined, with the reason, for a column left to
 * the database.
 */
export function fieldForColumn(
  c: ColumnDescription,
  role: ColumnRole,
): { readonly field: Field; readonly label?: string } | { readonly omitted: string } {
  if (c.fill === "computed") return { omitted: "computed by the database" };
  if (c.fill === "identity" && !role.referenced) return { omitted: "assigned by the database (identity)" };
  if (c.type === undefined) {
    return {
      omitted: `type ${c.dbType} is not generated; the database stores ${c.hasDefault ? "its default" : "NULL"}`,
    };
  }
  let options: Record<string, unknown> = {};
  let label: string | undefined;
  if (c.uuid) options.sql = "uuid()";
  else if (c.values && c.values.length > 0) options.oneOf = c.values.map((value) => ({ value }));
  else {
    if (c.maxLength !== undefined && c.type === "string") {
      // Unique text is an encoded index of up to 9 characters: a narrower column gets a regex
      // of its width, whose n-th strings are distinct.
      if (role.unique && c.maxLength < UNIQUE_TEXT_LEN) options.regex = `[0-9A-Za-z]{${c.maxLength}}`;
      else options.maxLen = Math.min(c.maxLength, DEFAULT_MAX_LEN);
    }
    if (c.precision !== undefined) {
      const max = 10 ** (c.precision - (c.scale ?? 0)) - 10 ** -(c.scale ?? 0);
      if (max < DEFAULT_MAX) options.max = Number(max.toFixed(c.scale ?? 0));
    }
    const chosen = role.byName
      ? labelFor({
          name: c.name,
          type: c.type,
          ...(c.maxLength !== undefined ? { maxLength: c.maxLength } : {}),
          unique: role.unique,
        })
      : undefined;
    if (chosen) {
      options = { ...chosen.options };
      label = chosen.label;
    }
    if (role.unique) options.isUnique = true;
  }
  if (c.primaryKeyPosition !== undefined) {
    options.isPrimaryKey = true;
    options.primaryKeyPos = c.primaryKeyPosition;
  }
  return {
    field: { name: c.name, type: c.type, nullable: c.nullable, options, fields: [] } as Field,
    ...(label !== undefined ? { label } : {}),
  };
}

/** A column the database refuses rows without: not null, no default, not filled by the database. */
export const isRequired = (c: ColumnDescription): boolean =>
  !c.nullable && !c.hasDefault && c.fill === undefined;
