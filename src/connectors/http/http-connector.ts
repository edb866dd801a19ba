import { RowforgeError } from "../../errors/index.ts";
import type { PreparingConnector } from "../connector.ts";
import { hideUserInfo } from "../messaging/broker-options.ts";
import { messageConnector } from "../messaging/message-connector.ts";
import { httpKind } from "./http-kind.ts";
import { HTTP_OPTIONS } from "./http-option-schema.ts";
import { type HttpOptions, readHttpOptions } from "./http-options.ts";
import { checkHttpUrl, httpRequestParts } from "./http-request-parts.ts";
import { openResponseLog } from "./http-response-log.ts";
import { httpTransport } from "./http-transport.ts";

/**
 * HTTP: each row is one request (url, method, headers, body from the step's fields, or the
 * connection's url and the step name's route), sent through a keep-alive pool with retries;
 * paced by the step's rate or load pattern; status and latency of every request counted.
 */
export const httpConnector: PreparingConnector<HttpOptions> = messageConnector({
  ...httpKind,
  optionSchema: HTTP_OPTIONS,
  readOptions: readHttpOptions,
  check(step, o) {
    // Fields still to come from a metadata source are checked once read.
    if (step.step.fields.length > 0) checkHttpUrl(new Set(step.step.fields.map((f) => f.name)), o);
  },
  async checkAccess(o, access) {
    if (o.url !== undefined) access.url(o.url, `${o.where}: url`);
    if (o.responseLog !== undefined) await access.writable(o.responseLog, `${o.where}: responseLog`);
  },
  async connect(step, o, schema, _schedule, access) {
    const parts = httpRequestParts(step, schema, o);
    const log =
      o.responseLog === undefined
        ? undefined
        : await openResponseLog(await access.writable(o.responseLog, `${o.where}: responseLog`), o.where);
    return httpTransport(o, parts, log, access);
  },
  async testConnection(connection, access) {
    const url = connection.options.url?.trim();
    if (!url)
      throw new RowforgeError("RF_KEY_MISSING", `connection "${connection.name}" has no url to test`, {
        hint: "give the connection a url option (http://host:port/...)",
      });
    access.url(url, `connection "${connection.name}": url`);
    const shown = hideUserInfo(url);
    const { request } = (await import("undici")).default;
    try {
      const res = await request(url, { method: "HEAD", headersTimeout: 10_000, bodyTimeout: 10_000 });
      await res.body.dump();
      const ok = res.statusCode < 400;
      return {
        success: ok,
        message: ok
          ? `${shown} answered HEAD with ${res.statusCode}`
          : `${shown} answered HEAD with ${res.statusCode}, an error`,
        details: { url: shown, status: res.statusCode },
      };
    } catch (e) {
      const code = (e as { code?: string }).code ?? "";
      throw new RowforgeError(
        "RF_BROKER_UNREACHABLE",
        `connection "${connection.name}": nothing answers at ${shown}${code ? ` (${code})` : ""}`,
      );
    }
  },
  cannotDelete: "HTTP requests cannot be taken back: delete mode removes nothing",
  cannotReadBack:
    "an HTTP endpoint is sent requests, it holds nothing rowforge can read back (the responses are in the run's report)",
});
