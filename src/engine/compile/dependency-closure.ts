import type { DerivedField } from "./compile-derived.ts";

/** For each field, the fields that must be computed for it (itself and what its expressions read). */
export function dependencyClosure(
  plans: readonly unknown[],
  derived: readonly DerivedField[],
): (i: number) => Set<number> {
  const deps = new Map<number, number[]>();
  for (const d of derived) deps.set(d.slot, [...(deps.get(d.slot) ?? []), ...d.dependsOn]);
  return (i) => {
    const out = new Set<number>();
    const visit = (k: number) => {
      if (out.has(k) || k >= plans.length) return;
      out.add(k);
      for (const d of deps.get(k) ?? []) visit(d);
    };
    visit(i);
    return out;
  };
}
