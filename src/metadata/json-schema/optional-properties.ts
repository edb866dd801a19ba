import type { RawField } from "../../config/index.ts";
import { noValueHere, type SchemaScope } from "./schema-types.ts";

/** How often an optional property is left out when the output leaves null fields out. */
export const OPTIONAL_ABSENT_PROB = 0.2;
/**
 * About how many optional properties an object with many of them is written with: each is left
 * out more often (a configuration schema declares hundreds, a real document sets a few).
 */
const OPTIONAL_PRESENT = 8;

/**
 * Optional properties of an object that has more than about OPTIONAL_PRESENT / (1 -
 * OPTIONAL_ABSENT_PROB) of them are each left out more often, so about OPTIONAL_PRESENT are
 * written per object: rows stay the size of real documents. Required properties, and those
 * an object counting its properties (minProperties) keeps, are not optional here.
 */
export function thinOptional(optional: readonly RawField[]): void {
  const absent = Math.round((1 - OPTIONAL_PRESENT / optional.length) * 1000) / 1000;
  if (absent <= OPTIONAL_ABSENT_PROB) return;
  for (const f of optional) {
    const o = f.options as Record<string, unknown> | undefined;
    if (o?.nullProb === OPTIONAL_ABSENT_PROB) o.nullProb = absent;
  }
}

/**
 * A property's field, counted against the step's fields left: an optional one is left out
 * when none are left, and when its schema recurses without end (its recursion cut there); a
 * required one is refused then.
 */
export function optionalCut(
  required: boolean,
  scope: SchemaScope,
  field: () => RawField | undefined,
): RawField | undefined {
  if (!required && scope.fieldsLeft !== undefined && scope.fieldsLeft.n <= 0) return undefined;
  let made: RawField | undefined;
  try {
    made = field();
  } catch (e) {
    if (required || !noValueHere(e)) throw e;
    return undefined;
  }
  // Its own properties were counted as they were made.
  if (made && scope.fieldsLeft) scope.fieldsLeft.n--;
  return made;
}
