import { hashString } from "../rng/index.ts";

/** The stream key of a plan: its seed text hashed. */
export const planKeyOf = (seed: string): number => hashString(seed, 0x726f7766);

/** The stream key of a field: plan → step → field path, or the field's own `seed` option. */
export function fieldKeyOf(
  planKey: number,
  stepId: string,
  fieldPath: string,
  fieldSeed?: string | number,
): number {
  if (fieldSeed !== undefined) return hashString(fieldPath, hashString(String(fieldSeed)));
  return hashString(fieldPath, hashString(stepId, planKey));
}
