import type { Randomizer } from "@faker-js/faker";
import { RowRandom } from "../rng/index.ts";

/**
 * A faker randomizer that reads the draws of the current row. The expression sets `source`
 * to the row's RowRandom before each value, so a value depends only on (stream key, row).
 * `seed()` is ignored on purpose: library code that reseeds must not change rowforge output.
 */
export class RowRandomizer implements Randomizer {
  source: RowRandom = new RowRandom(0).at(0);

  // Arrow properties: the library calls these detached from the object.
  readonly next = (): number => this.source.float();

  readonly seed = (_seed: number | number[]): void => {};
}
