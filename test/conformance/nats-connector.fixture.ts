import { freshName, idsOfJson, natsOptions, readStream } from "../support/broker-clients.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

const streamOf = (subject: string): string => subject.replace(/[.*>]/g, "_");

/**
 * NATS destinations: a fresh subject each on the shared server, published through JetStream
 * into a stream the run creates (createStream: true), read back from the stream. What was
 * acknowledged before an abort stays in it.
 */
export const natsConnectorFixture: ConnectorFixture = {
  destination: () => natsOptions(`rf.suite.${freshName()}`, { jetstream: "true", createStream: "true" }),
  readIds: async (_format, options) =>
    idsOfJson((await readStream(streamOf(options.subject!))).map((m) => m.body)),
  contents: async (options) =>
    (await readStream(streamOf(options.subject!))).map((m) => m.body.toString("utf8")),
  keepsRowsOnAbort: true,
};
