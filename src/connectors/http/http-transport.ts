import { setTimeout as sleep } from "node:timers/promises";
import { Agent, errors as undiciErrors } from "undici";
import { RowforgeError } from "../../errors/index.ts";
import type { MessageFrames } from "../messaging/message-frames.ts";
import type { MessageTransport, SendOutcome } from "../messaging/message-transport.ts";
import { type HttpOptions, hideUserInfo } from "./http-options.ts";
import type { HttpRequestParts } from "./http-request-parts.ts";

/** Network errors that mean nothing listens there: the step cannot go on. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const MAX_RETRY_AFTER_MS = 30_000;

interface Request {
  readonly origin: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array | undefined;
}

/** What one request came to: its status, or why it has none. */
type Answer = { readonly status: number; readonly retryAfterMs?: number } | { readonly error: unknown };

const errorCode = (e: unknown): string | undefined => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.cause?.code ?? err?.code;
};

/** One sentence about a failed request, no secrets. */
function describeFailure(e: unknown, timeoutSeconds: number): string {
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
 * the URL ends the step (RF_BROKER_UNREACHABLE).
 */
export function httpTransport(o: HttpOptions, parts: HttpRequestParts): MessageTransport {
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

  const urlOf = (frames: MessageFrames, row: number): URL => {
    if (parts.url >= 0) {
      const text = frames.text(row, parts.url);
      if (text === null) throw new RowforgeError("RF_VALUE_INVALID", `${o.where}: row ${row} has a null url`);
      try {
        return new URL(text);
      } catch {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `${o.where}: row ${row} has url "${hideUserInfo(text)}", which is not a URL`,
        );
      }
    }
    let path = o.namePath ?? "";
    for (const p of parts.pathParams)
      path = path.replaceAll(`{${p.name}}`, encodeURIComponent(frames.text(row, p.slot) ?? ""));
    const query = parts.queryParams.map((q) => frames.text(row, q)).filter((q) => q !== null && q !== "");
    const url = new URL(base!.href.replace(/\/$/, "") + path);
    if (query.length > 0) url.search = url.search ? `${url.search}&${query.join("&")}` : query.join("&");
    return url;
  };

  const requestOf = (frames: MessageFrames, row: number): Request => {
    const url = urlOf(frames, row);
    recordOutput(url);
    const method =
      (parts.method >= 0 ? frames.text(row, parts.method) : null)?.toUpperCase() ?? parts.fixedMethod;
    const headers: Record<string, string> = {};
    const body = parts.body >= 0 ? (frames.part(row, parts.body) ?? undefined) : undefined;
    if (body !== undefined) headers["content-type"] = parts.contentType;
    for (const h of parts.headers) {
      const v = frames.text(row, h.slot);
      if (v !== null) headers[h.name.toLowerCase()] = v;
    }
    if (auth !== undefined) headers.authorization = auth;
    return { origin: url.origin, path: `${url.pathname}${url.search}`, method, headers, body };
  };

  const attempt = async (r: Request): Promise<Answer> => {
    try {
      const res = await agent.request({
        origin: r.origin,
        path: r.path,
        method: r.method as "GET",
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body }),
      });
      await res.body.dump();
      const after = Number(res.headers["retry-after"]);
      return {
        status: res.statusCode,
        ...(Number.isFinite(after) ? { retryAfterMs: Math.min(MAX_RETRY_AFTER_MS, after * 1000) } : {}),
      };
    } catch (error) {
      return { error };
    }
  };

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
    if ("error" in answer) return { ms, error: describeFailure(answer.error, o.timeoutSeconds) };
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
    async send(frames, from, to): Promise<SendOutcome> {
      const results = await Promise.all(
        Array.from({ length: to - from }, (_, k) => deliver(requestOf(frames, from + k))),
      );
      const ok = results.filter((x) => x.error === undefined);
      const failed = results.filter((x) => x.error !== undefined);
      return {
        acknowledged: ok.length,
        failed: failed.length,
        latenciesMs: ok.map((x) => x.ms),
        statuses: results.flatMap((x) => (x.status === undefined ? [] : [x.status])),
        ...(failed.length > 0 ? { error: failed[0]!.error! } : {}),
      };
    },
    close: () => agent.close(),
    abort: () => agent.destroy(),
  };
}
