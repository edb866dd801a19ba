import { type HttpReceiver, startHttpReceiver } from "../support/http-receiver.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

let receiver: Promise<HttpReceiver> | undefined;
let count = 0;
let base = "";
const ready = async (): Promise<HttpReceiver> => {
  receiver ??= startHttpReceiver();
  const r = await receiver;
  base = r.url;
  return r;
};
// The receiver is up before the suite asks for its first destination (which is synchronous).
await ready();

/** The ids in the JSON bodies posted to a destination path (each row is one request). */
async function idsAt(url: string): Promise<string[]> {
  const r = await ready();
  const path = new URL(url).pathname;
  return r.requests
    .filter((q) => q.url === path)
    .map((q) => String((JSON.parse(q.body) as { id: unknown }).id));
}

/**
 * HTTP destinations: a fresh path each on one recording receiver (test/support/http-receiver.ts);
 * every row is one POST of the row as JSON. What was sent before an abort was received.
 */
export const httpConnectorFixture: ConnectorFixture = {
  destination: () => ({ url: `${base}/suite/${process.pid}/${++count}`, method: "POST" }),
  readIds: (_format, options) => idsAt(options.url!),
  contents: (options) => idsAt(options.url!),
  keepsRowsOnAbort: true,
};
