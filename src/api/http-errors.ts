import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { maskText } from "../app/catalog/secrets.ts";
import { SampleError } from "../app/sample/sample-error.ts";
import { isRowforgeError } from "../errors/index.ts";
import type { SampleErrorEnvelope, SampleErrorFlat } from "./contract.ts";

/** The generic 400 body of any endpoint. */
export const badRequest = (message: string, details: string) => ({
  status: "error" as const,
  message,
  details,
});
/** A missing plan, connection, execution or report: 404 with the same shape, answered at once. */
export const notFound = (message: string, details = "NotFound") => ({
  status: "error" as const,
  message,
  details,
});

/** A request whose body nests too deeply to be read safely: a 400 (never a stack overflow). */
const isStackOverflow = (e: unknown) => e instanceof RangeError && /maximum call stack/i.test(e.message);

interface SchemaFailure {
  readonly keyword?: string;
  readonly instancePath?: string;
  readonly message?: string;
  readonly params?: { missingProperty?: string; allowedValues?: unknown[]; limit?: number };
}

/** A schema failure in words that name the limit or the allowed values. */
function validationMessage(v: SchemaFailure): string {
  const limit = v.params?.limit;
  switch (v.keyword) {
    case "maximum":
      return `is above the maximum of ${limit}`;
    case "minimum":
      return `is below the minimum of ${limit}`;
    case "maxLength":
      return `is longer than the maximum of ${limit} characters`;
    case "enum":
      return `must be one of: ${(v.params?.allowedValues ?? []).map(String).join(", ")}`;
    default:
      return v.message ?? "is not valid";
  }
}

/** Sample error shape A (flat). */
export const sampleErrorFlat = (e: SampleError): SampleErrorFlat => ({
  code: e.code,
  message: e.message,
  details: e.details,
  ...(e.problems.length > 0 ? { problems: e.problems } : {}),
});
/** Sample error shape B (envelope). */
export const sampleErrorEnvelope = (e: SampleError, executionId: string): SampleErrorEnvelope => ({
  success: false as const,
  executionId,
  error: {
    code: e.code,
    message: e.message,
    details: e.details,
    ...(e.problems.length > 0 ? { problems: e.problems } : {}),
  },
});

/**
 * The server's error handler: schema failures and bad JSON → generic 400 naming the field;
 * RowforgeErrors by their status (4xx generic body, 5xx body with uri and errorMessage);
 * anything else → 500 without internals.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const e = error as {
    validation?: SchemaFailure[];
    validationContext?: string;
    statusCode?: number;
    code?: string;
    message?: string;
  };
  if (error instanceof SampleError) {
    void reply.code(400).send(sampleErrorFlat(error));
    return;
  }
  if (e.validation && e.validation.length > 0) {
    const v = e.validation[0]!;
    // `/plan/tasks/0/name` → `plan.tasks[0].name`, as the plan loader names places.
    const path = (v.instancePath ?? "").replace(/\/(\d+)(?=\/|$)/g, "[$1]").replace(/\//g, ".");
    const field = `${e.validationContext ?? "body"}${path}${v.params?.missingProperty ? `.${v.params.missingProperty}` : ""}`;
    const message = `${field} ${validationMessage(v)}`;
    // The POST sample endpoints answer every error in the spec's envelope shape.
    if (request.method === "POST" && request.url.startsWith("/sample/")) {
      void reply
        .code(400)
        .send(
          sampleErrorEnvelope(
            new SampleError("INVALID_REQUEST", message, "ValidationError"),
            randomUUID().split("-")[0]!,
          ),
        );
      return;
    }
    void reply.code(400).send(badRequest(message, "ValidationError"));
    return;
  }
  // The last line of defence: every known recursion is bounded (JSON depth, SQL nesting) before it runs.
  if (isStackOverflow(error)) {
    void reply.code(400).send(badRequest("the request is nested too deeply to be read", "NestedTooDeeply"));
    return;
  }
  if (
    e.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    e.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
    (e.statusCode === 400 && e.code?.startsWith("FST_ERR_CTP"))
  ) {
    void reply
      .code(400)
      .send(badRequest(`the request body is not valid JSON: ${e.message ?? ""}`, "MalformedJson"));
    return;
  }
  if (e.statusCode === 413 || e.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    void reply.code(413).send(badRequest("the request body is too large", "BodyTooLarge"));
    return;
  }
  if (
    e.statusCode === 415 ||
    e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ||
    e.code === "FST_ERR_ROUTE_MISSING_CONTENT_TYPE"
  ) {
    void reply
      .code(415)
      .send(
        badRequest(
          `content type ${request.headers["content-type"] ?? "(none)"} is not supported here`,
          "UnsupportedMediaType",
        ),
      );
    return;
  }
  // A plan refused for its problems (planCannotRun) is bad input, whatever its first problem's code.
  if (isRowforgeError(error) && error.diagnostics.length > 0) {
    void reply.code(400).send(badRequest(error.message, error.code));
    return;
  }
  if (isRowforgeError(error)) {
    const status = error.status;
    if (status < 500) {
      void reply
        .code(status === 404 ? 404 : status === 409 ? 409 : 400)
        .send(badRequest(error.message, error.code));
      return;
    }
  }
  // Any other client error Fastify raises (a bad header, a too-long parameter) keeps its 4xx, in the generic shape.
  if (!isRowforgeError(error) && e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
    void reply
      .code(e.statusCode)
      .send(badRequest(maskText(e.message ?? "bad request"), e.code ?? "BadRequest"));
    return;
  }
  // The log gets the error with credentials in its text hidden, like every other exit.
  const err = error instanceof Error ? error : undefined;
  request.log.error(
    {
      err: {
        type: err?.name ?? typeof error,
        message: maskText(err?.message ?? String(error)),
        stack: maskText(err?.stack ?? ""),
      },
    },
    "request failed",
  );
  void reply.code(500).send({
    status: "error",
    message: "Failed to execute request",
    uri: request.url,
    errorMessage: isRowforgeError(error) ? error.message : "internal error; see the server log",
  });
}
