import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { maskText } from "../../app/catalog/secrets.ts";
import { REPORT_HEADER_POLICY } from "../../app/reports/report-policy.ts";
import type { RunManager } from "../../app/runs/run-manager.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { ExecutionStatus, PublicExecutionRecord, ReportFileAnswer, RunStarted } from "../answer-schemas.ts";
import { ErrorBody, IdParams, PlanRunRequest } from "../api-schemas.ts";
import { HistoryQuery } from "../contract.ts";
import { badRequest, notFound } from "../http-errors.ts";
import { PAGE_HEADERS, page } from "../paging.ts";
import { publicRecord } from "../public-record.ts";
import { cancelRoute } from "./cancel-route.ts";
import { runEventsRoute } from "./run-events-route.ts";

const statusOf = (r: ExecutionRecord, hidePaths: (text: string) => string) => ({
  id: r.id,
  status: r.status,
  failedReason: r.failedReason === null ? null : hidePaths(maskText(r.failedReason)),
  runBy: r.runBy,
  timeTaken: r.timeTaken,
});

/** POST /run (generate), GET /run/history, /run/status/{id}, /run/executions/{id}. */
export function runRoutes(svc: RowforgeService, runs: RunManager): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ["runs"];
    for (const [path, mode] of [
      ["/run", "generate"],
      ["/run/delete-data", "delete"],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: `Run a plan in ${mode} mode; answers at once, the run goes on in the background`,
            body: PlanRunRequest,
            response: { 200: RunStarted, 400: ErrorBody },
          },
        },
        async (req, reply) => {
          const { plan, diagnostics } = await svc.resolveRequest(req.body);
          const errors = diagnostics.filter((d) => d.severity === "error");
          if (!plan || errors.length > 0) {
            return reply
              .code(400)
              .send(
                badRequest(
                  `the plan cannot run: ${errors.map((e) => `${e.message}${e.location?.path ? ` (at ${e.location.path})` : ""}`).join("; ")}`,
                  errors[0]?.code ?? "InvalidPlan",
                ),
              );
          }
          if (plan.steps.length === 0 && (plan.wholeConnections ?? []).length === 0) {
            // A run with nothing to generate would "succeed" having done nothing.
            return reply
              .code(400)
              .send(
                badRequest(
                  `plan "${plan.plan.name}" has no enabled step to run: give its tasks inline (with steps) or name task files of the task folder`,
                  "RF_PLAN_EMPTY",
                ),
              );
          }
          // The run manager refuses what `rowforge run` refuses before writing (a 400 naming every problem).
          const record = await runs.submit(plan, mode, "api");
          return {
            status: "success" as const,
            message: `Plan '${plan.plan.name}' started in ${mode} mode with execution id ${record.id}`,
            executionId: record.id,
          };
        },
      );
    }
    app.get(
      "/run/history",
      {
        schema: {
          tags,
          summary:
            "Execution records, newest first (paged: X-Total-Count, Link; filters planName, planNameContains, status, mode)",
          querystring: HistoryQuery,
          response: { 200: { ...Type.Array(PublicExecutionRecord), headers: PAGE_HEADERS } },
        },
      },
      async (req, reply) => {
        const { planName, planNameContains, status, mode, extended } = req.query;
        // Command-line runs that ended beside this server are listed too.
        await runs.takeInEndedRuns();
        const all = await svc.store.executions.list();
        const part = planNameContains?.toLowerCase();
        const kept =
          planName || part || status || mode
            ? all.filter(
                (r) =>
                  (!planName || r.planName === planName) &&
                  (!part || r.planName.toLowerCase().includes(part)) &&
                  (!status || r.status === status) &&
                  (!mode || r.mode === mode),
              )
            : all;
        return page(req, reply, kept, req.query).map((r) =>
          publicRecord(r, svc.access.hidePaths, extended === true),
        );
      },
    );
    const REPORT_TYPES: Record<string, string> = {
      ".html": "text/html; charset=utf-8",
      ".json": "application/json; charset=utf-8",
      ".svg": "image/svg+xml",
      ".css": "text/css; charset=utf-8",
    };
    app.get(
      "/report/:runId/:resource",
      {
        schema: {
          tags: ["reports"],
          summary: "A file of a run's report (index.html, results.json, chart.svg, main.css)",
          params: Type.Object({
            runId: Type.String({
              pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
            }),
            resource: Type.String({ pattern: "^[A-Za-z0-9_.-]{1,48}\\.(html|json|svg|css)$", maxLength: 49 }),
          }),
          response: { 200: ReportFileAnswer, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const { runId, resource } = req.params;
        const record = await svc.store.executions.get(runId.toLowerCase());
        const dir = (record?.details as { reportDir?: string } | undefined)?.reportDir;
        if (!record || !dir)
          return reply.code(404).send(notFound(`no report for run ${runId}`, "ReportNotFound"));
        let body: Buffer;
        try {
          body = await readFile(join(dir, basename(resource)));
        } catch {
          return reply
            .code(404)
            .send(notFound(`report file ${resource} of run ${runId} not found`, "ReportNotFound"));
        }
        // A report's texts (reasons, outputs) show paths without the server's folders, as every answer does.
        const kind = extname(resource);
        const shown = kind === ".svg" ? body : svc.access.hidePaths(body.toString("utf8"), kind === ".html");
        // A report shows what a plan named (step names, reasons): sandboxed, never run as a page of the server.
        return reply
          .type(REPORT_TYPES[kind] ?? "application/octet-stream")
          .header("content-security-policy", REPORT_HEADER_POLICY)
          .header("x-content-type-options", "nosniff")
          .header("referrer-policy", "no-referrer")
          .send(shown);
      },
    );
    cancelRoute(app, runs, RunStarted);
    runEventsRoute(app, svc, runs);
    for (const path of ["/run/status/:id", "/run/executions/:id"]) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: "The status of an execution",
            params: IdParams,
            response: { 200: ExecutionStatus, 404: ErrorBody },
          },
        },
        async (req, reply) => {
          const r = await svc.store.executions.get(req.params.id);
          if (!r)
            return reply
              .code(404)
              .send(notFound(`Execution '${req.params.id}' not found`, "ExecutionNotFound"));
          return statusOf(r, svc.access.hidePaths);
        },
      );
    }
  };
}
