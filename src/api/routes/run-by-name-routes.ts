import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import type { RunManager } from "../../app/runs/run-manager.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { stepIdOf } from "../../model/index.ts";
import { EXECUTION_MODES } from "../../store/index.ts";
import { RunStartedText } from "../answer-schemas.ts";
import { ErrorBody, Name } from "../api-schemas.ts";
import { badRequest, notFound } from "../http-errors.ts";

const RunQuery = Type.Object({
  source: Type.Optional(
    Type.Enum(["auto", "yaml", "json"], {
      description: "where the plan is looked for: auto (saved, then YAML), yaml, json (saved) (default auto)",
    }),
  ),
  mode: Type.Optional(Type.Enum(EXECUTION_MODES, { description: "generate or delete (default generate)" })),
  fileName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "the YAML plan's file name (with or without .yaml)",
    }),
  ),
});

const list = (names: Iterable<string>) => [...new Set(names)].sort().join(", ") || "none";

/**
 * POST /run/plans/{plan}[/tasks/{task}[/steps/{step}]]?source=auto|yaml|json&mode=generate|delete&fileName=:
 * runs a saved or YAML plan (or one task or step of it); answers plain text that states the
 * execution id; a missing plan, task or step is a 404 listing what exists.
 */
export function runByNameRoutes(svc: RowforgeService, runs: RunManager): FastifyPluginAsyncTypebox {
  return async (app) => {
    const paths = [
      ["/run/plans/:planName", Type.Object({ planName: Name })],
      ["/run/plans/:planName/tasks/:taskName", Type.Object({ planName: Name, taskName: Name })],
      [
        "/run/plans/:planName/tasks/:taskName/steps/:stepName",
        Type.Object({ planName: Name, taskName: Name, stepName: Name }),
      ],
    ] as const;
    for (const [path, params] of paths) {
      app.post(
        path,
        {
          schema: {
            tags: ["runs"],
            summary: "Run a saved or YAML plan by name (optionally one task or step)",
            params,
            querystring: RunQuery,
            response: { 200: RunStartedText, 400: ErrorBody, 404: ErrorBody },
          },
        },
        async (req, reply) => {
          const { planName, taskName, stepName } = req.params as {
            planName: string;
            taskName?: string;
            stepName?: string;
          };
          const source = req.query.source ?? "auto";
          const mode = req.query.mode ?? "generate";
          let found: Awaited<ReturnType<RowforgeService["findPlan"]>>;
          try {
            found = await svc.findPlan(planName, {
              source,
              ...(req.query.fileName ? { fileName: req.query.fileName } : {}),
            });
          } catch (e) {
            if (isRowforgeError(e)) return reply.code(400).send(badRequest(e.message, e.code));
            throw e;
          }
          if (!found) {
            const names = (await svc.listPlans()).map((p) => p.plan.name);
            return reply
              .code(404)
              .send(
                notFound(
                  `Plan '${planName}' not found (source ${source}${req.query.fileName ? `, file ${req.query.fileName}` : ""}). Available plans: ${list(names)}`,
                  "PlanNotFound",
                ),
              );
          }
          const plan = found.plan;
          let only: Set<string> | undefined;
          if (taskName !== undefined) {
            const steps = plan.steps.filter((s) => s.taskName === taskName);
            if (steps.length === 0) {
              return reply
                .code(404)
                .send(
                  notFound(
                    `Task '${taskName}' not found in plan '${plan.plan.name}'. Available tasks: ${list(plan.steps.map((s) => s.taskName))}`,
                    "TaskNotFound",
                  ),
                );
            }
            const chosen = stepName === undefined ? steps : steps.filter((s) => s.step.name === stepName);
            if (chosen.length === 0) {
              return reply
                .code(404)
                .send(
                  notFound(
                    `Step '${stepName}' not found in task '${taskName}'. Available steps: ${list(steps.map((s) => s.step.name))}`,
                    "StepNotFound",
                  ),
                );
            }
            only = new Set(chosen.map(stepIdOf));
          }
          // The run manager refuses what `rowforge run` refuses before writing (a 400 naming every problem).
          const record = await runs.submit(plan, mode, "api", only);
          const what =
            stepName !== undefined
              ? `Step '${stepName}' in task '${taskName}' of plan '${plan.plan.name}'`
              : taskName !== undefined
                ? `Task '${taskName}' in plan '${plan.plan.name}'`
                : `Plan '${plan.plan.name}'`;
          return reply
            .type("text/plain; charset=utf-8")
            .send(`${what} started in ${mode} mode with execution id ${record.id}`);
        },
      );
    }
  };
}
