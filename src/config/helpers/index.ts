export { expandFieldHelpers } from "./expand-field-helpers.ts";
export { HELPER_FIELD_NAMES, HELPER_OPTION_NAMES, HELPER_OUTPUT_OPTION_NAMES } from "./helper-registry.ts";
export type { HelperContext, HelperReport, RawField } from "./helper-types.ts";
