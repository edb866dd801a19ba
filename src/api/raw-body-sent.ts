import { isUtf8 } from "node:buffer";
import type { RawSample } from "../app/sample/sample-envelopes.ts";

/**
 * A raw sample's body as the HTTP answer sends it: text formats (json, csv) as a string when
 * their bytes are UTF-8 (a whole-file transformation may make them anything else), because Node
 * writes a string body with the header in one string write, cheaper than the writev of a header
 * and a Buffer; the bytes on the wire are the same. Binary formats as they are.
 */
export function rawBodySent(raw: RawSample): string | Buffer {
  const text = raw.contentType.startsWith("application/json") || raw.contentType.startsWith("text/");
  return text && isUtf8(raw.body) ? raw.body.toString("utf8") : raw.body;
}
