import { isUtf8 } from "node:buffer";

/**
 * How an answer's Buffer body is written (the onSend hook): a text body (JSON, text/*, e.g. a raw
 * json or csv sample) as a string when its bytes are UTF-8, because Node writes a string body
 * with the header in one string write, cheaper than the writev of a header string and a Buffer.
 * The bytes on the wire and the headers are the same (Fastify chose the content type when the
 * Buffer was sent). Binary bodies, and text that is not UTF-8 (a whole-file transformation may
 * return any bytes), go as they are.
 */
export function textBodySent(body: Buffer, contentType: unknown): string | Buffer {
  if (typeof contentType !== "string") return body;
  const text = contentType.startsWith("application/json") || contentType.startsWith("text/");
  return text && isUtf8(body) ? body.toString("utf8") : body;
}
