import type { RunSnapshot, StepProgress } from "../../api/contract.ts";
import { authHeaders, type ExecutionRecord, errorFrom } from "./api.ts";

export type { RunSnapshot, StepProgress };

/** An event of GET /run/events/{id}: a snapshot of the run, or its final record. */
export type RunEvent =
  | { readonly type: "status" | "progress"; readonly snapshot: RunSnapshot }
  | { readonly type: "end"; readonly record: ExecutionRecord };

/** Splits a server-sent-events text stream into (event, data) pairs. */
export function sseParser(onEvent: (event: string, data: string) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length > 0) onEvent(event, data.join("\n"));
    }
  };
}

/**
 * Follows a run's events (fetch rather than EventSource, so a server token goes in a header).
 * Resolves when the stream ends (after its `end` event); rejects with an ApiError when the
 * route answers an error. Abort the signal to stop following.
 */
export async function followRun(
  id: string,
  onEvent: (e: RunEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const res = await fetch(`/run/events/${encodeURIComponent(id)}`, {
    headers: { accept: "text/event-stream", ...authHeaders() },
    signal,
  });
  if (!res.ok || !res.body) {
    const raw = await res.text();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // not JSON: the text is the message
    }
    throw errorFrom(res.status, body, raw);
  }
  const parse = sseParser((event, data) => {
    if (event === "end") onEvent({ type: "end", record: JSON.parse(data) as ExecutionRecord });
    else if (event === "status" || event === "progress")
      onEvent({ type: event, snapshot: JSON.parse(data) as RunSnapshot });
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parse(value);
  }
}
