import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "../http-errors.ts";
import type { UiFile } from "../ui/build-ui.ts";

/** The UI's prefix: its files are served under it, and it calls only the API's own routes. */
export const UI_PREFIX = "/ui/";

const etagOf = (f: UiFile) => `"${createHash("sha1").update(f.body).digest("base64url").slice(0, 16)}"`;

/** Whether the client takes an encoding (`br`, `gzip`) per its Accept-Encoding (q=0 refuses it). */
const accepts = (header: string | undefined, encoding: string): boolean =>
  (header ?? "")
    .toLowerCase()
    .split(",")
    .some((part) => {
      const [name, ...params] = part.trim().split(";");
      if (name !== encoding) return false;
      return !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });

/**
 * GET /ui/ (the page), /ui/app.js, /ui/app.css: the web UI's files, brotli or gzip as the browser
 * takes them, revalidated by ETag. GET / sends a browser (Accept: text/html) to /ui/; an API
 * client asking for JSON still gets the JSON 404 of an unknown route.
 */
export function uiRoutes(app: FastifyInstance, files: ReadonlyMap<string, UiFile>): void {
  const tags = new Map([...files].map(([name, f]) => [name, etagOf(f)]));
  const send = (name: string) => (req: FastifyRequest, reply: FastifyReply) => {
    const f = files.get(name);
    if (!f) return reply.code(404).send(notFound(`the UI has no file ${name}`, "RouteNotFound"));
    const etag = tags.get(name)!;
    reply
      .header("content-type", f.type)
      .header("cache-control", "no-cache")
      .header("etag", etag)
      .header("vary", "accept-encoding")
      .header("x-content-type-options", "nosniff");
    if (name === "index.html")
      reply
        .header(
          "content-security-policy",
          "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
        )
        .header("referrer-policy", "no-referrer");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    const enc = req.headers["accept-encoding"];
    if (accepts(enc, "br")) return reply.header("content-encoding", "br").send(f.br);
    if (accepts(enc, "gzip")) return reply.header("content-encoding", "gzip").send(f.gzip);
    return reply.send(f.body);
  };
  const hide = { schema: { hide: true } };
  app.get("/ui/", hide, send("index.html"));
  app.get("/ui/index.html", hide, send("index.html"));
  app.get("/ui/app.js", hide, send("app.js"));
  app.get("/ui/app.css", hide, send("app.css"));
  app.get("/ui", hide, (_req, reply) => reply.redirect(UI_PREFIX, 302));
  app.get("/", hide, (req, reply) => {
    if ((req.headers.accept ?? "").includes("text/html")) return reply.redirect(UI_PREFIX, 302);
    return reply
      .code(404)
      .send(
        notFound(
          "no route for GET /: the API's routes are listed at /docs; the web UI is at /ui/",
          "RouteNotFound",
        ),
      );
  });
}
