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

/** A failed sample: the spec's `{code, message, details}` with details naming the failure kind. */
export class SampleError extends Error {
  readonly code: SampleErrorCode;
  readonly details: string;
  constructor(code: SampleErrorCode, message: string, details: string) {
    super(message);
    this.name = "SampleError";
    this.code = code;
    this.details = details;
  }
}
