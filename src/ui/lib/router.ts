import { useEffect, useState } from "preact/hooks";

/** Where the hash points: `#/runs/<id>?x=1` → path `/runs/<id>`, query `x=1`. */
export interface Route {
  readonly path: string;
  readonly query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const body = hash.replace(/^#/, "") || "/";
  const q = body.indexOf("?");
  const path = q < 0 ? body : body.slice(0, q);
  return {
    path: path.startsWith("/") ? path : `/${path}`,
    query: new URLSearchParams(q < 0 ? "" : body.slice(q + 1)),
  };
}

/**
 * Matches a path against a pattern such as `/plans/:name`; answers the decoded parameters, or
 * undefined. A pattern ending in `/*` matches the rest of the path as `rest`.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/").filter(Boolean);
  const got = path.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === "*") {
      params.rest = got.slice(i).map(decodeURIComponent).join("/");
      return params;
    }
    const g = got[i];
    if (g === undefined) return undefined;
    if (w.startsWith(":")) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return undefined;
  }
  return got.length === want.length ? params : undefined;
}

/** A link target inside the UI: `href(["runs", id])` → `#/runs/<id>`. */
export function href(parts: readonly string[], query?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${parts.map(encodeURIComponent).join("/")}${s ? `?${s}` : ""}`;
}

/** Goes to a hash; `replace` swaps the current history entry (filters typed letter by letter). */
export function navigate(to: string, replace = false): void {
  const hash = to.startsWith("#") ? to : `#${to}`;
  if (!replace) {
    location.hash = hash;
    return;
  }
  history.replaceState(history.state, "", hash);
  dispatchEvent(new HashChangeEvent("hashchange"));
}

/** The current route, updated on every hash change. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseHash(location.hash));
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return route;
}
