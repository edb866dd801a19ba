import { HELPER_RULES, type HelperRule } from "./helper-registry.ts";
import { helperScope, prefixReport } from "./helper-scope.ts";
import type { HelperContext, HelperReport, RawField } from "./helper-types.ts";
import { fieldNameOf, hasOwn, isMap, optionsOf, withoutOption } from "./raw-value.ts";

const nestedList = (field: RawField): readonly unknown[] | undefined =>
  Array.isArray(field.fields) && field.fields.length > 0 ? field.fields : undefined;

/** Applies one rule to one field; `top` is false inside nested fields, where connector rewrites do not apply. */
function applyRule(rule: HelperRule, field: RawField, report: HelperReport, top: boolean): RawField[] {
  const nested = nestedList(field);
  if (rule.kind === "fieldName") {
    if (!top || nested === undefined || field.name !== rule.rule.name) return [field];
    return rule.rule.rewrite(field, nested.filter(isMap), report);
  }
  const options = optionsOf(field);
  const key = rule.rule.name;
  if (rule.kind === "core") {
    return nested === undefined && rule.rule.applies(options)
      ? [rule.rule.rewrite(field, options, report)]
      : [field];
  }
  if (!hasOwn(options, key)) return [field];
  const scope = helperScope(fieldNameOf(field), key, rule.rule.hint, report);
  if (nested !== undefined) {
    scope.invalid("applies only to fields without nested fields; move it onto one of the nested fields");
    return [field];
  }
  const patch = rule.rule.expand(options[key], scope);
  return [{ ...field, options: { ...withoutOption(options, key), ...patch } }];
}

function expand(field: RawField, report: HelperReport, top: boolean): RawField[] {
  let current = field;
  const nested = nestedList(field);
  if (nested !== undefined) {
    // Nested fields never grow in number (only top-level rewrites add fields), so indexes hold.
    const fields = nested.flatMap((f, i) =>
      isMap(f) ? expand(f, prefixReport(report, ["fields", i]), false) : [f],
    );
    current = { ...field, fields };
  }
  // Loaded for every field of every plan and sample: a plain loop, no closures per rule.
  let out: RawField[] = [current];
  for (const rule of HELPER_RULES) {
    if (out.length === 1) out = applyRule(rule, out[0]!, report, top);
    else {
      const next: RawField[] = [];
      for (const f of out) next.push(...applyRule(rule, f, report, top));
      out = next;
    }
  }
  return out;
}

/**
 * Rewrites a field's helper options into core options, recursively through nested fields.
 * Returns the rewritten field(s): one field, or for the connector field names (`messageBody`,
 * `httpUrl`, ...) the fields they stand for. Never mutates the input; problems are reported with
 * paths relative to the field. The step type is accepted for the loader's convenience: the
 * rewrites do not depend on it.
 */
export function expandFieldHelpers(
  field: RawField,
  report: HelperReport,
  _context: HelperContext,
): RawField[] {
  return expand(field, report, true);
}
