import type { PathSegment, SourceLocation } from "../../errors/index.ts";

/**
 * A parsed input document (YAML, JSON, HOCON or an API body) and a way back from a path
 * inside it to a line and column, so every problem can point at the text the user wrote.
 */
export interface SourceDocument {
  readonly file: string | undefined;
  readonly value: unknown;
  /** Where the value (or, with `at: "key"`, the key) at `path` is written. */
  locate(path: readonly PathSegment[], at?: "key" | "value"): SourceLocation;
}

/** A document with no text behind it (an HTTP JSON body): locations carry only the path. */
export function plainDocument(value: unknown, file?: string): SourceDocument {
  return {
    file,
    value,
    locate: () => (file === undefined ? {} : { file }),
  };
}
