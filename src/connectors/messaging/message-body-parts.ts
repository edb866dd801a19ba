import { DataType, type Schema } from "apache-arrow";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { MessageSlot } from "./message-slot.ts";

/** Which message part holds a broker message's body and headers. */
export interface MessageBodyParts {
  readonly slots: readonly MessageSlot[];
  /** Slot of the body (always present). */
  readonly body: number;
  /** Slot of the headers, or -1 when the step has no `headers` field. */
  readonly headers: number;
  /** The body's content type unless the step says otherwise. */
  readonly contentType: string;
  /** What the body is made of, for messages: `field value`, `field body as JSON`, `the row as JSON`. */
  readonly bodyFrom: string;
}

/**
 * Data Caterer's message fields for queue and topic brokers: the body is `value` (the
 * messageBody helper makes it the JSON of `body`) as it is, else `body` as JSON, else the whole
 * row as JSON without `headers`; `headers` (messageHeaders: array<struct<key, value>>) become
 * the message's headers. The content type is `application/json` for JSON (the row, `body`, a
 * `value` made by messageBody or `to_json(...)`), `text/plain` for other text, and
 * `application/octet-stream` for a binary value.
 */
export function messageBodyParts(
  step: ResolvedStep,
  schema: Schema,
  control: readonly string[] = [],
): MessageBodyParts {
  const field = (name: string) => schema.fields.find((f) => f.name === name);
  const slots: MessageSlot[] = [];
  const value = field("value");
  let contentType = "application/json";
  let bodyFrom = "the row as JSON";
  if (value) {
    slots.push({ as: "text", column: "value" });
    const sql = step.step.fields.find((f) => f.name === "value")?.options.sql;
    const json = field("body") !== undefined || (typeof sql === "string" && /^\s*to_json\s*\(/i.test(sql));
    contentType = DataType.isBinary(value.type)
      ? "application/octet-stream"
      : (DataType.isUtf8(value.type) || DataType.isLargeUtf8(value.type)) && !json
        ? "text/plain"
        : "application/json";
    bodyFrom = "field value";
  } else if (field("body")) {
    slots.push({ as: "json", column: "body" });
    bodyFrom = "field body as JSON";
  } else slots.push({ as: "row-json", exclude: ["headers", ...control] });
  const headers = field("headers") ? slots.push({ as: "headers", column: "headers" }) - 1 : -1;
  return { slots, body: 0, headers, contentType, bodyFrom };
}
