import { didYouMean } from "../../errors/index.ts";
import type { HelperReport, RawField } from "./helper-types.ts";
import { fieldNameOf, optionsOf, show, withoutOption } from "./raw-value.ts";
import { sqlString } from "./sql-literal.ts";

const STYLES = ["form", "spaceDelimited", "pipeDelimited"];
/** Joiners of array values when `explode` is false; exploded arrays repeat `&name=`. */
const JOINERS: Readonly<Record<string, string>> = { form: ",", spacedelimited: "%20", pipedelimited: "|" };

/**
 * A query parameter field `queryParam<name>` whose `postSqlExpression` renders `name=value`,
 * serialising arrays the way OpenAPI describes for the `style` and `explode` options.
 * `report` paths are relative to the queryParam field.
 */
export function queryParamField(f: RawField, index: number, report: HelperReport): RawField {
  const name = fieldNameOf(f);
  const column = `queryParam${name}`;
  const options = optionsOf(f);
  const styleText = options.style === undefined || options.style === null ? "form" : String(options.style);
  let style = styleText.replace(/[^a-z]/gi, "").toLowerCase();
  if (JOINERS[style] === undefined && style !== "other") {
    const near = didYouMean(styleText, STYLES);
    report(
      "RF_HELPER_INVALID",
      `httpUrl queryParam "${name}": unknown style ${show(options.style)}${near ? ` (${near})` : ""}`,
      ["fields", index, "options", "style"],
      "query parameter styles are form (the default), spaceDelimited and pipeDelimited",
    );
    style = "form";
  }
  const explode =
    options.explode === undefined ? true : String(options.explode).trim().toLowerCase() !== "false";
  const isArray = typeof f.type === "string" && f.type.trim().toLowerCase().startsWith("array");
  const label = sqlString(`${name}=`);
  let sql = `CONCAT(${label}, ${column})`;
  if (isArray) {
    const joiner = explode ? `&${name}=` : (JOINERS[style] ?? `&${name}=`);
    sql = `CASE WHEN ARRAY_SIZE(${column}) > 0 THEN CONCAT(${label}, ARRAY_JOIN(${column}, ${sqlString(joiner)})) ELSE null END`;
  }
  const rest = withoutOption(withoutOption(options, "style"), "explode");
  return { ...f, name: column, options: { ...rest, postSqlExpression: sql } };
}
