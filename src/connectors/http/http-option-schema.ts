import { MESSAGE_OPTIONS } from "../messaging/message-option-schema.ts";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/** The options of an HTTP step, its connection's merged in (http-options.ts). */
export const HTTP_OPTIONS = optionObject({
  url: requiredOption(
    "the endpoint, http(s)://host:port/path; a step named like POST/path calls that path on it; without it every row needs a url field",
    { examples: ["http://localhost:8080/accounts"], starter: true },
  ),
  method: textOption(
    "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or TRACE (a method field wins; default: the step name's, else POST with data fields, GET without)",
  ),
  user: textOption("sends Basic authentication as this user"),
  password: textOption("basic authentication's password; never shown in messages, logs or reports"),
  concurrency: textOption("requests in flight at once, 1 to 10000 (default 32)"),
  timeout: textOption("seconds to wait for an answer (default 30)"),
  retries: textOption("retries of a 429, a 5xx or a cut connection, 0 to 100 (default 3)"),
  retryBackoff: textOption("milliseconds before the first retry, doubling after (default 100)"),
  responseLog: textOption(
    "a file that gets one JSON line per request: row, method, url, status, latency in ms, error",
  ),
  rowsPerSecond: MESSAGE_OPTIONS.rowsPerSecond,
});
