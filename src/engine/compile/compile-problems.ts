import { isRowforgeError, RowforgeError } from "../../errors/index.ts";

/**
 * The problems of one step's fields, collected while the step compiles so that a step with a
 * bad regex, an unknown Datafaker method and bad SQL in three fields is refused with all three
 * at once. A field that fails keeps its declared type, so fields that use it are still checked
 * (and not refused a second time for its sake).
 */
export class CompileProblems {
  private readonly errors: RowforgeError[] = [];

  /** Keeps a coded error; anything else (a bug) is thrown at once. */
  report(e: unknown): void {
    if (!isRowforgeError(e)) throw e;
    this.errors.push(e);
  }

  /**
   * Throws the first problem, carrying every one as its diagnostics (RowforgeError.diagnostics)
   * when there are several; does nothing when the step compiled cleanly.
   */
  throwIfAny(): void {
    const [first, ...rest] = this.errors;
    if (!first) return;
    if (rest.length === 0) throw first;
    throw new RowforgeError(first.code, first.message, {
      hint: first.hint,
      cause: first,
      diagnostics: this.errors.map((e) => ({
        severity: "error" as const,
        code: e.code,
        message: e.message,
        hint: e.hint,
        ...(e.location ? { location: e.location } : {}),
      })),
    });
  }
}
