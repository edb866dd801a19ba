/** Deeply read-only view of plain data: the model's values are never mutated after loading. */
export type Immutable<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly Immutable<E>[]
    : T extends object
      ? { readonly [K in keyof T]: Immutable<T[K]> }
      : T;

/** Freezes plain data in place, all the way down, and returns it typed as immutable. */
export function deepFreeze<T>(value: T): Immutable<T> {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value as Immutable<T>;
}
