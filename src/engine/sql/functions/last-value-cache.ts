/**
 * Caches the last compiled form of a non-constant pattern argument (regexes, formats):
 * generated data usually repeats the same pattern on every row.
 */
export function lastValueCache<K, V>(build: (key: K) => V): (key: K) => V {
  let lastKey: K | undefined;
  let lastValue: V | undefined;
  let filled = false;
  return (key) => {
    if (!filled || key !== lastKey) {
      lastValue = build(key);
      lastKey = key;
      filled = true;
    }
    return lastValue as V;
  };
}
