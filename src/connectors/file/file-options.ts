import { extname } from "node:path";
import { RowforgeError } from "../../errors/index.ts";

export const SAVE_MODES = ["overwrite", "append", "errorifexists", "ignore"] as const;
export type SaveMode = "overwrite" | "append" | "errorIfExists" | "ignore";
const SINGLE_FILE_EXTENSIONS = [".json", ".csv", ".parquet", ".orc", ".jsonl", ".ndjson", ".txt"];

export interface FileOptions {
  readonly path: string;
  readonly saveMode: SaveMode;
  /** Number of part files (rows split into contiguous ranges). */
  readonly partitions: number;
  readonly partitionBy: readonly string[];
  /** The path names one file (it ends in a known extension) rather than a folder of parts. */
  readonly singleFile: boolean;
  /**
   * The output may sit among files rowforge did not write (`allowForeignFiles: true`): they
   * are left as they are; without it a folder holding only such files, or a single file no
   * manifest names, is refused.
   */
  readonly allowForeignFiles: boolean;
}

/** Reads the file options users write on a step (Spark's names and spellings). */
export function readFileOptions(stepName: string, o: Readonly<Record<string, string>>): FileOptions {
  const path = o.path?.trim();
  if (!path) {
    throw new RowforgeError("RF_KEY_MISSING", `step "${stepName}" has no path option`, {
      hint: "add options: {path: <folder or file>} to the step or its connection",
    });
  }
  const mode = (o.saveMode ?? "overwrite")
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  const saveMode: SaveMode | undefined =
    mode === "overwrite"
      ? "overwrite"
      : mode === "append"
        ? "append"
        : mode === "errorifexists" || mode === "error"
          ? "errorIfExists"
          : mode === "ignore"
            ? "ignore"
            : undefined;
  if (!saveMode) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${stepName}": saveMode "${o.saveMode}" is not one of overwrite, append, errorIfExists, ignore`,
    );
  }
  const partitions = o.partitions === undefined ? 1 : Number(o.partitions);
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 10_000) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${stepName}": partitions must be a whole number from 1 to 10000, not "${o.partitions}"`,
    );
  }
  const partitionBy = (o.partitionBy ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const foreign = (o.allowForeignFiles ?? "false").trim().toLowerCase();
  if (foreign !== "true" && foreign !== "false") {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${stepName}": allowForeignFiles must be true or false, not "${o.allowForeignFiles}"`,
    );
  }
  return {
    path,
    saveMode,
    partitions,
    partitionBy,
    singleFile: SINGLE_FILE_EXTENSIONS.includes(extname(path).toLowerCase()),
    allowForeignFiles: foreign === "true",
  };
}
