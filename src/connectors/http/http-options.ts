import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { hideUserInfo, numberOption } from "../messaging/broker-options.ts";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"];

/** What the HTTP connector reads from a step's options (its connection's merged in). */
export interface HttpOptions {
  /** `step "s" (connection "c")`: how messages name the step. */
  readonly where: string;
  /** The fixed URL (or base URL of step-name paths) when rows carry no `url`. */
  readonly url: string | undefined;
  /** The method when rows carry none: the option, else the step name's (`POST/pets`). */
  readonly method: string | undefined;
  /** The path a step named like `POST/pets/{id}` calls, relative to `url`. */
  readonly namePath: string | undefined;
  /** Basic authentication, when the connection gives a user. Never shown. */
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** Requests in flight at once (default 32). */
  readonly concurrency: number;
  /** Seconds to wait for a response (default 30). */
  readonly timeoutSeconds: number;
  /** Retries of a request answered 429 or 5xx, or cut off (default 3). */
  readonly retries: number;
  /** `responseLog`: a file that gets one JSON line per request (row, method, url, status, ms, error). */
  readonly responseLog: string | undefined;
  /** First retry's wait in milliseconds, doubled each retry (default 100); a Retry-After answer waits as it says (at most 30 s). */
  readonly retryBackoffMs: number;
}

const STEP_NAME_ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)(\/.*)$/i;

/** Reads and checks a step's HTTP options (no I/O). */
export function readHttpOptions(step: ResolvedStep): HttpOptions {
  const o = step.step.options;
  const connection = step.dataSourceName;
  const where = `step "${step.step.name}" (connection "${connection}")`;
  const route = STEP_NAME_ROUTE.exec(step.step.name);
  const method = (o.method ?? route?.[1])?.trim().toUpperCase();
  if (method !== undefined && !HTTP_METHODS.includes(method))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: method "${o.method}" is not one of ${HTTP_METHODS.join(", ")}`,
    );
  const url = o.url?.trim() || undefined;
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RowforgeError("RF_OPTION_INVALID", `${where}: url "${hideUserInfo(url)}" is not a URL`, {
        hint: "write it like http://host:port/path",
      });
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new RowforgeError(
        "RF_OPTION_INVALID",
        `${where}: url "${hideUserInfo(url)}" is not http or https`,
      );
  }
  return {
    where,
    url,
    method,
    namePath: route?.[2],
    user: o.user?.trim() || undefined,
    password: o.password,
    concurrency: numberOption(o.concurrency, "concurrency", where, 32, 1, 10_000, "whole number"),
    timeoutSeconds: numberOption(o.timeout, "timeout", where, 30, 0.001, 3600),
    retries: numberOption(o.retries, "retries", where, 3, 0, 100, "whole number"),
    retryBackoffMs: numberOption(o.retryBackoff, "retryBackoff", where, 100, 0, 60_000),
    responseLog: o.responseLog?.trim() || undefined,
  };
}
