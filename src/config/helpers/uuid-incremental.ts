import type { CoreOptionRewrite, HelperReport, RawField, RawOptions } from "./helper-types.ts";
import { fieldNameOf, hasOwn, show, withoutOption } from "./raw-value.ts";

const WHOLE = /^[+-]?\d+$/;
const HINT_UUID = 'write uuid: "" for random UUIDs, or uuid: "<field>" for UUIDs derived from another field';
const HINT_INCREMENTAL =
  "write incremental: <start>, a whole number (the first row gets the start, then +1 per row)";

type Normalised = {
  readonly options: RawOptions;
  readonly hasUuid: boolean;
  readonly hasIncremental: boolean;
};

/**
 * Normalises `uuid` (nothing or `true` → `""`, `false` → removed) and `incremental` (whole-number
 * text → number). Bad values are reported and removed so they are reported once.
 */
function normalise(field: RawField, options: RawOptions, report: HelperReport): Normalised {
  let out: Record<string, unknown> = { ...options };
  const name = fieldNameOf(field);
  if (hasOwn(out, "uuid")) {
    const u = out.uuid;
    if (u === undefined || u === null || u === true) out.uuid = "";
    else if (u === false) out = withoutOption(out, "uuid");
    else if (typeof u === "string") out.uuid = u.trim();
    else {
      report(
        "RF_HELPER_INVALID",
        `field "${name}", option uuid: expected "" or a field name, got ${show(u)}`,
        ["options", "uuid"],
        HINT_UUID,
      );
      out = withoutOption(out, "uuid");
    }
  }
  if (hasOwn(out, "incremental")) {
    const v = out.incremental;
    const n =
      typeof v === "number"
        ? v
        : typeof v === "string" && WHOLE.test(v.trim())
          ? Number(v.trim())
          : Number.NaN;
    if (Number.isSafeInteger(n)) out.incremental = n;
    else {
      report(
        "RF_HELPER_INVALID",
        `field "${name}", option incremental: the start must be a whole number, got ${show(v)}`,
        ["options", "incremental"],
        HINT_INCREMENTAL,
      );
      out = withoutOption(out, "incremental");
    }
  }
  return { options: out, hasUuid: hasOwn(out, "uuid"), hasIncremental: hasOwn(out, "incremental") };
}

/**
 * `uuid` and `incremental` stay core options for the engine; here they fix the field's type:
 * a uuid field (with or without incremental, whose UUIDs then derive from start + row) is a
 * string, an incremental field without uuid is an integer, whatever type was written.
 */
export const uuidIncrementalRewrite: CoreOptionRewrite = {
  name: "uuid",
  applies: (options) => hasOwn(options, "uuid") || hasOwn(options, "incremental"),
  rewrite(field, options, report) {
    const n = normalise(field, options, report);
    const type = n.hasUuid ? "string" : n.hasIncremental ? "integer" : field.type;
    const out: Record<string, unknown> = { ...field, options: n.options };
    if (type === undefined) delete out.type;
    else out.type = type;
    return out;
  },
};
