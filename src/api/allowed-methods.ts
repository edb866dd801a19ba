/**
 * The methods each route path answers, so a request with another method on a known path gets
 * a 405 naming them (Allow) rather than the 404 of an unknown path.
 */
export function allowedMethods() {
  /** `rank`: a path parameter per segment 1, a fixed segment 0 (the router prefers fixed ones). */
  const routes: { pattern: RegExp; rank: string; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  return {
    /** A route as Fastify registers it (`/plan/:planName`). */
    add(method: string | readonly string[], url: string): void {
      let methods = byUrl.get(url);
      if (!methods) {
        methods = new Set();
        byUrl.set(url, methods);
        const parts = url.split("/");
        const pattern = parts
          .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("/");
        const rank = parts.map((part) => (part.startsWith(":") ? "1" : "0")).join("");
        routes.push({ pattern: new RegExp(`^${pattern}$`), rank, methods });
      }
      for (const m of typeof method === "string" ? [method] : method) methods.add(m.toUpperCase());
    },
    /** The methods of the route a request path is answered by, sorted; none for an unknown path. */
    of(path: string): string[] {
      let best: (typeof routes)[number] | undefined;
      for (const r of routes) if (r.pattern.test(path) && (!best || r.rank < best.rank)) best = r;
      return best ? [...best.methods].sort() : [];
    },
  };
}
