/**
 * Exit codes: 0 success, 1 the work failed (a run failed), 2 the input was invalid, 3 the data
 * was written (or read) but a validation failed, 130 interrupted (Ctrl-C).
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_INVALID = 2;
export const EXIT_VALIDATION_FAILED = 3;
export const EXIT_INTERRUPTED = 130;
