import Type, { type Static, type TSchema } from "typebox";
import type { Immutable } from "../model/immutable.ts";

/** The generic error of any endpoint (the spec's 400 shape), also used for 401, 403, 404, 405, 413, 415 and 421. */
export const ErrorBody = Type.Object({
  status: Type.Literal("error"),
  message: Type.String(),
  details: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;
/** The spec's 500 shape. */
export const ServerErrorBody = Type.Object({
  status: Type.Literal("error"),
  message: Type.String(),
  uri: Type.String(),
  errorMessage: Type.String(),
});
export type ServerErrorBody = Static<typeof ServerErrorBody>;
/** Where one problem of the YAML or fields sent is (line, column, path such as `steps[0].fields[3].options.min`). */
const SampleProblem = Type.Object({
  code: Type.String(),
  message: Type.String(),
  hint: Type.Optional(Type.String()),
  line: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.Integer()),
  path: Type.Optional(Type.String()),
});
const SampleErrorDetail = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.String(),
  problems: Type.Optional(
    Type.Array(SampleProblem, {
      description: "every located problem behind the error, for editors (rowforge extension)",
    }),
  ),
});
/** Sample error shape A (flat) and shape B (envelope). */
export const SampleErrorFlat = SampleErrorDetail;
export type SampleErrorFlat = Immutable<Static<typeof SampleErrorFlat>>;
export const SampleErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  executionId: Type.String(),
  error: SampleErrorDetail,
});
export type SampleErrorEnvelope = Immutable<Static<typeof SampleErrorEnvelope>>;

const described = (schema: TSchema, description: string) => ({ ...schema, description });

/**
 * The error answers a route can give, for its OpenAPI entry and its serializer: the checks of
 * every request (401 token, 403 foreign origin, 415 content type, 421 host), bad input (400),
 * missing things (404), too-large bodies (413) and internal errors (500). Sample routes answer
 * their 400s in the spec's sample shapes as well.
 */
export function errorResponses(url: string): Record<number, TSchema> {
  const bad = url.startsWith("/sample/")
    ? Type.Union([ErrorBody, SampleErrorFlat, SampleErrorEnvelope])
    : ErrorBody;
  return {
    400: described(
      bad,
      "Bad request: invalid parameters or body (the message names the field and the limit)",
    ),
    401: described(ErrorBody, "A bearer token is configured and the request has none or a wrong one"),
    403: described(ErrorBody, "A state-changing request from a foreign Origin (or marked cross-site)"),
    404: described(ErrorBody, "Not found"),
    413: described(ErrorBody, "The request body is too large"),
    415: described(ErrorBody, "The request body is not JSON (or YAML text where the route allows it)"),
    421: described(ErrorBody, "The Host header is not a name this server answers to"),
    500: described(ServerErrorBody, "Internal error"),
  };
}
