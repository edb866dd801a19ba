import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { PlanYamlSources } from "../../model/plan-yaml-sources.ts";
import { ErrorBody, PageQuery, PlanNameParams, PlanRunRequest } from "../api-schemas.ts";
import { notFound } from "../http-errors.ts";
import { PAGE_HEADERS, page } from "../paging.ts";

/** POST /plan takes the spec's PlanRunRequest, and optionally rowforge's YAML texts of the plan. */
const PlanSaveRequest = Type.Object(
  { ...PlanRunRequest.properties, yamlSources: Type.Optional(PlanYamlSources) },
  { additionalProperties: true },
);

const SourcesCheck = Type.Object({
  current: Type.Boolean({ description: "whether the texts describe the plan as stored" }),
  difference: Type.Optional(Type.String({ description: "when not current: what differs first" })),
});

/** POST /plan, GET /plan/{planName}, DELETE /plan/{planName}, GET /plans; GET /plan/{planName}/yaml-sources. */
export function planRoutes(svc: RowforgeService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/plan",
      {
        schema: {
          tags: ["plans"],
          summary:
            "Save a plan (by plan.name); rowforge: an optional yamlSources keeps the YAML texts it was edited as",
          body: PlanSaveRequest,
          response: {
            200: Type.Object({
              status: Type.String(),
              message: Type.String(),
              planId: Type.String(),
              yamlSources: Type.Optional(SourcesCheck),
            }),
          },
        },
      },
      async (req) => {
        const { planId, name, sources } = await svc.savePlan(req.body);
        return {
          status: "success",
          message: `Plan '${name}' saved successfully`,
          planId,
          ...(sources ? { yamlSources: sources } : {}),
        };
      },
    );
    app.get(
      "/plan/:planName/yaml-sources",
      {
        schema: {
          tags: ["plans"],
          summary:
            "rowforge: the YAML texts the web UI saved a plan as (secrets masked), and whether they still describe it",
          params: PlanNameParams,
          response: {
            200: Type.Object({
              planName: Type.String(),
              sources: PlanYamlSources,
              savedAt: Type.String(),
              ...SourcesCheck.properties,
            }),
            404: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const name = req.params.planName;
        const answer = await svc.getPlanSources(name);
        if (answer === undefined)
          return reply
            .code(404)
            .send(
              notFound(
                (await svc.getPlan(name)) === undefined
                  ? `Plan '${name}' not found`
                  : `Plan '${name}' has no YAML texts: it was saved through the API, not the web UI`,
                "PlanSourcesNotFound",
              ),
            );
        const { tasks, validation } = answer.sources;
        return { ...answer, sources: { ...answer.sources, tasks: [...tasks], validation: [...validation] } };
      },
    );
    app.get(
      "/plan/:planName",
      { schema: { tags: ["plans"], summary: "A saved plan", params: PlanNameParams } },
      async (req, reply) => {
        const plan = await svc.getPlan(req.params.planName);
        if (plan === undefined)
          return reply.code(404).send(notFound(`Plan '${req.params.planName}' not found`, "PlanNotFound"));
        return plan;
      },
    );
    app.delete(
      "/plan/:planName",
      { schema: { tags: ["plans"], summary: "Delete a saved plan", params: PlanNameParams } },
      async (req, reply) => {
        const name = req.params.planName;
        if (!(await svc.deletePlan(name)))
          return reply.code(404).send(notFound(`Plan '${name}' not found`, "PlanNotFound"));
        return { status: "success", message: `Plan '${name}' removed successfully`, planName: name };
      },
    );
    app.get(
      "/plans",
      {
        schema: {
          tags: ["plans"],
          summary: "Saved plans and the YAML plans of the plan folder, by name (paged: X-Total-Count, Link)",
          querystring: PageQuery,
          response: {
            200: {
              ...Type.Array(
                Type.Object({
                  id: Type.String(),
                  plan: Type.Object({ name: Type.String(), description: Type.String() }),
                }),
              ),
              headers: PAGE_HEADERS,
            },
          },
        },
      },
      async (req, reply) => page(req, reply, await svc.listPlans(), req.query),
    );
  };
}
