import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { RunManager } from "../app/runs/run-manager.ts";
import type { RowforgeService } from "../app/service/rowforge-service.ts";
import { raiseHint, resolveBudget } from "../engine/budget/generation-budget.ts";
import { RowforgeError } from "../errors/index.ts";
import { nestsDeeperThan } from "../util/value-depth.ts";
import { DOCS_PAGE } from "./docs-page.ts";
import { handleError, notFound } from "./http-errors.ts";
import { connectionRoutes } from "./routes/connection-routes.ts";
import { planRoutes } from "./routes/plan-routes.ts";
import { runByNameRoutes } from "./routes/run-by-name-routes.ts";
import { runRoutes } from "./routes/run-routes.ts";
import { sampleRoutes } from "./routes/sample-routes.ts";
import { systemRoutes } from "./routes/system-routes.ts";

export interface ServerOptions {
  /** Runs plans in the background; without one the run routes are not served. */
  readonly runs?: RunManager;
  /** pino logger options, or false for none (tests). Secrets are never logged: bodies are not logged. */
  readonly logger?: boolean | { level: string };
  readonly onShutdown?: () => void;
}

const VERSION = "0.1.0";

/** Builds the HTTP API over the service, without listening (tests call it in-process with inject). */
export async function buildServer(svc: RowforgeService, o: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: o.logger ?? false,
    // Fastify's own per-request lines are off; the onResponse hook below logs one line without bodies.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 4 * 1024 * 1024,
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  for (const type of ["text/plain", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: "rowforge",
        version: VERSION,
        description: "Test-data generation service: plans, connections, samples, runs and reports.",
      },
    },
  });
  app.setErrorHandler(handleError);
  // Schema validation walks bodies recursively: a body nested thousands of levels deep would
  // overflow the stack (a 500). Refuse it first; the limit follows the budget's nesting depth.
  const { maxNestingDepth } = resolveBudget(svc.config.config.budget);
  const maxBodyDepth = 4 * maxNestingDepth + 16;
  app.addHook("preValidation", async (req) => {
    if (req.body !== null && typeof req.body === "object" && nestsDeeperThan(req.body, maxBodyDepth)) {
      throw new RowforgeError(
        "RF_BUDGET_EXCEEDED",
        `the request body nests more than ${maxBodyDepth} levels deep, deeper than the generation budget maxNestingDepth = ${maxNestingDepth} allows`,
        { hint: raiseHint("maxNestingDepth") },
      );
    }
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(notFound(`no route for ${req.method} ${req.url.split("?")[0]}`, "RouteNotFound")),
  );
  if (o.logger) {
    app.addHook("onResponse", (req, reply, done) => {
      req.log.info(
        {
          method: req.method,
          url: req.url.split("?")[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request",
      );
      done();
    });
  }
  await app.register(planRoutes(svc));
  await app.register(connectionRoutes(svc));
  await app.register(sampleRoutes(svc));
  if (o.runs) {
    await app.register(runRoutes(svc, o.runs));
    await app.register(runByNameRoutes(svc, o.runs));
  }
  await app.register(systemRoutes(o.onShutdown ?? (() => {})));
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  app.get("/docs", { schema: { hide: true } }, async (_req, reply) =>
    reply.type("text/html; charset=utf-8").send(DOCS_PAGE),
  );
  return app;
}
