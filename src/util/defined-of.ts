/**
 * The properties of `o` that are set: for options with strict optional properties, which take
 * an absent property but no `undefined`.
 */
export function definedOf<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
