import { BUDGET_NAMES, resolveBudget } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";

/** The flags of `rowforge run` as commander gives them. */
export interface RunFlags {
  config?: string;
  workers?: string;
  seed?: string;
  outputRoot?: string;
  /** Accepted from older scripts: per-row variety is the default. */
  fullVariety?: boolean;
  pooled?: boolean;
  batchSize?: string;
  now?: string;
  quiet?: boolean;
  json?: boolean;
  mode?: string;
  home?: string;
  /** false with --no-history. */
  history?: boolean;
  run?: string[];
  onFailure?: string;
  transaction?: string;
  maxRows?: string;
  maxBytes?: string;
  maxRunSeconds?: string;
  budget?: string[];
  lenient?: boolean;
  transformations?: string;
}

/** What `run` makes of its flags; a bad value is invalid input (RF_CLI_FLAG_INVALID). */
export function runFlags(flags: RunFlags): {
  mode: "generate" | "delete";
  workers: number | undefined;
  batchSize: number | undefined;
  nowMicros: number | undefined;
  transaction: "step" | "plan";
  /** --on-failure: rollback (true), keep (false), or the configuration's flag (undefined). */
  rollback: boolean | undefined;
} {
  // Without --workers: the executor chooses (this thread, or a pool sized to the run).
  const workers = flags.workers === undefined ? undefined : Number(flags.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 256)) {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--workers must be a whole number from 0 to 256, not "${flags.workers}"`,
    );
  }
  const batchSize = flags.batchSize === undefined ? undefined : Number(flags.batchSize);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--batch-size must be a whole number of rows, not "${flags.batchSize}"`,
    );
  }
  let nowMicros: number | undefined;
  if (flags.now !== undefined) {
    const t = Date.parse(flags.now);
    if (!Number.isFinite(t))
      throw new RowforgeError("RF_CLI_FLAG_INVALID", `--now "${flags.now}" is not an ISO 8601 time`);
    nowMicros = t * 1000;
  }
  if (flags.mode !== "generate" && flags.mode !== "delete") {
    throw new RowforgeError("RF_CLI_FLAG_INVALID", `--mode must be generate or delete, not "${flags.mode}"`);
  }
  if (flags.onFailure !== undefined && flags.onFailure !== "keep" && flags.onFailure !== "rollback") {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--on-failure must be keep or rollback, not "${flags.onFailure}"`,
    );
  }
  if (flags.transaction !== "step" && flags.transaction !== "plan") {
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      `--transaction must be step or plan, not "${flags.transaction}"`,
    );
  }
  if (flags.run && flags.mode !== "delete")
    throw new RowforgeError(
      "RF_CLI_FLAG_INVALID",
      "--run names the runs a delete removes: use it with --mode delete",
    );
  const rollback = flags.onFailure === undefined ? undefined : flags.onFailure === "rollback";
  return { mode: flags.mode, workers, batchSize, nowMicros, transaction: flags.transaction, rollback };
}

/** The help of `--pooled` and `--full-variety`, the same for `run` and `sample`. */
export const POOLED_HELP =
  "draw each Datafaker call's values from 4,096 made once (faster, far fewer distinct values)";
export const FULL_VARIETY_HELP = "accepted from older scripts: every row has its own values by default";

/**
 * Whether Datafaker expressions are pooled (`--pooled`); `--full-variety`, the default now, is
 * accepted as before and contradicts `--pooled`.
 */
export function pooledFlag(flags: { readonly pooled?: boolean; readonly fullVariety?: boolean }): boolean {
  if (flags.pooled && flags.fullVariety) {
    throw new RowforgeError("RF_CLI_FLAG_INVALID", "--pooled and --full-variety contradict each other", {
      hint: "give --pooled for pooled values, or neither for full variety (the default)",
    });
  }
  return flags.pooled === true;
}

/** `--budget name=value ...` as budget overrides; an unknown name or a bad value is invalid input. */
export function budgetFlags(items: readonly string[]): Record<string, number> {
  const raw: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf("=");
    if (eq <= 0) {
      throw new RowforgeError("RF_CLI_FLAG_INVALID", `--budget takes name=value, not "${item}"`, {
        hint: `for example --budget maxStringLength=4MiB; the budgets are ${BUDGET_NAMES.join(", ")}`,
      });
    }
    raw[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  const resolved = resolveBudget(raw);
  return Object.fromEntries(Object.keys(raw).map((k) => [k, resolved[k as keyof typeof resolved]]));
}
