import type { Diagnostic } from "../../errors/index.ts";
import type { Task } from "../../model/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { LoadContext } from "../read/load-context.ts";
import { readTask } from "../read/read-task.ts";
import { readYaml } from "../source/read-yaml.ts";

/**
 * A task written as YAML text, read as a task file is. "syntax": the text is not one YAML
 * document (`diagnostic` is the first syntax error, if there is one); "task": the document
 * was read (`task` is undefined when it is not a mapping or has no name; `diagnostics` holds
 * every problem the reader found).
 */
export type TaskTextRead =
  | { readonly kind: "syntax"; readonly diagnostic: Diagnostic | undefined }
  | { readonly kind: "task"; readonly task: Task | undefined; readonly diagnostics: readonly Diagnostic[] };

/** Reads a task from YAML text (`source` names it in locations); never throws on bad input. */
export function readTaskText(yamlText: string, source: string, env: Env): TaskTextRead {
  const read = readYaml(yamlText, source);
  const syntax = read.diagnostics.find((d) => d.severity === "error");
  if (!read.document || syntax) return { kind: "syntax", diagnostic: syntax };
  const diagnostics: Diagnostic[] = [];
  const ctx = new LoadContext(read.document, diagnostics);
  const value = read.document.value;
  const task =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? readTask(ctx, value as Record<string, unknown>, [], env)
      : undefined;
  return { kind: "task", task, diagnostics };
}
