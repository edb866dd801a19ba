export {
  CONNECTION_GROUP_NAMES,
  Connection,
  type ConnectionGroup,
  type ConnectionSource,
  OTHER_CONNECTION_GROUP,
} from "./connection.ts";
export { Count, CountOptions, LoadPattern, PerFieldCount } from "./count.ts";
export { DEFAULT_PER_FIELD_COUNT, DEFAULT_RECORD_COUNT } from "./count-defaults.ts";
export * from "./data-type.ts";
export { Field } from "./field.ts";
export {
  FIELD_OPTION_TABLE,
  type FieldOptionRow,
  type OptionKind,
  PASS_THROUGH_OPTION_KEYS,
} from "./field-option-table.ts";
export { FieldOptions, type WeightedValue } from "./field-options.ts";
export * from "./foreign-key.ts";
export { deepFreeze, type Immutable } from "./immutable.ts";
export { NAME_MAX_LENGTH, NAME_PATTERN, nameProblem } from "./names.ts";
export { parseDataType, SUPPORTED_TYPE_NAMES, TYPE_NAME_ALIASES } from "./parse-data-type.ts";
export { Plan, SinkOptions, TaskSummary } from "./plan.ts";
export { PlanRunRequest } from "./plan-run-request.ts";
export { PlanYamlSources } from "./plan-yaml-sources.ts";
export { RELATIVE_TIME } from "./relative-time.ts";
export { hasElementField, resolveFieldType } from "./resolve-field-type.ts";
export * from "./run-configuration.ts";
export { Step, TRANSFORMATION_MODES, Transformation } from "./step.ts";
export { stepIdOf } from "./step-id.ts";
export { Task } from "./task.ts";
export * from "./validation.ts";
export { walkFields } from "./walk-fields.ts";
