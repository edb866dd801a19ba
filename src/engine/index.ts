/**
 * The engine's front door: what the application layer, the HTTP API, the CLI, the connectors,
 * the workers and the scripts use of it. Nothing outside src/engine imports past this file
 * (test/structure/front-doors.test.ts checks it); tests beside the code may reach the module
 * they test.
 *
 * The SQL compiler is not behind this door: it loads with loadSqlCompiler() (or loadPlanCode()
 * for a plan), and code that itself loads only with SQL imports it from ./sql-compiler.ts.
 */
export {
  BUDGET_NAMES,
  type BudgetName,
  DEFAULT_BUDGET,
  type GenerationBudget,
  raiseHint,
  resolveBudget,
} from "./budget/generation-budget.ts";
export { allocateColumn, type Column, decimalFitsDouble } from "./columns/column.ts";
export { columnFromValues } from "./columns/column-values.ts";
export { batchShape, toRecordBatch } from "./columns/to-arrow.ts";
export {
  COMPILE_PLAN_CHANNEL,
  type CompiledPlan,
  compilePlan,
  type PlanCompileOptions,
} from "./compile/compile-plan.ts";
export type { CompiledStep } from "./compile/compiled-step.ts";
export { loadPlanCode } from "./compile/load-plan-code.ts";
export { BUILTINS, expressionMaxLength, FAKER_TABLE } from "./faker/index.ts";
export { GENERATOR_VERSION } from "./generator-version.ts";
export { compileRegex, regexMaxLength } from "./regex/index.ts";
export { hashString, RowRandom, withStreamSalt } from "./rng/index.ts";
export type {
  BatchExecutor,
  BatchResult,
  BatchTask,
  EncodeSpec,
  PlanRegistration,
} from "./run/batch-task.ts";
export { batchIpc, generateBatch } from "./run/generate-batch-bytes.ts";
export { generateStep } from "./run/generate-step.ts";
export { createPlanCache } from "./run/plan-cache.ts";
export { planFakerPools } from "./run/plan-faker-pools.ts";
export {
  type CompiledSql,
  compileOrdering,
  loadSqlCompiler,
  type Ordering,
  type SqlAst,
  type SqlCompiler,
  type SqlRowContext,
  type SqlScope,
  type SqlValue,
} from "./sql/index.ts";
