import Fastify from "fastify";

/** A request as the receiver saw it. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
  /** performance.now() when it arrived. */
  readonly at: number;
  /** The status it was answered with (0: cut off or never answered). */
  readonly status: number;
}

/** How the receiver answers the n-th request (counted from 1, across paths). */
export interface ReceiverBehaviour {
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
  /** The status to answer (200 when absent). */
  readonly status?: (n: number, req: { method: string; url: string }) => number;
  /** Cut the connection instead of answering. */
  readonly cut?: (n: number) => boolean;
  /** Never answer. */
  readonly hang?: boolean;
}

export interface HttpReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Requests whose path starts with `prefix`. */
  received(prefix: string): ReceivedRequest[];
  behave(b: ReceiverBehaviour): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server (Fastify on 127.0.0.1, a free port) that records every request and can be
 * told to be slow, answer errors, cut connections or hang: what the HTTP sink's tests send to.
 * It does not keep the test process alive.
 */
export async function startHttpReceiver(behaviour: ReceiverBehaviour = {}): Promise<HttpReceiver> {
  let b = behaviour;
  let n = 0;
  const requests: ReceivedRequest[] = [];
  const app = Fastify({ forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.all("/*", async (req, reply) => {
    const k = ++n;
    const at = performance.now();
    const record = (status: number) =>
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: typeof req.body === "string" ? req.body : "",
        at,
        status,
      });
    if (b.hang) {
      record(0);
      return new Promise(() => {});
    }
    if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
    if (b.cut?.(k)) {
      record(0);
      req.raw.socket.destroy();
      return reply;
    }
    const status = b.status?.(k, { method: req.method, url: req.url }) ?? 200;
    record(status);
    return reply.code(status).send({ ok: status < 400 });
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  app.server.unref();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (prefix) => requests.filter((r) => r.url.startsWith(prefix)),
    behave(next) {
      b = next;
    },
    close: () => app.close(),
  };
}
