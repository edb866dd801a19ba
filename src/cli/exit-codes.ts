/** Exit codes: 0 success, 1 the work failed (a run failed), 2 the input was invalid, 130 interrupted (Ctrl-C). */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_INVALID = 2;
export const EXIT_INTERRUPTED = 130;
