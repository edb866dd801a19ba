import type { SampleProblem } from "./plan-api.ts";
import { parsePath } from "./problem-paths.ts";
import type { YamlPath } from "./yaml-edit.ts";

/** A sample problem placed at a path of the task's YAML (where the editor shows it). */
export interface LocatedProblem {
  readonly path: YamlPath;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/**
 * Where each problem of a step's sample belongs: its own path when the server gave one, else
 * the field its message names (`field "amount": ...`, what engine errors say), else the step.
 */
export function locateProblems(
  problems: readonly SampleProblem[],
  message: string,
  stepIndex: number,
  fields: unknown,
): LocatedProblem[] {
  const step: YamlPath = ["steps", stepIndex];
  const located = problems.map((p) => ({
    path: p.path ? parsePath(p.path) : step,
    message: p.hint ? `${p.message} (${p.hint})` : p.message,
    ...(p.line !== undefined ? { line: p.line } : {}),
    ...(p.column !== undefined ? { column: p.column } : {}),
  }));
  if (located.length > 0) return located;
  const named = /field "([^"]+)"/.exec(message)?.[1];
  const path = named ? fieldPath(fields, named.split("."), [...step, "fields"]) : undefined;
  return [{ path: path ?? step, message }];
}

function fieldPath(fields: unknown, names: readonly string[], at: YamlPath): YamlPath | undefined {
  if (!Array.isArray(fields) || names.length === 0) return undefined;
  const i = fields.findIndex(
    (f) => f && typeof f === "object" && (f as { name?: unknown }).name === names[0],
  );
  if (i < 0) return undefined;
  if (names.length === 1) return [...at, i];
  return fieldPath((fields[i] as { fields?: unknown }).fields, names.slice(1), [...at, i, "fields"]);
}
