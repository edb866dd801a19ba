import type { OutputKinds } from "../../model/output-kinds.ts";
import { isObject } from "../read/load-context.ts";
import { CONFIG_SECTIONS, connectionBlocks } from "../read/read-app-config.ts";
import { isUnifiedShape } from "../read/read-unified.ts";
import { isValidationShape } from "../read/read-validation.ts";

export const FILE_KINDS = ["plan", "task", "unified", "validation", "config", "unknown"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Tells what a parsed document is, the way Data Caterer's users lay their files out; `kinds`
 * names the connection blocks a configuration may hold.
 */
export function classifyDocument(value: unknown, kinds: OutputKinds, file?: string): FileKind {
  if (file && /\.(conf|hocon)$/i.test(file)) return "config";
  if (!isObject(value)) return "unknown";
  if (isUnifiedShape(value)) return "unified";
  if (Array.isArray(value.steps)) return "task";
  if (isObject(value.dataSources) && isValidationShape(value)) return "validation";
  if (Array.isArray(value.tasks) || value.sinkOptions !== undefined) return "plan";
  const keys = Object.keys(value);
  const blocks = connectionBlocks(kinds);
  if (keys.length > 0 && keys.every((k) => CONFIG_SECTIONS.includes(k) || blocks.includes(k)))
    return "config";
  if (typeof value.name === "string" && keys.includes("tasks")) return "plan";
  return "unknown";
}
