import type { FastifyInstance } from "fastify";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { maskDeep } from "../../app/catalog/secrets.ts";
import type { RunManager } from "../../app/runs/run-manager.ts";
import type { RunEvent, RunSnapshot } from "../../app/runs/run-progress.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { mapStrings } from "../../util/map-strings.ts";
import { RunEventsAnswer } from "../answer-schemas.ts";
import { ErrorBody, IdParams } from "../api-schemas.ts";
import { notFound } from "../http-errors.ts";
import { publicRecord } from "../public-record.ts";

/** A comment line this often keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A client this far behind (bytes it has not read) is dropped rather than buffered for. */
const MAX_BACKLOG = 1024 * 1024;

const DESCRIPTION = `Server-sent events (text/event-stream) of one execution, an addition to the spec (whose events are "not shown").

- \`status\` (sent first, and on each status change): a snapshot \`{id, planName, mode, status, failedReason, elapsedSeconds, steps}\`;
  each step \`{name, done, total, status: running|done, rowsPerSecond, etaSeconds, elapsedSeconds, delivery?}\`,
  where \`delivery\` (message and HTTP steps) is \`{sent, acknowledged, failed, rate, p99Ms?}\`: what was acknowledged so far, the achieved rate and the latency.
- \`progress\`: the same snapshot, at most 4 times a second while records are written.
- \`end\`: the final execution record (as in GET /run/history, with planName and mode); the stream then closes.

A client that connects late gets the current state first; one that connects after the run ended gets a \`status\` and the \`end\` at once. Unknown id: 404.`;

const snapshotOfRecord = (r: ExecutionRecord): RunSnapshot => ({
  id: r.id,
  planName: r.planName,
  mode: r.mode,
  status: r.status,
  failedReason: r.failedReason,
  elapsedSeconds: 0,
  steps: (r.generationSummary as readonly Partial<StepReport>[]).map((s) => ({
    name: s.name ?? "",
    done: s.records ?? 0,
    total: s.records ?? 0,
    status: "done" as const,
    rowsPerSecond: s.rowsPerSecond ?? 0,
    etaSeconds: 0,
    elapsedSeconds: s.seconds ?? 0,
  })),
});

/** An event: its data with secrets masked and paths shown without the server's folders. */
const frame = (event: string, data: unknown, hidePaths: (text: string) => string) =>
  `event: ${event}\ndata: ${JSON.stringify(mapStrings(maskDeep(data), hidePaths))}\n\n`;

/**
 * GET /run/events/{id}: a run's live progress as server-sent events (see DESCRIPTION). Each
 * stream unsubscribes when its client goes away, when the run ends, or when the server closes.
 */
export function runEventsRoute(app: FastifyInstance, svc: RowforgeService, runs: RunManager): void {
  const streams = new Set<() => void>();
  const hide = svc.access.hidePaths;
  // preClose: before the server waits for its connections to end, which an open stream never would.
  app.addHook("preClose", (done) => {
    for (const close of [...streams]) close();
    done();
  });
  app.get<{ Params: { id: string } }>(
    "/run/events/:id",
    {
      schema: {
        tags: ["runs"],
        summary: "Live progress of an execution (server-sent events: status, progress, end)",
        description: DESCRIPTION,
        params: IdParams,
        response: { 200: RunEventsAnswer, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const raw = reply.raw;
      const open = () => {
        reply.hijack();
        raw.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
        });
      };
      let closed = false;
      let unsubscribe = () => {};
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        if (heartbeat) clearInterval(heartbeat);
        streams.delete(close);
        raw.end();
      };
      const send = (text: string) => {
        if (closed) return;
        if (raw.writableLength > MAX_BACKLOG) {
          close();
          return;
        }
        raw.write(text);
      };
      const onEvent = (e: RunEvent) => {
        if (e.type === "end") {
          send(frame("end", publicRecord(e.record, hide, true), hide));
          close();
        } else send(frame(e.type, e.snapshot, hide));
      };
      const sub = runs.watch(id, onEvent);
      if (!sub) {
        const r = await svc.store.executions.get(id);
        if (!r) return reply.code(404).send(notFound(`Execution '${id}' not found`, "ExecutionNotFound"));
        open();
        raw.write(frame("status", snapshotOfRecord(r), hide));
        raw.end(frame("end", publicRecord(r, hide, true), hide));
        return reply;
      }
      unsubscribe = sub.unsubscribe;
      streams.add(close);
      open();
      req.raw.once("close", close);
      raw.once("error", close);
      heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      send(frame("status", sub.snapshot, hide));
      return reply;
    },
  );
}
