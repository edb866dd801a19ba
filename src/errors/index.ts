export type { Diagnostic, Severity } from "./diagnostic.ts";
export { errorsOf, hasErrors } from "./diagnostic.ts";
export { didYouMean, editDistance, nearestNames } from "./did-you-mean.ts";
export { ERROR_CODES, type ErrorCode, type ErrorCodeInfo, errorCodeInfo } from "./error-codes.ts";
export {
  isTransferredError,
  rebuildError,
  type TransferredError,
  transferError,
} from "./error-transfer.ts";
export { isRowforgeError, RowforgeError, type RowforgeErrorInit } from "./rowforge-error.ts";
export { formatLocation, formatPath, type PathSegment, type SourceLocation } from "./source-location.ts";
