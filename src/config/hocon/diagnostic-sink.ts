import type { Diagnostic } from "../../errors/diagnostic.ts";
import type { ErrorCode } from "../../errors/error-codes.ts";
import { formatPath, type SourceLocation } from "../../errors/source-location.ts";

/** A 1-based position in the text. */
export interface Pos {
  readonly line: number;
  readonly column: number;
}

/** Past this many problems the text is almost surely not a configuration file; more would be noise. */
const MAX_DIAGNOSTICS = 100;

/** Collects the problems of one parse, each with the file, line and column it is about. */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];
  readonly file: string | undefined;
  private dropped = 0;

  constructor(file: string | undefined) {
    this.file = file;
  }

  location(pos: Pos, path?: readonly string[]): SourceLocation {
    return {
      ...(this.file === undefined ? {} : { file: this.file }),
      line: pos.line,
      column: pos.column,
      ...(path === undefined || path.length === 0 ? {} : { path: formatPath(path) }),
    };
  }

  /** Errors reported so far, including those not kept; lets a caller see whether a step failed. */
  get reported(): number {
    return this.diagnostics.length + this.dropped;
  }

  error(code: ErrorCode, message: string, pos: Pos, extra: { hint?: string; path?: readonly string[] } = {}) {
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    this.diagnostics.push({
      severity: "error",
      code,
      message,
      location: this.location(pos, extra.path),
      ...(extra.hint === undefined ? {} : { hint: extra.hint }),
    });
  }

  /** Adds a closing note when problems were dropped; call once at the end. */
  finish(): Diagnostic[] {
    if (this.dropped > 0) {
      this.diagnostics.push({
        severity: "error",
        code: "RF_HOCON_SYNTAX",
        message: `${this.dropped} more problems were found and not listed`,
        ...(this.file === undefined ? {} : { location: { file: this.file } }),
        hint: "fix the problems above first; they often cause the later ones",
      });
      this.dropped = 0;
    }
    return this.diagnostics;
  }
}
