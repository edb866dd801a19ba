import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { PageQuery, PlanNameParams, PlanRunRequest } from "../api-schemas.ts";
import { notFound } from "../http-errors.ts";
import { PAGE_HEADERS, page } from "../paging.ts";

/** POST /plan, GET /plan/{planName}, DELETE /plan/{planName}, GET /plans. */
export function planRoutes(svc: RowforgeService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/plan",
      {
        schema: {
          tags: ["plans"],
          summary: "Save a plan (by plan.name)",
          body: PlanRunRequest,
          response: {
            200: Type.Object({ status: Type.String(), message: Type.String(), planId: Type.String() }),
          },
        },
      },
      async (req) => {
        const { planId, name } = await svc.savePlan(req.body);
        return { status: "success", message: `Plan '${name}' saved successfully`, planId };
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
