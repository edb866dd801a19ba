export type { Builtin } from "./builtins.ts";
export { BUILTINS } from "./builtins.ts";
export {
  compileFakerExpression,
  DEFAULT_REF_DATE,
  type FakerExpression,
  type FakerExpressionOptions,
  type FakerPool,
  type FakerPools,
  fillPool,
  poolValue,
} from "./compile-faker-expression.ts";
export type { FakerEntry } from "./faker-entry.ts";
export { fakerLocaleIds, resolveFakerLocale } from "./faker-locale.ts";
export { listFakerMethods, type ResolvedCall, resolveFakerCall } from "./faker-lookup.ts";
export { FIXED_CALL_LENGTH } from "./faker-size.ts";
export { FAKER_TABLE, PROVIDER_ALIASES } from "./faker-table.ts";
export {
  type CallPart,
  parseFakerTemplate,
  type TemplatePart,
  type TextPart,
} from "./parse-faker-template.ts";
export { callMaxLength, expressionMaxLength, templateMaxLength } from "./template-size.ts";
