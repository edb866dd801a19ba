import type { Diagnostic } from "./diagnostic.ts";
import { type ErrorCode, errorCodeInfo } from "./error-codes.ts";
import { formatLocation, type SourceLocation } from "./source-location.ts";

export interface RowforgeErrorInit {
  readonly location?: SourceLocation;
  readonly hint?: string;
  /** All problems when the error stands for several (a failed load). */
  readonly diagnostics?: readonly Diagnostic[];
  readonly cause?: unknown;
}

/** The one error class of rowforge: a stable code, a message that says what and where, and a hint. */
export class RowforgeError extends Error {
  readonly code: ErrorCode;
  readonly location: SourceLocation | undefined;
  readonly hint: string;
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: ErrorCode, message: string, init: RowforgeErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "RowforgeError";
    this.code = code;
    this.location = init.location;
    this.hint = init.hint ?? errorCodeInfo(code).hint;
    this.diagnostics = init.diagnostics ?? [];
  }

  get status(): number {
    return errorCodeInfo(this.code).status;
  }

  /** `file:line:col: message` for logs and the CLI. */
  describe(): string {
    const where = formatLocation(this.location);
    return where ? `${where}: ${this.message}` : this.message;
  }

  static fromDiagnostic(d: Diagnostic): RowforgeError {
    return new RowforgeError(d.code, d.message, {
      ...(d.location ? { location: d.location } : {}),
      ...(d.hint ? { hint: d.hint } : {}),
    });
  }
}

export const isRowforgeError = (e: unknown): e is RowforgeError => e instanceof RowforgeError;
