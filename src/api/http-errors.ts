import type { FastifyReply, FastifyRequest } from "fastify";
import { SampleError } from "../app/service/sample-error.ts";
import { isRowforgeError } from "../errors/index.ts";

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

/** Sample error shape A (flat). */
export const sampleErrorFlat = (e: SampleError) => ({ code: e.code, message: e.message, details: e.details });
/** Sample error shape B (envelope). */
export const sampleErrorEnvelope = (e: SampleError, executionId: string) => ({
  success: false as const,
  executionId,
  error: { code: e.code, message: e.message, details: e.details },
});

/**
 * The server's error handler: schema failures and bad JSON → generic 400 naming the field;
 * RowforgeErrors by their status (4xx generic body, 5xx body with uri and errorMessage);
 * anything else → 500 without internals.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const e = error as {
    validation?: { instancePath?: string; message?: string; params?: { missingProperty?: string } }[];
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
    const field = `${e.validationContext ?? "body"}${v.instancePath ? v.instancePath.replace(/\//g, ".") : ""}${v.params?.missingProperty ? `.${v.params.missingProperty}` : ""}`;
    void reply.code(400).send(badRequest(`${field} ${v.message ?? "is not valid"}`, "ValidationError"));
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
  if (e.statusCode === 415 || e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
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
  if (isRowforgeError(error)) {
    const status = error.status;
    if (status < 500) {
      void reply
        .code(status === 404 ? 404 : status === 409 ? 409 : 400)
        .send(badRequest(error.message, error.code));
      return;
    }
  }
  request.log.error({ err: error }, "request failed");
  void reply.code(500).send({
    status: "error",
    message: "Failed to execute request",
    uri: request.url,
    errorMessage: isRowforgeError(error) ? error.message : "internal error; see the server log",
  });
}
