/**
 * The receiving side of the HTTP sink benchmark: a Fastify server that takes POST /ingest/*
 * bodies (JSON, not parsed: a fast ingest endpoint) and answers 200, counting what it received.
 * GET /count answers the count. Runs in its own process so it has its own event loop.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false, bodyLimit: 1 << 20 });
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
let received = 0;
const ok = JSON.stringify({ ok: true });
app.post("/ingest/*", async (_req, reply) => {
  received++;
  return reply.type("application/json").send(ok);
});
app.get("/count", async () => ({ received }));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
