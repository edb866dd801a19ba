import { entry, readBoolean, readLongText, readText, readWholeNumber } from "./helper-scope.ts";
import type { HelperScope, OptionHelper, RawOptions } from "./helper-types.ts";
import { isMap, readSwitch, show } from "./raw-value.ts";
import { sqlString } from "./sql-literal.ts";

/** `__index_inc` is the 0-based row number within the step. */
const ROW = "__index_inc";

/** Reads a map-only helper: the map itself, `{}` for the defaults, or undefined when switched off. */
function configOf(value: unknown, scope: HelperScope, known: readonly string[]): RawOptions | undefined {
  if (isMap(value)) {
    scope.checkKeys(value, known);
    return value;
  }
  const sw = readSwitch(value);
  if (sw === "off") return undefined;
  if (sw === undefined) scope.invalid(`expected true or {${known.join(", ")}}, got ${show(value)}`);
  return {};
}

function textOr(scope: HelperScope, config: RawOptions, key: string, fallback: string): string {
  const v = entry(config, key);
  return v === undefined ? fallback : (readText(scope, v, [key], key) ?? fallback);
}

export const sequenceHelper: OptionHelper = {
  name: "sequence",
  hint: 'write sequence: 1000 (the start) or sequence: {start: 1, step: 1, prefix: "", padding: 0, suffix: ""}',
  expand(value, scope) {
    let start = "1";
    let config: RawOptions = {};
    if (isMap(value)) {
      scope.checkKeys(value, ["start", "step", "prefix", "padding", "suffix"]);
      config = value;
      const s = entry(value, "start");
      if (s !== undefined) start = readLongText(scope, s, ["start"], "start") ?? start;
    } else {
      const sw = readSwitch(value);
      if (sw === "off") return {};
      if (sw === undefined) start = readLongText(scope, value, [], "the start of the sequence") ?? start;
    }
    const stepValue = entry(config, "step");
    const step = stepValue === undefined ? "1" : (readLongText(scope, stepValue, ["step"], "step") ?? "1");
    const paddingValue = entry(config, "padding");
    const padding =
      paddingValue === undefined
        ? 0
        : (readWholeNumber(scope, paddingValue, ["padding"], { min: 0, max: 1000, what: "padding" }) ?? 0);
    const prefix = textOr(scope, config, "prefix", "");
    const suffix = textOr(scope, config, "suffix", "");
    const number = `(${start} + ${ROW} * ${step})`;
    const text =
      padding > 0 ? `LPAD(CAST(${number} AS STRING), ${padding}, '0')` : `CAST(${number} AS STRING)`;
    return { sql: `CONCAT(${sqlString(prefix)}, ${text}, ${sqlString(suffix)})` };
  },
};

export const dailyBatchSequenceHelper: OptionHelper = {
  name: "dailyBatchSequence",
  hint: 'write dailyBatchSequence: true, a prefix ("BATCH-"), or {prefix: "BATCH-", dateFormat: "yyyyMMdd"}',
  expand(value, scope) {
    let config: RawOptions | undefined;
    // A bare string names the prefix: the one reading of `dailyBatchSequence: "ORD-"` users mean.
    if (typeof value === "string" && readSwitch(value) === undefined) config = { prefix: value };
    else config = configOf(value, scope, ["prefix", "dateFormat"]);
    if (config === undefined) return {};
    const prefix = textOr(scope, config, "prefix", "BATCH-");
    const dateFormat = textOr(scope, config, "dateFormat", "yyyyMMdd");
    const sql =
      `CONCAT(${sqlString(prefix)}, DATE_FORMAT(CURRENT_DATE(), ${sqlString(dateFormat)}), '-', ` +
      `LPAD(CAST(${ROW} AS STRING), 3, '0'))`;
    return { sql };
  },
};

export const semanticVersionHelper: OptionHelper = {
  name: "semanticVersion",
  hint: "write semanticVersion: true (1.0.<row>) or semanticVersion: {major: 1, minor: 0, patchIncrement: true}",
  expand(value, scope) {
    const config = configOf(value, scope, ["major", "minor", "patchIncrement"]);
    if (config === undefined) return {};
    const part = (key: string, fallback: number): number => {
      const v = entry(config, key);
      if (v === undefined) return fallback;
      return readWholeNumber(scope, v, [key], { min: 0, what: key }) ?? fallback;
    };
    const major = part("major", 1);
    const minor = part("minor", 0);
    const inc = entry(config, "patchIncrement");
    const patchIncrement =
      inc === undefined ? true : (readBoolean(scope, inc, ["patchIncrement"], "patchIncrement") ?? true);
    return { sql: `CONCAT('${major}', '.', '${minor}', '.', ${patchIncrement ? ROW : "0"})` };
  },
};
