import type { Diagnostic, RowforgeError } from "../../errors/index.ts";

/** The sample endpoints' error codes (the spec's table). */
export const SAMPLE_ERROR_CODES = [
  "GENERATION_ERROR",
  "TASK_SAMPLE_ERROR",
  "STEP_SAMPLE_ERROR",
  "INVALID_SCHEMA",
  "INVALID_YAML",
  "YAML_PARSE_ERROR",
  "INVALID_REQUEST",
  "STEP_NOT_FOUND",
] as const;
export type SampleErrorCode = (typeof SAMPLE_ERROR_CODES)[number];

/**
 * One problem behind a failed sample, where it is: the line and column in the YAML sent and
 * the path inside it (`steps[0].fields[3].options.min`), so an editor can put the message
 * beside the field that caused it.
 */
export interface SampleProblem {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
}

export function sampleProblem(d: {
  readonly code: string;
  readonly message: string;
  readonly location?: Diagnostic["location"] | undefined;
  readonly hint?: string | undefined;
}): SampleProblem {
  const loc = d.location;
  return {
    code: d.code,
    message: d.message,
    ...(d.hint ? { hint: d.hint } : {}),
    ...(loc?.line !== undefined ? { line: loc.line } : {}),
    ...(loc?.column !== undefined ? { column: loc.column } : {}),
    ...(loc?.path ? { path: loc.path } : {}),
  };
}

/** The located problems of an engine or loader error (none when it has no location). */
export function problemsOf(e: RowforgeError): SampleProblem[] {
  const errors = e.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return errors.map(sampleProblem);
  return e.location ? [sampleProblem(e)] : [];
}

/** A failed sample: the spec's `{code, message, details}` with details naming the failure kind. */
export class SampleError extends Error {
  readonly code: SampleErrorCode;
  readonly details: string;
  /** Where the problems are, when they are in the YAML or fields sent (answered as `error.problems`). */
  readonly problems: readonly SampleProblem[];
  constructor(
    code: SampleErrorCode,
    message: string,
    details: string,
    problems: readonly SampleProblem[] = [],
  ) {
    super(message);
    this.name = "SampleError";
    this.code = code;
    this.details = details;
    this.problems = problems;
  }
}
