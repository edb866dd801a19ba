import type { ErrorCode } from "./error-codes.ts";
import type { SourceLocation } from "./source-location.ts";

export type Severity = "error" | "warning";

/** One problem found while loading or checking input. Loaders collect them all, like a compiler. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly code: ErrorCode;
  readonly message: string;
  readonly location?: SourceLocation;
  /** What to do about it, including a "did you mean" suggestion when there is one. */
  readonly hint?: string;
}

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === "error");

export const errorsOf = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  diagnostics.filter((d) => d.severity === "error");
