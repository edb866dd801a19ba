import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { maskText } from "../app/catalog/secrets.ts";
import type { RunManager } from "../app/runs/run-manager.ts";
import type { SamplingService } from "../app/sample/sampling-service.ts";
import { raiseHint, resolveBudget } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";
import { VERSION } from "../util/version.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { YAML_MEDIA_TYPES } from "./api-schemas.ts";
import { DOCS_PAGE } from "./docs-page.ts";
import { errorResponses } from "./error-responses.ts";
import { badRequest, handleError, notFound } from "./http-errors.ts";
import { jsonBodyCache } from "./json-body-cache.ts";
import { bodyDepthLimit, jsonDepthExceeds } from "./json-depth.ts";
import { openApiDocument } from "./openapi-document.ts";
import { type GuardOptions, requestGuard } from "./request-guard.ts";
import { requestValidator } from "./request-validator.ts";
import { ROUTE_EXAMPLES } from "./route-examples.ts";
import { connectionRoutes } from "./routes/connection-routes.ts";
import { connectionTableRoutes } from "./routes/connection-table-routes.ts";
import { connectionTestRoutes } from "./routes/connection-test-routes.ts";
import { planRoutes } from "./routes/plan-routes.ts";
import { runByNameRoutes } from "./routes/run-by-name-routes.ts";
import { runRoutes } from "./routes/run-routes.ts";
import { sampleRoutes } from "./routes/sample-routes.ts";
import { systemRoutes } from "./routes/system-routes.ts";
import { uiRoutes } from "./routes/ui-routes.ts";
import { textBodySent } from "./text-body-sent.ts";
import type { UiFile } from "./ui/build-ui.ts";

export interface ServerOptions {
  /** Runs plans in the background; without one the run routes are not served. */
  readonly runs?: RunManager;
  /** pino logger options, or false for none (tests). Secrets are never logged: bodies are not logged. */
  readonly logger?: boolean | { level: string; stream?: { write(line: string): void } };
  readonly onShutdown?: () => void;
  /** Host, Origin, content-type and token checks (default: a loopback server without a token). */
  readonly guard?: GuardOptions;
  /** The web UI's built files (src/api/ui/ui-assets.ts); served under /ui/ when given. */
  readonly ui?: ReadonlyMap<string, UiFile>;
}

/** Builds the HTTP API over the service, without listening (tests call it in-process with inject). */
export async function buildServer(svc: SamplingService, o: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: o.logger ?? false,
    // Fastify's own per-request lines are off; the onResponse hook below logs one line without bodies.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 4 * 1024 * 1024,
    // Path parameters longer than a name (100) reach the schema, which answers a 400 naming the limit.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(requestValidator);
  app.addHook("onRequest", requestGuard(o.guard ?? { bindHost: "127.0.0.1" }));
  // Every error answer passes through the one masking of src/app/catalog/secrets.ts on its way out,
  // and shows paths without the server's folders (the access's hidePaths); a text body sent as a
  // Buffer (raw samples) is written as a string (text-body-sent.ts).
  // A callback hook, not an async one: an answer passes without a promise or a microtask.
  const hidePaths = svc.access.hidePaths;
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (reply.statusCode >= 400)
      done(null, typeof payload === "string" ? hidePaths(maskText(payload)) : payload);
    else
      done(null, Buffer.isBuffer(payload) ? textBodySent(payload, reply.getHeader("content-type")) : payload);
  });
  // `__proto__` keys, and `constructor` keys holding a `prototype`, are dropped while parsing: no
  // prototype is ever touched, and a body the schema allows is not refused for them.
  const parseJson = app.getDefaultJsonParser("remove", "remove");
  app.removeContentTypeParser("application/json");
  // JSON bodies: nesting is bounded before parsing, so neither JSON.parse nor schema validation
  // nor any walk after them can overflow the stack. The limit follows the budget's nesting depth.
  const { maxNestingDepth } = resolveBudget(svc.config.config.budget);
  const maxBodyDepth = bodyDepthLimit(maxNestingDepth);
  // Routes with `config: {reusesJsonBody: true}` get a repeated body's validated value again (json-body-cache.ts).
  const bodies = jsonBodyCache();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    const reuses = (req.routeOptions.config as { reusesJsonBody?: boolean } | undefined)?.reusesJsonBody;
    if (reuses) {
      const kept = bodies.get(text);
      if (kept !== undefined) {
        done(null, kept);
        return;
      }
    }
    if (jsonDepthExceeds(text, maxBodyDepth)) {
      done(
        new RowforgeError(
          "RF_BUDGET_EXCEEDED",
          `the JSON body nests more than ${maxBodyDepth} levels of objects and arrays, deeper than the generation budget maxNestingDepth = ${maxNestingDepth} allows`,
          { hint: raiseHint("maxNestingDepth") },
        ),
        undefined,
      );
      return;
    }
    if (!reuses) {
      parseJson(req, text, done);
      return;
    }
    parseJson(req, text, (err, value) => {
      if (!err) bodies.parsed(value, text);
      done(err, value);
    });
  });
  // Routes declare the error answers they can give (for OpenAPI), in the shapes they send.
  const methods = allowedMethods();
  app.addHook("onRoute", (route) => {
    methods.add(route.method, route.url);
    if (route.schema?.hide) return;
    route.schema = {
      ...route.schema,
      response: { ...errorResponses(route.url), ...(route.schema?.response as object | undefined) },
    };
  });
  for (const type of YAML_MEDIA_TYPES) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
  }
  const token = o.guard?.token !== undefined && o.guard.token !== "";
  await app.register(swagger, {
    openapi: {
      info: {
        title: "rowforge",
        version: VERSION,
        description: "Test-data generation service: plans, connections, samples, runs and reports.",
      },
    },
    // The OpenAPI form (`openapi` above), never the Swagger 2 one.
    transformObject: (documents) =>
      "openapiObject" in documents
        ? openApiDocument(documents.openapiObject, { token })
        : documents.swaggerObject,
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const allowed = methods.of(path);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header("allow", allowed.join(", "))
        .send(
          badRequest(
            `${req.method} is not answered on ${path}; it takes ${allowed.join(", ")}`,
            "MethodNotAllowed",
          ),
        );
    }
    return reply.code(404).send(notFound(`no route for ${req.method} ${path}`, "RouteNotFound"));
  });
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
  await app.register(connectionTestRoutes(svc));
  await app.register(connectionTableRoutes(svc));
  await app.register(sampleRoutes(svc, bodies));
  if (o.runs) {
    await app.register(runRoutes(svc, o.runs));
    await app.register(runByNameRoutes(svc, o.runs));
  }
  await app.register(systemRoutes(o.onShutdown ?? (() => {})));
  if (o.ui) uiRoutes(app, o.ui);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  app.get("/docs/examples.json", { schema: { hide: true } }, async () => ROUTE_EXAMPLES);
  app.get("/docs", { schema: { hide: true } }, async (_req, reply) =>
    reply.type("text/html; charset=utf-8").send(DOCS_PAGE),
  );
  return app;
}
