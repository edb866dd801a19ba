import type { ColumnDescription } from "../../connectors/table-description.ts";
import { labelFor } from "../../metadata/index.ts";
import type { Field } from "../../model/field.ts";
import { textMaxLen } from "../../model/text-length.ts";
import { checkOptions } from "./checks/check-options.ts";
import type { ColumnRules } from "./checks/check-rules.ts";

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
  /** Values by the column's name and type (src/metadata/labels), when a label fits it. */
  readonly byName: boolean;
  /** What the table's CHECK constraints ask of its values (table-checks.ts). */
  readonly rules?: ColumnRules;
  /** The table's name (without its schema): a bare `name` column is named after its entity. */
  readonly table: string;
}

/** The field made of a column, its label, and what became of its CHECK rules. */
export interface ColumnField {
  readonly field: Field;
  readonly label?: string;
  /** How the CHECK rules were honoured (`min 0.01, max 100000`), or why they could not be. */
  readonly check?: { readonly honoured: boolean; readonly note: string };
}

/**
 * The field a column is generated as, with options that respect it: its type, `maxLen` of a
 * varchar (its width, up to TEXT_MAX_LEN_CEILING), the largest value a numeric(p,s) holds, key
 * markers, UUIDs for uuid columns, the values of an enum, what its CHECK constraints ask
 * (check-options.ts); values by its name and type when a label fits within all that (`label`:
 * an `email` varchar gets emails, cut to its width; a `price` with `CHECK (price > 0)` prices
 * above 0). Nullable columns get no nulls (as fields without `enableNull`). The reason, for a
 * column left to the database.
 */
export function fieldForColumn(
  c: ColumnDescription,
  role: ColumnRole,
): ColumnField | { readonly omitted: string } {
  if (c.fill === "computed") return { omitted: "computed by the database" };
  if (c.fill === "identity" && !role.referenced) return { omitted: "assigned by the database (identity)" };
  if (c.type === undefined) {
    return {
      omitted: `type ${c.dbType} is not generated; the database stores ${c.hasDefault ? "its default" : "NULL"}`,
    };
  }
  let options: Record<string, unknown> = {};
  let label: string | undefined;
  const checked = role.rules ? checkOptions(c, role.rules) : undefined;
  const bounds = typeof checked === "object" ? checked : undefined;
  if (c.uuid) options.sql = "uuid()";
  else if (c.values && c.values.length > 0 && !bounds?.options.oneOf)
    options.oneOf = c.values.map((value) => ({ value }));
  else {
    if (c.maxLength !== undefined && c.type === "string") {
      // Unique text is an encoded index of up to 9 characters: a narrower column gets a regex
      // of its width, whose n-th strings are distinct.
      if (role.unique && c.maxLength < UNIQUE_TEXT_LEN) options.regex = `[0-9A-Za-z]{${c.maxLength}}`;
      else options.maxLen = textMaxLen(1, c.maxLength);
    }
    if (c.precision !== undefined) {
      const max = 10 ** (c.precision - (c.scale ?? 0)) - 10 ** -(c.scale ?? 0);
      if (max < DEFAULT_MAX) options.max = Number(max.toFixed(c.scale ?? 0));
    }
    // What the constraints ask replaces the column's defaults: values and patterns wholly.
    if (bounds)
      options =
        bounds.options.oneOf || bounds.options.regex
          ? { ...bounds.options }
          : { ...options, ...bounds.options };
    const chosen =
      role.byName && (bounds?.labelAllowed ?? true)
        ? labelFor({
            name: c.name,
            table: role.table,
            type: c.type,
            unique: role.unique,
            ...((bounds?.maxLength ?? c.maxLength) !== undefined
              ? { maxLength: bounds?.maxLength ?? c.maxLength }
              : {}),
            ...(bounds?.range ?? {}),
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
    ...(checked === undefined
      ? {}
      : typeof checked === "string"
        ? { check: { honoured: false, note: checked } }
        : c.uuid
          ? { check: { honoured: false, note: "a uuid column takes random UUIDs" } }
          : {
              check: {
                honoured: true,
                note: label ? `${checked.note}, by name (${label}) within it` : checked.note,
              },
            }),
  };
}

/** A column the database refuses rows without: not null, no default, not filled by the database. */
export const isRequired = (c: ColumnDescription): boolean =>
  !c.nullable && !c.hasDefault && c.fill === undefined;
