import { ERROR_CODES, type ErrorCode } from "./error-codes.ts";
import { isRowforgeError, RowforgeError } from "./rowforge-error.ts";

/**
 * An error as plain data, so it can cross a thread boundary: structured cloning keeps only an
 * Error's name, message and stack, so a RowforgeError's code and hint would be lost.
 */
export interface TransferredError {
  readonly rowforgeError: {
    readonly code: ErrorCode;
    readonly message: string;
    readonly hint: string;
    readonly stack?: string;
  };
}

const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === "string" && Object.hasOwn(ERROR_CODES, code);

/** An error as plain data; anything that is not a RowforgeError becomes RF_INTERNAL with its message. */
export function transferError(e: unknown): TransferredError {
  if (isRowforgeError(e))
    return {
      rowforgeError: {
        code: e.code,
        message: e.message,
        hint: e.hint,
        ...(e.stack ? { stack: e.stack } : {}),
      },
    };
  const message = e instanceof Error ? e.message : String(e);
  return {
    rowforgeError: {
      code: "RF_INTERNAL",
      message,
      hint: ERROR_CODES.RF_INTERNAL.hint,
      ...(e instanceof Error && e.stack ? { stack: e.stack } : {}),
    },
  };
}

/** True for what `transferError` made (and nothing a worker returns on success). */
export function isTransferredError(value: unknown): value is TransferredError {
  if (typeof value !== "object" || value === null || !("rowforgeError" in value)) return false;
  const inner = (value as { rowforgeError: unknown }).rowforgeError;
  return typeof inner === "object" && inner !== null && "message" in inner && "code" in inner;
}

/** Rebuilds the RowforgeError on this side of the boundary: same code, message and hint. */
export function rebuildError(t: TransferredError): RowforgeError {
  const { code, message, hint, stack } = t.rowforgeError;
  const error = new RowforgeError(isErrorCode(code) ? code : "RF_INTERNAL", String(message), {
    hint: String(hint),
  });
  if (stack) error.stack = stack;
  return error;
}
