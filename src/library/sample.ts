import { sampleRows } from "../app/sample/sample-output.ts";
import { chosenSteps, sampleSteps, withSeed } from "../app/sample/sample-steps.ts";
import { RowforgeError } from "../errors/index.ts";
import { loadPlanInput, type PlanInput, type PlanSourceOptions } from "./load-plan-input.ts";
import { nowMicrosOf, type Reference } from "./reference-time.ts";

/** As `rowforge sample --rows`. */
const MAX_ROWS = 10_000;

export interface SampleOptions extends PlanSourceOptions, Reference {
  /** The step to sample; default the plan's first enabled step (as `rowforge sample -f json`). */
  readonly step?: string;
  /** Rows, from 1 to 10,000. */
  readonly n: number;
  /** The seed; default the plan's, else a new sample each call. */
  readonly seed?: string | number;
  /** Values from pools (`--pooled`): faster, less variety. Default false (full variety). */
  readonly pooled?: boolean;
}

/**
 * The first `n` rows of a step, exactly as `rowforge sample --format json` prints them (one
 * object per NDJSON line): the rows `run` writes first with the same seed and reference time.
 * A plan with problems throws a RowforgeError with the codes `rowforge validate` shows.
 */
export async function sample(plan: PlanInput, options: SampleOptions): Promise<Record<string, unknown>[]> {
  if (!Number.isInteger(options.n) || options.n < 1 || options.n > MAX_ROWS)
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `sample(): n must be a whole number from 1 to ${MAX_ROWS}, not ${options.n}`,
      {
        hint: "sample a few rows; generate() streams any number",
      },
    );
  const { plan: checked, access } = await loadPlanInput(plan, options);
  const seeded = withSeed(checked, options.seed === undefined ? undefined : String(options.seed));
  const step = chosenSteps(seeded, options.step)[0]!;
  const [first] = await sampleSteps(seeded, [step], {
    rows: options.n,
    pooled: options.pooled ?? false,
    nowMicros: nowMicrosOf(options),
    access,
  });
  return sampleRows(first!.batch);
}
