import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type, { type Static } from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { PlanYamlSources } from "../../model/plan-yaml-sources.ts";
import { PlanDeleted } from "../answer-schemas.ts";
import { ErrorBody, Name, PageQuery, PlanNameParams, PlanRunRequest } from "../api-schemas.ts";
import { PlanListEntry, PlanSaved, PlanSources } from "../contract.ts";
import { notFound } from "../http-errors.ts";
import { PAGE_HEADERS, page } from "../paging.ts";

/**
 * POST /plan takes the spec's PlanRunRequest whose plan name is a path name (GET /plan/{planName}
 * finds it), and optionally rowforge's YAML texts of the plan.
 */
const PlanSaveRequest = Type.Object(
  {
    ...PlanRunRequest.properties,
    plan: Type.Object(
      { ...PlanRunRequest.properties.plan.properties, name: Name },
      { additionalProperties: true },
    ),
    yamlSources: Type.Optional(PlanYamlSources),
  },
  { additionalProperties: true },
);

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
            200: PlanSaved,
          },
        },
      },
      async (req) => {
        const { planId, name, sources, warnings } = await svc.savePlan(req.body);
        return {
          status: "success",
          message: `Plan '${name}' saved successfully`,
          planId,
          ...(sources ? { yamlSources: sources } : {}),
          ...(warnings ? { warnings: [...warnings] } : {}),
        };
      },
    );
    app.get(
      "/plan/:planName/yaml-sources",
      {
        schema: {
          tags: ["plans"],
          summary:
            "rowforge: a plan's YAML texts (secrets masked): those the web UI saved it as (origin saved), else a plan of the plan folder's files (origin folder)",
          params: PlanNameParams,
          response: {
            200: PlanSources,
            404: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const name = req.params.planName;
        const answer = await svc.getPlanSources(name);
        if (answer !== undefined) {
          const { tasks, validation } = answer.sources;
          return {
            ...answer,
            origin: "saved" as const,
            sources: { ...answer.sources, tasks: [...tasks], validation: [...validation] },
          };
        }
        const saved = (await svc.getPlan(name)) !== undefined;
        // A saved plan takes precedence by name (as runs resolve it): its folder namesake is not answered.
        const folder = saved ? undefined : await svc.getFolderPlanSources(name);
        if (folder !== undefined) {
          const { sources, files } = folder;
          return {
            ...folder,
            origin: "folder" as const,
            current: true,
            sources: { ...sources, tasks: [...sources.tasks], validation: [...sources.validation] },
            files: { ...files, tasks: [...files.tasks], validation: [...files.validation] },
            problems: [...folder.problems],
          };
        }
        return reply
          .code(404)
          .send(
            notFound(
              saved
                ? `Plan '${name}' has no YAML texts: it was saved through the API, not the web UI`
                : `Plan '${name}' not found among the saved plans or the YAML plans of the plan folder`,
              "PlanSourcesNotFound",
            ),
          );
      },
    );
    app.get(
      "/plan/:planName",
      {
        schema: {
          tags: ["plans"],
          summary: "A saved plan (secrets masked)",
          params: PlanNameParams,
          response: { 200: PlanRunRequest, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const plan = await svc.getPlan(req.params.planName);
        if (plan === undefined)
          return reply.code(404).send(notFound(`Plan '${req.params.planName}' not found`, "PlanNotFound"));
        // Saved by POST /plan, which checked it against this schema.
        return plan as Static<typeof PlanRunRequest>;
      },
    );
    app.delete(
      "/plan/:planName",
      {
        schema: {
          tags: ["plans"],
          summary: "Delete a saved plan",
          params: PlanNameParams,
          response: { 200: PlanDeleted, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const name = req.params.planName;
        if (!(await svc.deletePlan(name)))
          return reply.code(404).send(notFound(`Plan '${name}' not found`, "PlanNotFound"));
        return { status: "success" as const, message: `Plan '${name}' removed successfully`, planName: name };
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
              ...Type.Array(PlanListEntry),
              headers: PAGE_HEADERS,
            },
          },
        },
      },
      async (req, reply) => page(req, reply, await svc.listPlans(), req.query),
    );
  };
}
