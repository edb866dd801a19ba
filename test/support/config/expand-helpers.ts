import { expandFieldHelpers, type RawField } from "../../../src/config/index.ts";
import type { ErrorCode, PathSegment } from "../../../src/errors/index.ts";

export interface Reported {
  readonly code: ErrorCode;
  readonly message: string;
  readonly path: readonly PathSegment[];
  readonly hint: string | undefined;
}

/** Test support: expands a deep-frozen copy of `field` (so any mutation throws) and collects reports. */
export function expandCollect(field: RawField, stepType?: string): { out: RawField[]; reports: Reported[] } {
  const reports: Reported[] = [];
  const frozen = freeze(structuredClone(field));
  const out = expandFieldHelpers(
    frozen,
    (code, message, path, hint) => reports.push({ code, message, path, hint }),
    stepType === undefined ? {} : { stepType },
  );
  return { out, reports };
}

function freeze<T>(v: T): T {
  if (typeof v === "object" && v !== null) {
    Object.freeze(v);
    for (const x of Object.values(v)) freeze(x);
  }
  return v;
}

/** Expands `{name: "f", type, options: {[option]: value}}` and returns the one field's options. */
export function expandOption(
  option: string,
  value: unknown,
  type = "string",
): { options: unknown; type: unknown; reports: Reported[]; count: number } {
  const { out, reports } = expandCollect({ name: "f", type, options: { [option]: value } });
  return { options: out[0]?.options, type: out[0]?.type, reports, count: out.length };
}

export const codesOf = (reports: readonly Reported[]): string[] => reports.map((r) => r.code);
export const pathsOf = (reports: readonly Reported[]): (readonly PathSegment[])[] =>
  reports.map((r) => r.path);
