import { RAW } from "./answer-schemas.ts";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a created thing is read, run, tested and deleted by: [path, method, parameter value]. */
type Targets = readonly (readonly [string, string, Readonly<Record<string, string>>])[];
const CONNECTION = { connectionName: "$request.body#/connections/0/name" };
const PLAN = { planName: "$request.body#/plan/name" };
const EXECUTION = { id: "$response.body#/executionId" };
const EXECUTION_TARGETS: Targets = [
  ["/run/status/{id}", "get", EXECUTION],
  ["/run/executions/{id}", "get", EXECUTION],
  ["/run/events/{id}", "get", EXECUTION],
  ["/run/cancel/{id}", "post", EXECUTION],
  ["/report/{runId}/{resource}", "get", { runId: "$response.body#/executionId", resource: "index.html" }],
];
/** The OpenAPI links of the operations that create things (clients and fuzzers follow them). */
const LINKS: Readonly<Record<string, Targets>> = {
  "post /connection": [
    ["/connection/{connectionName}", "get", CONNECTION],
    ["/connection/{connectionName}/test", "post", CONNECTION],
    ["/connection/{connectionName}", "delete", CONNECTION],
  ],
  "post /plan": [
    ["/plan/{planName}", "get", PLAN],
    ["/sample/plans/{planName}", "get", PLAN],
    ["/run/plans/{planName}", "post", PLAN],
    ["/plan/{planName}", "delete", PLAN],
  ],
  "post /run": EXECUTION_TARGETS,
  "post /run/delete-data": EXECUTION_TARGETS,
};

/** `GetPlanPlanName`-like names of links: the target's method and path. */
const linkName = (path: string, method: string) =>
  `${method[0]!.toUpperCase()}${method.slice(1)}${path
    .split(/[/{}-]+/)
    .filter((p) => p !== "")
    .map((p) => `${p[0]!.toUpperCase()}${p.slice(1)}`)
    .join("")}`;

/**
 * /openapi.json as this server answers: bodies that are files are declared by their media type
 * alone (their RAW schema serves the serializer only), the operations that create things link
 * to those that use them, and a server started with a token declares the bearer scheme every
 * operation needs.
 */
export function openApiDocument<D extends object>(doc: D, o: { readonly token: boolean }): D {
  const paths = (doc as Json).paths;
  for (const [path, item] of Object.entries(isObject(paths) ? paths : {})) {
    for (const [method, operation] of Object.entries(isObject(item) ? item : {})) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const targets = LINKS[`${method} ${path}`];
      const ok = operation.responses["200"];
      if (targets && isObject(ok)) {
        ok.links = Object.fromEntries(
          targets.map(([to, toMethod, parameters]) => [
            linkName(to, toMethod),
            {
              operationRef: `#/paths/${to.replaceAll("~", "~0").replaceAll("/", "~1")}/${toMethod}`,
              parameters,
            },
          ]),
        );
      }
      for (const response of Object.values(operation.responses)) {
        if (!isObject(response) || !isObject(response.content)) continue;
        for (const media of Object.values(response.content)) {
          if (isObject(media) && isObject(media.schema) && media.schema[RAW] === true) delete media.schema;
        }
      }
    }
  }
  if (!o.token) return doc;
  const components = (doc as Json).components;
  return {
    ...doc,
    components: {
      ...(isObject(components) ? components : {}),
      securitySchemes: { bearerToken: { type: "http", scheme: "bearer" } },
    },
    security: [{ bearerToken: [] }],
  };
}
