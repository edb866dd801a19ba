/**
 * Typed fetch helpers for rowforge's public HTTP API (the spec's routes, plus the run-events
 * stream). Every failure becomes an ApiError carrying the API's own error body: its code and
 * message, whichever of the API's error shapes the route answers with.
 */

import type {
  Connection,
  ConnectionBody,
  ConnectionList,
  ConnectionTestBody,
  ConnectionTestResult,
  ErrorBody,
  ExecutionMode,
  ExecutionStatus,
  HistoryQuery,
  PlanListEntry,
  PublicExecutionRecord,
  SampleErrorEnvelope,
  SampleErrorFlat,
  ServerErrorBody,
  StatusMessage,
} from "../../api/contract.ts";

/** An error answer of the API, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string;
  constructor(status: number, code: string, message: string, details = "") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

const TOKEN_KEY = "rowforge.token";

/** The bearer token a server started with --token needs (kept for this browser tab only). */
export const token = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (value: string | null): void => {
    if (value) sessionStorage.setItem(TOKEN_KEY, value);
    else sessionStorage.removeItem(TOKEN_KEY);
  },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const text = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v));

/** The API's error bodies (the contract's): generic, 500, flat sample, sample envelope, connection test. */
type ErrorAnswer = ErrorBody | ServerErrorBody | SampleErrorFlat | SampleErrorEnvelope | ConnectionTestResult;
type KeyOfAny<T> = T extends unknown ? keyof T : never;
type FieldOfAny<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** Every field any error body has, each optional: an answer is one of them (or what a proxy said). */
type ErrorFields = { readonly [K in KeyOfAny<ErrorAnswer>]?: FieldOfAny<ErrorAnswer, K> };

/** Reads any of the API's error bodies: generic, flat sample, sample envelope, connection test, 500. */
export function errorFrom(status: number, body: unknown, raw: string): ApiError {
  if (isObject(body)) {
    const answer: ErrorFields = body;
    const inner: ErrorFields = isObject(answer.error) ? answer.error : answer;
    const details = isObject(inner.details) ? inner.details : undefined;
    const code = text(inner.code ?? details?.code ?? inner.details ?? answer.status ?? "error");
    const message = text(inner.message ?? answer.errorMessage ?? raw);
    return new ApiError(status, code, message, text(inner.details ?? details?.hint ?? ""));
  }
  return new ApiError(status, `HTTP ${status}`, raw.slice(0, 500) || `the server answered ${status}`);
}

export interface RequestOptions {
  readonly query?: Record<string, string | number | boolean | undefined>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Accept these statuses as answers (e.g. a connection test's 400 carries its result). */
  readonly accept?: readonly number[];
  /** Answer the body's text as it came, even when it is JSON (a file to show or save). */
  readonly raw?: boolean;
}

export function urlOf(path: string, query?: RequestOptions["query"]): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function authHeaders(): Record<string, string> {
  const t = token.get();
  return t ? { authorization: `Bearer ${t}` } : {};
}

/** One API call; answers the parsed JSON (or the text of a text answer). */
export async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...authHeaders() };
  if (o.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(urlOf(path, o.query), {
      method,
      headers,
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "NetworkError", `the rowforge server cannot be reached (${String(e)})`);
  }
  const raw = await res.text();
  let body: unknown = raw;
  if ((res.headers.get("content-type") ?? "").includes("json") && raw !== "" && (!o.raw || !res.ok)) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  if (!res.ok && !o.accept?.includes(res.status)) throw errorFrom(res.status, body, raw);
  return body as T;
}

// ---- the public API's shapes: the server's own (src/api/contract.ts), imported as types only ----

export type {
  Connection,
  ConnectionTestResult,
  ExecutionMode as RunMode,
  PlanListEntry,
} from "../../api/contract.ts";

/** GET /run/history's entry (its step summaries are free-form: read them with care). */
export type ExecutionRecord = PublicExecutionRecord;
/** GET /run/history's filters, by the query's own names, as the page's text (the server checks the values). */
export type HistoryFilter = {
  readonly [K in keyof Omit<HistoryQuery, "limit" | "offset" | "extended">]?: string;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export const api = {
  plans: () => request<PlanListEntry[]>("GET", "/plans", { query: { limit: 1000 } }),
  connections: (groupType?: string) =>
    request<ConnectionList>("GET", "/connections", { query: { groupType } }).then((r) => r.connections),
  connection: (name: string) => request<Connection>("GET", `/connection/${encodeURIComponent(name)}`),
  saveConnection: (c: Connection) => api.saveConnections([c]),
  saveConnections: (list: readonly ConnectionBody[]) =>
    request<StatusMessage>("POST", "/connection", { body: { connections: list } }),
  deleteConnection: (name: string) =>
    request<StatusMessage>("DELETE", `/connection/${encodeURIComponent(name)}`),
  testSavedConnection: (name: string) =>
    request<ConnectionTestResult>("POST", `/connection/${encodeURIComponent(name)}/test`, {
      accept: [400, 404],
    }),
  testConnection: (c: ConnectionTestBody) =>
    request<ConnectionTestResult>("POST", "/connection/test", { body: c, accept: [400] }),
  /** Starts a saved or YAML plan by name; answers the new execution's id. */
  runPlan: async (
    planName: string,
    mode: ExecutionMode,
  ): Promise<{ executionId: string; message: string }> => {
    const message = await request<string>("POST", `/run/plans/${encodeURIComponent(planName)}`, {
      query: { mode },
    });
    const id = UUID.exec(String(message))?.[0];
    if (!id) throw new ApiError(200, "NoExecutionId", `the run answer names no execution id: ${message}`);
    return { executionId: id, message: String(message) };
  },
  cancelRun: (id: string) => request<StatusMessage>("POST", `/run/cancel/${encodeURIComponent(id)}`),
  status: (id: string) => request<ExecutionStatus>("GET", `/run/status/${encodeURIComponent(id)}`),
  /** A file of a run's report (index.html, results.json, ...), as text: fetched with the token, so it shows on a server that needs one. */
  reportFile: (id: string, file: string, signal?: AbortSignal) =>
    request<string>("GET", `/report/${encodeURIComponent(id)}/${encodeURIComponent(file)}`, {
      raw: true,
      ...(signal ? { signal } : {}),
    }),
  history: (filter: HistoryFilter = {}, limit = 200) =>
    request<ExecutionRecord[]>("GET", "/run/history", {
      query: { extended: true, limit, ...filter },
    }),
};
