import { RowforgeError } from "../../errors/index.ts";
import { groupDigits } from "../../util/group-digits.ts";

/** What one run may do at most; a run that would exceed a limit is refused or cancelled. */
export interface RunLimits {
  /** Rows over all steps; a plan asking for more is refused before anything is written. */
  readonly maxRows: number;
  /** Bytes written over all outputs; the run is cancelled when it writes more. */
  readonly maxBytes: number;
  /** Wall-clock seconds from the run's start; the run is cancelled when it takes longer. */
  readonly maxSeconds: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = {
  maxRows: 1_000_000_000,
  maxBytes: 1024 ** 4,
  maxSeconds: 24 * 60 * 60,
};

/** The flags (of run and serve) and environment variables that set each limit. */
const SOURCES = {
  maxRows: { flag: "--max-rows", env: "ROWFORGE_MAX_ROWS" },
  maxBytes: { flag: "--max-bytes", env: "ROWFORGE_MAX_BYTES" },
  maxSeconds: { flag: "--max-run-seconds", env: "ROWFORGE_MAX_RUN_SECONDS" },
} as const;

/** Reads the limits from flags, else the environment, else the defaults; a bad value is RF_CLI_FLAG_INVALID. */
export function readRunLimits(
  flags: { readonly maxRows?: string; readonly maxBytes?: string; readonly maxRunSeconds?: string },
  env: Readonly<Record<string, string | undefined>>,
): RunLimits {
  const read = (key: keyof RunLimits, flagValue: string | undefined): number => {
    const { flag, env: name } = SOURCES[key];
    const text = flagValue ?? env[name];
    if (text === undefined || text.trim() === "") return DEFAULT_RUN_LIMITS[key];
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) {
      throw new RowforgeError(
        "RF_CLI_FLAG_INVALID",
        `${flagValue !== undefined ? flag : name} must be a positive number, not "${text}"`,
        { hint: `give ${flag} N (or set ${name}); the default is ${DEFAULT_RUN_LIMITS[key]}` },
      );
    }
    return value;
  };
  return {
    maxRows: read("maxRows", flags.maxRows),
    maxBytes: read("maxBytes", flags.maxBytes),
    maxSeconds: read("maxSeconds", flags.maxRunSeconds),
  };
}

/** Refuses a plan that asks for more rows than a run may write, naming both numbers. */
export function checkRowLimit(planName: string, rows: number, limits: RunLimits): void {
  if (rows <= limits.maxRows) return;
  throw new RowforgeError(
    "RF_LIMIT_EXCEEDED",
    `plan "${planName}" asks for ${fmt(rows)} rows, above the limit of ${fmt(limits.maxRows)} rows per run`,
    {
      hint: `lower the step counts, or raise the limit with ${SOURCES.maxRows.flag} (env ${SOURCES.maxRows.env})`,
    },
  );
}

/** The reason of a run cancelled because it wrote too much. */
export const bytesLimitReason = (limits: RunLimits): string =>
  `cancelled: the run wrote more than its limit of ${fmt(limits.maxBytes)} bytes (${SOURCES.maxBytes.flag})`;

/** The reason of a run cancelled because it took too long. */
export const timeLimitReason = (limits: RunLimits): string =>
  `cancelled: the run took longer than its limit of ${fmt(limits.maxSeconds)} s (${SOURCES.maxSeconds.flag})`;

const fmt = (n: number): string => groupDigits(n);
