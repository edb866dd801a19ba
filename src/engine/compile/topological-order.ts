/**
 * Orders nodes so each comes after the nodes it depends on. Returns the order, or the first
 * cycle found (as a list of nodes, first repeated at the end).
 */
export function topologicalOrder<T>(
  nodes: readonly T[],
  dependsOn: (n: T) => readonly T[],
): { readonly order: T[] } | { readonly cycle: T[] } {
  const state = new Map<T, 1 | 2>();
  const order: T[] = [];
  const stack: T[] = [];
  const visit = (n: T): T[] | undefined => {
    const s = state.get(n);
    if (s === 2) return undefined;
    if (s === 1) return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 1);
    stack.push(n);
    for (const d of dependsOn(n)) {
      const cycle = visit(d);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(n, 2);
    order.push(n);
    return undefined;
  };
  for (const n of nodes) {
    const cycle = visit(n);
    if (cycle) return { cycle };
  }
  return { order };
}
