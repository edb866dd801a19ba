/**
 * Whether `url` is allowed by one of `prefixes`: `*` allows any http(s) URL; a prefix allows
 * URLs of its scheme, host and port whose path is its path or below it (`http://h:8081`
 * allows `http://h:8081/subjects`, `http://h/api/` allows `/api/x` but not `/apix`). Hosts
 * and schemes compare as URLs normalise them (case, default ports); credentials and query
 * strings of the URL play no part.
 */
export function urlAllowed(url: URL, prefixes: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return prefixes.some((p) => {
    if (p.trim() === "*") return true;
    let prefix: URL;
    try {
      prefix = new URL(p.trim());
    } catch {
      return false;
    }
    if (prefix.protocol !== url.protocol || prefix.host !== url.host) return false;
    const base = prefix.pathname;
    if (base === "/" || url.pathname === base) return true;
    return url.pathname.startsWith(base.endsWith("/") ? base : `${base}/`);
  });
}

/** A URL for messages: without its credentials, query and fragment. */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}
