import { conditionalValueHelper, mappingHelper } from "./conditional-helpers.ts";
import {
  businessHoursHelper,
  excludeWeekendsHelper,
  futureDaysHelper,
  timeBetweenHelper,
  withinDaysHelper,
} from "./date-time-helpers.ts";
import type { CoreOptionRewrite, FieldNameRewrite, OptionHelper } from "./helper-types.ts";
import { httpBodyRewrite, httpHeadersRewrite } from "./http-fields.ts";
import { httpUrlRewrite } from "./http-url.ts";
import { messageBodyRewrite, messageHeadersRewrite } from "./message-fields.ts";
import { dailyBatchSequenceHelper, semanticVersionHelper, sequenceHelper } from "./sequence-helpers.ts";
import {
  creditCardHelper,
  emailHelper,
  ipv4Helper,
  ipv6Helper,
  phoneHelper,
  ssnPatternHelper,
  urlHelper,
  uuidPatternHelper,
} from "./string-pattern-helpers.ts";
import { uuidIncrementalRewrite } from "./uuid-incremental.ts";
import { weightedOneOfRewrite } from "./weighted-one-of.ts";

export type HelperRule =
  | { readonly kind: "fieldName"; readonly rule: FieldNameRewrite }
  | { readonly kind: "option"; readonly rule: OptionHelper }
  | { readonly kind: "core"; readonly rule: CoreOptionRewrite };

const fieldName = (rule: FieldNameRewrite): HelperRule => ({ kind: "fieldName", rule });
const option = (rule: OptionHelper): HelperRule => ({ kind: "option", rule });
const core = (rule: CoreOptionRewrite): HelperRule => ({ kind: "core", rule });

/**
 * Every rewrite, in the order they apply: each sees the output of the ones before it, so a
 * field can combine helpers (`withinDays` then `excludeWeekends`, a header carrying `uuidPattern`).
 */
export const HELPER_RULES: readonly HelperRule[] = [
  fieldName(messageHeadersRewrite),
  fieldName(messageBodyRewrite),
  fieldName(httpUrlRewrite),
  fieldName(httpHeadersRewrite),
  fieldName(httpBodyRewrite),
  option(emailHelper),
  option(phoneHelper),
  option(urlHelper),
  option(uuidPatternHelper),
  option(ipv4Helper),
  option(ipv6Helper),
  option(ssnPatternHelper),
  option(creditCardHelper),
  option(withinDaysHelper),
  option(futureDaysHelper),
  option(excludeWeekendsHelper),
  option(businessHoursHelper),
  option(timeBetweenHelper),
  option(sequenceHelper),
  option(dailyBatchSequenceHelper),
  option(semanticVersionHelper),
  option(conditionalValueHelper),
  option(mappingHelper),
  core(weightedOneOfRewrite),
  core(uuidIncrementalRewrite),
];

/** Option keys that are helpers: they are consumed at load time and never reach the engine. */
export const HELPER_OPTION_NAMES: readonly string[] = HELPER_RULES.flatMap((r) =>
  r.kind === "option" ? [r.rule.name] : [],
);

/** Top-level field names rewritten into connector fields when they have nested fields. */
export const HELPER_FIELD_NAMES: readonly string[] = HELPER_RULES.flatMap((r) =>
  r.kind === "fieldName" ? [r.rule.name] : [],
);

/**
 * Option keys that rewritten fields carry for connectors, beyond the engine's core options:
 * `header` (the real HTTP header name) and `postSqlExpression` (a query parameter's `name=value`).
 */
export const HELPER_OUTPUT_OPTION_NAMES: readonly string[] = ["header", "postSqlExpression"];
