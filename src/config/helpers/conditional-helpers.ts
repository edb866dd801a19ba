import type { PathSegment } from "../../errors/index.ts";
import { entry } from "./helper-scope.ts";
import type { HelperScope, OptionHelper } from "./helper-types.ts";
import { hasOwn, isMap, show } from "./raw-value.ts";
import { sqlLiteral } from "./sql-literal.ts";

function literal(scope: HelperScope, v: unknown, sub: readonly PathSegment[]): string {
  const lit = sqlLiteral(v);
  if (lit !== undefined) return lit;
  scope.invalid(`expected text, a number, true/false or NULL, got ${show(v)}`, sub);
  return "NULL";
}

export const conditionalValueHelper: OptionHelper = {
  name: "conditionalValue",
  hint: 'write conditionalValue: {cases: [{when: "amount > 1000", then: "HIGH"}, ...], else: "LOW"} (else defaults to NULL)',
  expand(value, scope) {
    if (!isMap(value)) {
      scope.invalid(`expected {cases: [...], else: ...}, got ${show(value)}`);
      return {};
    }
    scope.checkKeys(value, ["cases", "else", "elseValue"]);
    const cases = entry(value, "cases");
    if (!Array.isArray(cases) || cases.length === 0) {
      scope.invalid("needs a non-empty list of cases, each {when: <SQL condition>, then: <value>}", [
        "cases",
      ]);
      return {};
    }
    const whens: string[] = [];
    cases.forEach((c: unknown, i) => {
      if (!isMap(c)) {
        scope.invalid(`each case must be {when, then}, got ${show(c)}`, ["cases", i]);
        return;
      }
      scope.checkKeys(c, ["when", "then"], ["cases", i]);
      const when = entry(c, "when");
      if (typeof when !== "string" || when.trim() === "") {
        scope.invalid(`when must be a SQL condition such as "amount > 1000", got ${show(when)}`, [
          "cases",
          i,
          "when",
        ]);
        return;
      }
      whens.push(`WHEN ${when} THEN ${literal(scope, entry(c, "then"), ["cases", i, "then"])}`);
    });
    if (whens.length !== cases.length) return {};
    const elseKey = hasOwn(value, "else") ? "else" : "elseValue";
    const otherwise = literal(scope, entry(value, elseKey), [elseKey]);
    return { sql: `CASE ${whens.join(" ")} ELSE ${otherwise} END` };
  },
};

export const mappingHelper: OptionHelper = {
  name: "mapping",
  hint: 'write mapping: {sourceField: "status", mappings: {OPEN: 1, CLOSED: 2}, defaultValue: 0} (defaultValue defaults to NULL)',
  expand(value, scope) {
    if (!isMap(value)) {
      scope.invalid(`expected {sourceField, mappings, defaultValue}, got ${show(value)}`);
      return {};
    }
    scope.checkKeys(value, ["sourceField", "mappings", "defaultValue"]);
    const source = entry(value, "sourceField");
    const mappings = entry(value, "mappings");
    let ok = true;
    if (typeof source !== "string" || source.trim() === "") {
      scope.invalid(`sourceField must name the field to map from, got ${show(source)}`, ["sourceField"]);
      ok = false;
    }
    if (!isMap(mappings) || Object.keys(mappings).length === 0) {
      scope.invalid(`mappings must be a non-empty map of source value to result, got ${show(mappings)}`, [
        "mappings",
      ]);
      ok = false;
    }
    if (!ok || !isMap(mappings) || typeof source !== "string") return {};
    // Map keys are always text in YAML, so each source value compares as a quoted string.
    const whens = Object.entries(mappings).map(
      ([from, to]) =>
        `WHEN ${source} = ${literal(scope, from, ["mappings", from])} THEN ${literal(scope, to, ["mappings", from])}`,
    );
    const otherwise = literal(scope, entry(value, "defaultValue"), ["defaultValue"]);
    return { sql: `CASE ${whens.join(" ")} ELSE ${otherwise} END` };
  },
};
