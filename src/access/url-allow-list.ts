/**
 * The allow-list of URL prefixes, parsed once: `*` allows any http(s) URL; a prefix allows URLs
 * of its scheme, host and port whose path is its path or below it (`http://h:8081` allows
 * `http://h:8081/subjects`, `http://h/api/` allows `/api/x` but not `/apix`). Hosts and schemes
 * compare as URLs normalise them (case, default ports); credentials and query strings of the URL
 * play no part. A prefix that is not a URL allows nothing.
 */
export function urlAllowList(prefixes: readonly string[]): (url: URL) => boolean {
  const any = prefixes.some((p) => p.trim() === "*");
  const parsed = prefixes.flatMap((p) => {
    try {
      const u = new URL(p.trim());
      const base = u.pathname;
      return [{ protocol: u.protocol, host: u.host, base, below: base.endsWith("/") ? base : `${base}/` }];
    } catch {
      return [];
    }
  });
  return (url) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    if (any) return true;
    return parsed.some(
      (p) =>
        p.protocol === url.protocol &&
        p.host === url.host &&
        (p.base === "/" || url.pathname === p.base || url.pathname.startsWith(p.below)),
    );
  };
}

/** A URL for messages: without its credentials, query and fragment. */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}
