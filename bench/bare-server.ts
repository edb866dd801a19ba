/** The reference for the HTTP benchmark: a bare Fastify route answering a constant. */
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = JSON.stringify({ status: "ok" });
app.post("/sample/schema", async (_req, reply) => reply.type("application/json").send(body));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
