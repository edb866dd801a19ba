import { setTimeout as sleep } from "node:timers/promises";
import type { errors as UndiciErrors } from "undici";
import type { ResourceAccess } from "../../access/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { errorCode, hideUserInfo } from "../messaging/broker-options.ts";
import type { MessageFrames } from "../messaging/message-frames.ts";
import type { MessageTransport, SendOutcome } from "../messaging/message-transport.ts";
import type { HttpOptions } from "./http-options.ts";
import type { HttpRequestParts } from "./http-request-parts.ts";
import type { ResponseLog } from "./http-response-log.ts";

/**
 * Network errors that mean nothing listens there: the step cannot go on. Narrower than the
 * brokers' set: a reset or timed-out request to an endpoint that answered before is one failed
 * request, counted, not the end of the step.
 */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const MAX_RETRY_AFTER_MS = 30_000;
/** Headers the connection itself sets: a plan's own value (a generated Content-Length) would corrupt the request. */
const TRANSPORT_HEADERS = new Set([
  "content-length",
  "host",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
]);

interface Request {
  readonly origin: string;
  readonly path: string;
  readonly method: string;
  /** Name, value, name, value, ... */
  readonly headers: string[];
  readonly body: Uint8Array | undefined;
}

/** What one request came to: its status, or why it has none. */
type Answer = { readonly status: number; readonly retryAfterMs?: number } | { readonly error: unknown };

/** One sentence about a failed request, no secrets. */
function describeFailure(e: unknown, timeoutSeconds: number, undiciErrors: typeof UndiciErrors): string {
  if (e instanceof undiciErrors.HeadersTimeoutError || e instanceof undiciErrors.BodyTimeoutError)
    return `no response within ${timeoutSeconds} s`;
  if (
    e instanceof undiciErrors.SocketError ||
    errorCode(e) === "ECONNRESET" ||
    errorCode(e) === "UND_ERR_SOCKET"
  )
    return "the server closed the connection";
  return e instanceof Error ? e.message : String(e);
}

const retryable = (status: number): boolean => status === 429 || status >= 500;

/**
 * Sends each row as one HTTP request through a keep-alive pool (undici), at most
 * `concurrency` at once; a 429, a 5xx or a cut connection is retried with doubling waits
 * (Retry-After honoured). What still fails is counted with its status; nothing listening at
 * the URL ends the step (RF_BROKER_UNREACHABLE). Every row's own URL (a `url` field) is held
 * to the access rules' allow-list before it is sent (RF_URL_NOT_ALLOWED ends the step).
 */
