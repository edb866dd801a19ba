/**
 * Booleans written as text (step, sink and format options are strings; YAML may hold either),
 * read one way everywhere: true/false, yes/no or 1/0, any case, surrounding spaces ignored.
 * Anything else is undefined, for the caller to report or to take its default.
 */
export function parseBooleanOption(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const s = text.trim().toLowerCase();
  if (s === "true" || s === "yes" || s === "1") return true;
  if (s === "false" || s === "no" || s === "0") return false;
  return undefined;
}

/** The step options that change what a run does, parsed once into typed values. */
export interface StepRunOptions {
  /** `enableReferenceMode`: the step is existing data, read and never generated. */
  readonly referenceMode: boolean;
  /** `enableDataGeneration` (default true): false makes the step reference data too. */
  readonly dataGeneration: boolean;
  /** `allCombinations`: one row per combination of the fields' oneOf values. */
  readonly allCombinations: boolean;
}

export function stepRunOptions(options: Readonly<Record<string, string>>): StepRunOptions {
  return {
    referenceMode: parseBooleanOption(options.enableReferenceMode) === true,
    dataGeneration: parseBooleanOption(options.enableDataGeneration) !== false,
    allCombinations: parseBooleanOption(options.allCombinations) === true,
  };
}

/** Reference data is read, never generated or written (enableReferenceMode, or enableDataGeneration false). */
export const isReferenceStep = (o: StepRunOptions): boolean => o.referenceMode || !o.dataGeneration;
