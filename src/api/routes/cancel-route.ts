import type { FastifyInstance } from "fastify";
import type { TSchema } from "typebox";
import type { RunManager } from "../../app/runs/run-manager.ts";
import { ErrorBody, IdParams } from "../api-schemas.ts";
import { badRequest, notFound } from "../http-errors.ts";

/**
 * POST /run/cancel/{id}: cancels a queued or running execution. A running one is stopped (its
 * workers ended, its partial outputs removed) before the answer; either way its record ends
 * failed with failedReason "cancelled". A finished execution is a 409, an unknown one a 404.
 */
export function cancelRoute(app: FastifyInstance, runs: RunManager, answer: TSchema): void {
  app.post<{ Params: { id: string } }>(
    "/run/cancel/:id",
    {
      schema: {
        tags: ["runs"],
        summary: "Cancel a queued or running execution; its record ends failed with failedReason cancelled",
        params: IdParams,
        response: { 200: answer, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const r = await runs.cancel(id);
      switch (r.outcome) {
        case "unknown":
          return reply.code(404).send(notFound(`Execution '${id}' not found`, "ExecutionNotFound"));
        case "finished":
          return reply
            .code(409)
            .send(
              badRequest(
                `Execution '${id}' has already ended (${r.record.status}${r.record.failedReason ? `: ${r.record.failedReason}` : ""}); there is nothing to cancel`,
                "ExecutionFinished",
              ),
            );
        case "not-cancellable":
          return reply
            .code(409)
            .send(badRequest(`Execution '${id}': ${r.reason}`, "ExecutionNotCancellable"));
        default:
          return {
            status: "success",
            message: `Execution '${id}' cancelled while ${r.was}; its status is ${r.record.status}${r.record.failedReason ? ` (${r.record.failedReason})` : ""}`,
            executionId: id,
          };
      }
    },
  );
}