export async function httpTransport(
  o: HttpOptions,
  parts: HttpRequestParts,
  log: ResponseLog | undefined,
  access: ResourceAccess,
): Promise<MessageTransport> {
  // The HTTP client loads with the first HTTP step, not at every start.
  const { Agent, errors: undiciErrors } = (await import("undici")).default;
  // The CLI's open access allows every URL: its rows skip the check (and the parse it needs).
  const checksRows = access.rules.kind !== "open";
  const agent = new Agent({
    connections: o.concurrency,
    keepAliveTimeout: 10_000,
    headersTimeout: o.timeoutSeconds * 1000,
    bodyTimeout: o.timeoutSeconds * 1000,
    connect: { timeout: Math.min(10_000, o.timeoutSeconds * 1000) },
  });
  const auth =
    o.user === undefined
      ? undefined
      : `Basic ${Buffer.from(`${o.user}:${o.password ?? ""}`).toString("base64")}`;
  const base = o.url === undefined ? undefined : new URL(o.url);
  const outputs = new Set<string>();
  const recordOutput = (url: URL) => {
    if (outputs.size < 20)
      outputs.add(`${url.origin}${base && url.origin === base.origin ? base.pathname : ""}`);
  };
  if (base) outputs.add(hideUserInfo(o.url!));

  /** The origin of the last URL read: rows' URLs almost always share it, so most are split without parsing. */
  let lastOrigin = "";
  const splitUrl = (text: string, row: number): { origin: string; path: string } => {
    if (checksRows) access.url(text, `${o.where}: row ${row}'s url`);
    if (lastOrigin !== "" && text.startsWith(lastOrigin) && text.charCodeAt(lastOrigin.length) === 47)
      return { origin: lastOrigin, path: text.slice(lastOrigin.length) };
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `${o.where}: row ${row} has url "${hideUserInfo(text)}", which is not a URL`,
      );
    }
    if (url.username || url.password || (url.protocol !== "http:" && url.protocol !== "https:"))
      return { origin: url.origin, path: `${url.pathname}${url.search}` };
    lastOrigin = url.origin;
    recordOutput(url);
    return { origin: url.origin, path: `${url.pathname}${url.search}` };
  };
  const fixedPath = base ? base.pathname.replace(/\/$/, "") : "";
  const fixedTarget =
    base && parts.url < 0 && parts.pathParams.length === 0 && parts.queryParams.length === 0
      ? {
          origin: base.origin,
          path: `${fixedPath}${o.namePath ?? ""}${o.namePath ? "" : base.search}` || "/",
        }
      : undefined;

  /** The row's query parameters as `name=value` pairs, encoded. */
  const queryOf = (frames: MessageFrames, row: number): string[] => {
    const out: string[] = [];
    for (const q of parts.queryParams) {
      const text = frames.text(row, q.slot);
      if (text === null) continue;
      const name = encodeURIComponent(q.name);
      if (!q.array) {
        out.push(`${name}=${encodeURIComponent(text)}`);
        continue;
      }
      const values = (JSON.parse(text) as unknown[]).map((v) => encodeURIComponent(String(v)));
      if (values.length === 0) continue;
      if (q.explode) for (const v of values) out.push(`${name}=${v}`);
      else
        out.push(
          `${name}=${values.join(encodeURIComponent(q.joiner) === "%2C" ? "," : encodeURIComponent(q.joiner))}`,
        );
    }
    return out;
  };

  const withQuery = (path: string, query: readonly string[]): string =>
    query.length === 0 ? path : `${path}${path.includes("?") ? "&" : "?"}${query.join("&")}`;

  const targetOf = (frames: MessageFrames, row: number): { origin: string; path: string } => {
    if (fixedTarget) return fixedTarget;
    if (parts.url >= 0) {
      const text = frames.text(row, parts.url);
      if (text === null) throw new RowforgeError("RF_VALUE_INVALID", `${o.where}: row ${row} has a null url`);
      const t = splitUrl(text, row);
      return parts.queryParams.length === 0
        ? t
        : { origin: t.origin, path: withQuery(t.path, queryOf(frames, row)) };
    }
    let path = o.namePath ?? "";
    for (const p of parts.pathParams)
      path = path.replaceAll(`{${p.name}}`, encodeURIComponent(frames.text(row, p.slot) ?? ""));
    return {
      origin: base!.origin,
      path: withQuery(`${fixedPath}${path}${base!.search}` || "/", queryOf(frames, row)),
    };
  };

  const requestOf = (frames: MessageFrames, row: number): Request => {
    const { origin, path } = targetOf(frames, row);
    const method =
      (parts.method >= 0 ? frames.text(row, parts.method) : null)?.toUpperCase() ?? parts.fixedMethod;
    const headers: string[] = [];
    const body = parts.body >= 0 ? (frames.part(row, parts.body) ?? undefined) : undefined;
    if (body !== undefined) headers.push("content-type", parts.contentType);
    for (const h of parts.headers) {
      const v = frames.text(row, h.slot);
      if (v === null || TRANSPORT_HEADERS.has(h.name.toLowerCase())) continue;
      const at = h.name.toLowerCase() === "content-type" ? headers.indexOf("content-type") : -1;
      if (at >= 0) headers[at + 1] = v;
      else headers.push(h.name, v);
    }
    if (auth !== undefined) headers.push("authorization", auth);
    return { origin, path, method, headers, body };
  };

  /**
   * One attempt through the pool's dispatcher with a handler of its own: the answer's status and
   * Retry-After, its body read and dropped (no stream objects per request).
   */
  const attempt = (r: Request): Promise<Answer> =>
    new Promise((resolve) => {
      let status = 0;
      let retryAfterMs: number | undefined;
      agent.dispatch(
        {
          origin: r.origin,
          path: r.path,
          method: r.method as "GET",
          headers: r.headers,
          ...(r.body === undefined ? {} : { body: r.body }),
        },
        {
          onRequestStart() {},
          onResponseStart(_c, statusCode, headers) {
            status = statusCode;
            const after = Number(headers["retry-after"]);
            if (Number.isFinite(after)) retryAfterMs = Math.min(MAX_RETRY_AFTER_MS, after * 1000);
          },
          onResponseData() {},
          onResponseEnd() {
            resolve(retryAfterMs === undefined ? { status } : { status, retryAfterMs });
          },
          onResponseError(_c, error) {
            resolve({ error });
          },
        },
      );
    });

  /** One row's request, retried as configured: its latency (ms) and what it came to. */
  const deliver = async (r: Request): Promise<{ ms: number; status?: number; error?: string }> => {
    const t0 = performance.now();
    let answer: Answer = { error: undefined };
    for (let k = 0; k <= o.retries; k++) {
      answer = await attempt(r);
      if ("error" in answer) {
        const code = errorCode(answer.error);
        if (code !== undefined && UNREACHABLE.has(code))
          throw new RowforgeError(
            "RF_BROKER_UNREACHABLE",
            `${o.where}: nothing answers at ${r.origin} (${code})`,
          );
      } else if (!retryable(answer.status)) break;
      if (k < o.retries)
        await sleep(
          ("retryAfterMs" in answer ? answer.retryAfterMs : undefined) ?? o.retryBackoffMs * 2 ** k,
        );
    }
    const ms = performance.now() - t0;
    if ("error" in answer)
      return { ms, error: describeFailure(answer.error, o.timeoutSeconds, undiciErrors) };
    if (answer.status >= 400)
      return {
        ms,
        status: answer.status,
        error: `HTTP ${answer.status} from ${r.method} ${r.origin}${r.path.split("?")[0]}`,
      };
    return { ms, status: answer.status };
  };

  return {
    slots: parts.slots,
    maxChunkRows: 1,
    maxInFlight: o.concurrency,
    get outputs() {
      return [...outputs];
    },
    // One row per send (maxChunkRows): one request, its outcome built without intermediate arrays.
    async send(frames, from): Promise<SendOutcome> {
      const r = requestOf(frames, from);
      const x = await deliver(r);
      log?.record({
        row: frames.firstRow + from,
        method: r.method,
        url: `${r.origin}${r.path}`,
        ...(x.status === undefined ? {} : { status: x.status }),
        ms: Math.round(x.ms * 1000) / 1000,
        ...(x.error === undefined ? {} : { error: x.error }),
      });
      const statuses = x.status === undefined ? [] : [x.status];
      return x.error === undefined
        ? { acknowledged: 1, failed: 0, latenciesMs: [x.ms], statuses }
        : { acknowledged: 0, failed: 1, statuses, error: x.error };
    },
    async close() {
      await agent.close();
      await log?.close();
    },
    async abort() {
      await agent.destroy();
      await log?.close().catch(() => {});
    },
  };
}
