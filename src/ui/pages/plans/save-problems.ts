import type { WorkspaceFile } from "./plan-workspace.ts";
import { parsePath } from "./problem-paths.ts";
import type { LocatedProblem } from "./step-problems.ts";

/** A problem of a refused save, placed in the workspace file and at the path it is about. */
export interface SaveProblem extends LocatedProblem {
  readonly file: WorkspaceFile;
}

/**
 * The problems of POST /plan's refusal (`plan "x" is not saved: it has 2 problems: 1) at
 * tasks[0].steps[0].fields[1].options.mni: unknown ... [RF_KEY_UNKNOWN]; 2) ...`), each placed
 * where the request had it: `tasks[i]` is the workspace's task i, `plan` its plan, `validation[i]`
 * its validation i. Problems without a path are left out (the message shows them all).
 */
export function saveProblems(message: string): SaveProblem[] {
  const out: SaveProblem[] = [];
  const re = /(?:^|; |: )\d+\) at (\S+?): (.*?) \[(RF_[A-Z_]+)\](?=; \d+\) |$)/g;
  for (const m of message.matchAll(re)) {
    const path = parsePath(m[1]!);
    const text = `${m[2]!} [${m[3]!}]`;
    const [head, index, ...rest] = path;
    if (head === "plan") out.push({ file: { kind: "plan" }, path: path.slice(1), message: text });
    else if (head === "tasks" && typeof index === "number")
      out.push({ file: { kind: "task", index }, path: rest, message: text });
    else if (head === "validation" && typeof index === "number")
      out.push({ file: { kind: "validation", index }, path: rest, message: text });
    else if (head === "configuration")
      out.push({ file: { kind: "configuration" }, path: path.slice(1), message: text });
  }
  return out;
}
