export interface Lru<V> {
  /** The value for key, made (and kept) on a miss; a throwing make keeps nothing. */
  get(key: string, make: () => V): V;
}

/**
 * A small least-recently-used map for pure, reusable results (compiled patterns, parsed
 * schemas). Recency is tracked once the map is full; before that nothing is evicted and a hit
 * costs one lookup.
 */
export function lru<V>(maxEntries: number): Lru<V> {
  const map = new Map<string, V>();
  return {
    get(key, make) {
      const hit = map.get(key);
      if (hit !== undefined) {
        // Recency only matters once the map is full: until then a hit costs one lookup.
        if (map.size >= maxEntries) {
          map.delete(key);
          map.set(key, hit);
        }
        return hit;
      }
      const value = make();
      if (map.size >= maxEntries) map.delete(map.keys().next().value!);
      map.set(key, value);
      return value;
    },
  };
}
