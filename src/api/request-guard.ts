import { createHash, timingSafeEqual } from "node:crypto";
import { hostname, networkInterfaces } from "node:os";
import type { FastifyReply, FastifyRequest } from "fastify";
import { YAML_MEDIA_TYPES } from "./api-schemas.ts";
import { badRequest } from "./http-errors.ts";

/** Who may talk to the server: the bound address, extra names, and an optional bearer token. */
export interface GuardOptions {
  /** The address the server binds (`127.0.0.1`, `::1`, `0.0.0.0`, `192.168.1.5`, a name). */
  readonly bindHost: string;
  /** More names clients may use in Host and Origin (`--allowed-host`, ROWFORGE_ALLOWED_HOSTS), e.g. a reverse proxy's. */
  readonly allowedHosts?: readonly string[];
  /** When set, every route but GET /docs and GET /openapi.json needs `Authorization: Bearer <token>`. */
  readonly token?: string;
}

const LOOPBACK = ["localhost", "127.0.0.1", "::1"];
const WILDCARD = new Set(["0.0.0.0", "::", "[::]", ""]);
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Methods the server answers (others get 405 before any body is read). */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const OPEN_PATHS = new Set(["/docs", "/docs/examples.json", "/openapi.json", "/", "/ui"]);
/** Paths a token does not guard: the API's description and the web UI's static files (which hold no data; the UI sends the token on its API calls). */
const isOpenPath = (path: string): boolean => OPEN_PATHS.has(path) || path.startsWith("/ui/");
/** Content types of request bodies: JSON everywhere; YAML and text only where a route allows them. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const YAML_TYPES = new RegExp(`^(${YAML_MEDIA_TYPES.join("|").replaceAll("/", "\\/")})\\s*(;|$)`, "i");

const bare = (h: string) => h.toLowerCase().replace(/^\[|\]$/g, "");

export const isLoopback = (host: string): boolean => {
  const h = bare(host);
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
};

/** The warning `rowforge serve` prints when it binds to an address other machines can reach. */
export function exposureWarning(bindHost: string, hasToken: boolean): string | undefined {
  if (isLoopback(bindHost)) return undefined;
  return hasToken
    ? `rowforge: warning: listening on ${bindHost}, reachable from other machines; every request but /docs and /openapi.json needs the bearer token\n`
    : `rowforge: warning: listening on ${bindHost} without a token: anyone who can reach this address can read saved plans, start runs and delete data. Set ROWFORGE_TOKEN (or --token), or bind to 127.0.0.1\n`;
}

/** The host names (without ports) clients may use to reach a server bound to `bindHost`. */
export function allowedHostNames(bindHost: string, extra: readonly string[] = []): Set<string> {
  const names = new Set<string>(extra.map(bare));
  const bound = bare(bindHost);
  if (WILDCARD.has(bound)) {
    for (const n of LOOPBACK) names.add(n);
    names.add(hostname().toLowerCase());
    for (const list of Object.values(networkInterfaces()))
      for (const a of list ?? []) names.add(bare(a.address.split("%")[0] ?? a.address));
  } else {
    names.add(bound);
    if (isLoopback(bound)) for (const n of LOOPBACK) names.add(n);
  }
  return names;
}

/** `host:port`, `[::1]:port` or `host` → host name and port (undefined when absent or unreadable). */
export function splitHost(value: string): { name: string; port: string | undefined } | undefined {
  const m = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m) return undefined;
  return { name: bare(m[1]!), port: m[2] };
}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Constant-time comparison of a presented bearer token with the configured one. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const presented = m?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

const requestHasBody = (req: FastifyRequest) => {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
};

/**
 * The onRequest check of every request, before its body is read:
 * an unknown method → 405; a Host the server is not known by → 421 (DNS rebinding);
 * a missing or wrong bearer token (when one is configured) → 401; a state-changing request from
 * a foreign Origin, or marked cross-site by the browser → 403; a body that is not JSON (or YAML
 * text where the route allows it) → 415. All with the generic `{status, message, details}`.
 */
export function requestGuard(o: GuardOptions) {
  const names = allowedHostNames(o.bindHost, o.allowedHosts);
  const configured = new Set((o.allowedHosts ?? []).map(bare));
  const token = o.token !== undefined && o.token !== "" ? o.token : undefined;

  /** The server's own origins: a loopback or bound name on the port the request came in on, or any configured name. */
  const ownOrigin = (origin: string, port: string | undefined): boolean => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    const name = bare(url.hostname);
    if (configured.has(name)) return true;
    const originPort = url.port || (url.protocol === "https:" ? "443" : "80");
    return names.has(name) && (port === undefined || originPort === port);
  };

  /** Host headers seen, by text: a client sends the same one on every request. */
  const hosts = new Map<string, ReturnType<typeof splitHost>>();
  const hostOf = (host: string) => {
    let parsed = hosts.get(host);
    if (parsed === undefined && !hosts.has(host)) {
      parsed = splitHost(host);
      if (hosts.size >= 64) hosts.clear();
      hosts.set(host, parsed);
    }
    return parsed;
  };

  // A callback hook, not an async one: the usual request passes without a promise or a microtask.
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    if (!SERVED_METHODS.has(req.method)) {
      reply
        .code(405)
        .header("allow", [...SERVED_METHODS].join(", "))
        .send(badRequest(`method ${req.method} is not supported`, "MethodNotAllowed"));
      return;
    }
    const host = req.headers.host;
    const parsedHost = host === undefined ? undefined : hostOf(host);
    if (host !== undefined && (!parsedHost || !names.has(parsedHost.name))) {
      reply
        .code(421)
        .send(
          badRequest(
            `this server does not answer to host "${host.slice(0, 100)}"; allowed: ${[...names].sort().join(", ")} (add names with --allowed-host)`,
            "MisdirectedRequest",
          ),
        );
      return;
    }
    if (token && !(req.method === "GET" && isOpenPath(req.url.split("?")[0] ?? "/"))) {
      if (!tokenMatches(req.headers.authorization, token)) {
        reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="rowforge"')
          .send(badRequest("this server needs the header Authorization: Bearer <token>", "Unauthorized"));
        return;
      }
    }
    if (STATE_CHANGING.has(req.method)) {
      const origin = req.headers.origin;
      const fetchSite = req.headers["sec-fetch-site"];
      if (origin !== undefined || fetchSite !== undefined) {
        const port = req.socket.localPort !== undefined ? String(req.socket.localPort) : parsedHost?.port;
        const site = String(fetchSite ?? "").toLowerCase();
        const foreign =
          origin !== undefined ? !ownOrigin(origin, port) : site === "cross-site" || site === "same-site";
        if (foreign) {
          reply
            .code(403)
            .send(
              badRequest(
                `${req.method} from origin ${origin ?? `(${site})`} is refused: requests that change state must come from this server's own origin`,
                "ForeignOrigin",
              ),
            );
          return;
        }
      }
      if (requestHasBody(req)) {
        const type = req.headers["content-type"] ?? "";
        const yamlAllowed = (req.routeOptions.config as { acceptsYaml?: boolean } | undefined)?.acceptsYaml;
        if (!JSON_TYPE.test(type) && !(yamlAllowed && YAML_TYPES.test(type))) {
          reply
            .code(415)
            .send(
              badRequest(
                `content type ${type === "" ? "(none)" : type.slice(0, 100)} is not accepted: send application/json${yamlAllowed ? ", text/plain or application/yaml" : ""}`,
                "UnsupportedMediaType",
              ),
            );
          return;
        }
      }
    }
    done();
  };
}
