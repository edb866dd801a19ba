import { randomInt } from "node:crypto";

/** The seed of a run: the one asked for, else the plan's, else a new random one (reported and stored). */
export function chooseSeed(
  requested: string | undefined,
  planSeed: string | undefined,
): { seed: string; chosen: boolean } {
  if (requested !== undefined && requested.trim() !== "") return { seed: requested.trim(), chosen: false };
  if (planSeed !== undefined) return { seed: planSeed, chosen: false };
  return { seed: String(randomInt(1, 2 ** 47)), chosen: true };
}
