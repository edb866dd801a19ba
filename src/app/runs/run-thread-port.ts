import { type MessagePort, threadId } from "node:worker_threads";
import type { Leftover } from "../../connectors/connector.ts";
import { RowforgeError, rebuildError, type TransferredError, transferError } from "../../errors/index.ts";
import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import type { DeleteHistorySource, HistoryRecords } from "./plan-history.ts";
import type { JobEnd } from "./run-host.ts";
import type { JobListener, RunJob } from "./run-job.ts";
import type { RunResult } from "./run-plan.ts";

/** What a run thread is given: its job, the worker threads its batches may use, and its end of the port. */
export interface RunThreadTask {
  readonly job: RunJob;
  readonly workers: number | undefined;
  /** The run history is reached through the port (`history: true`), or there is none (why). */
  readonly history: true | { readonly missing: string };
  readonly port: MessagePort;
}

/** A call from the run thread that the main thread answers (the job waits for it). */
type Call =
  | { readonly op: "leftovers"; readonly arg: readonly Leftover[] }
  | { readonly op: "list" }
  | { readonly op: "get"; readonly arg: string }
  | { readonly op: "put"; readonly arg: ExecutionRecord };

/** What a run thread tells the main thread. */
export type FromRunThread =
  | { readonly t: "hello"; readonly threadId: number }
  | {
      readonly t: "progress";
      readonly step: string;
      readonly done: number;
      readonly total: number;
      readonly delivery?: LiveDelivery;
    }
  | { readonly t: "step-start"; readonly step: string }
  | { readonly t: "step-done"; readonly report: StepReport }
  | ({ readonly t: "call"; readonly id: number } & Call)
  | { readonly t: "end"; readonly result: RunResult }
  | { readonly t: "end"; readonly error: TransferredError };

/** What the main thread tells a run thread. */
export type ToRunThread =
  | { readonly t: "abort"; readonly reason: TransferredError }
  | { readonly t: "reply"; readonly id: number; readonly value?: unknown; readonly error?: TransferredError };

/**
 * The main thread's end of a run thread's port: passes the run's events to `listener`, answers
 * its calls (leftovers to record, the run history), and resolves `onEnd` with how it ended.
 * Answers the thread id the run thread said it runs on (undefined until it says so).
 */
export function serveRunThread(
  port: MessagePort,
  listener: JobListener,
  history: DeleteHistorySource,
  onEnd: (end: JobEnd) => void,
): { threadId(): number | undefined; abort(reason: RowforgeError): void } {
  let threadId: number | undefined;
  const records = "executions" in history ? history.executions : undefined;
  const answer = async (call: Call): Promise<unknown> => {
    if (call.op === "leftovers") return listener.leftovers(call.arg);
    if (!records) throw new RowforgeError("RF_INTERNAL", "the run asked for a run history it was not given");
    if (call.op === "list") return records.list();
    if (call.op === "get") return records.get(call.arg);
    return records.put(call.arg);
  };
  port.on("message", (m: FromRunThread) => {
    switch (m.t) {
      case "hello":
        threadId = m.threadId;
        break;
      case "progress":
        listener.progress(m.step, m.done, m.total, m.delivery);
        break;
      case "step-start":
        listener.stepStart(m.step);
        break;
      case "step-done":
        listener.stepDone(m.report);
        break;
      case "call": {
        const { t: _, id, ...call } = m;
        answer(call).then(
          (value) => port.postMessage({ t: "reply", id, value } satisfies ToRunThread),
          (e: unknown) => port.postMessage({ t: "reply", id, error: transferError(e) } satisfies ToRunThread),
        );
        break;
      }
      case "end":
        onEnd(
          "result" in m
            ? { kind: "done", result: m.result }
            : { kind: "failed", error: rebuildError(m.error) },
        );
        break;
    }
  });
  return {
    threadId: () => threadId,
    abort: (reason) => port.postMessage({ t: "abort", reason: transferError(reason) } satisfies ToRunThread),
  };
}

/**
 * The run thread's end of its port: the listener that tells the main thread, the run history
 * it reaches through the port, the signal the main thread aborts, and `end` for its outcome.
 */
export function runThreadSide(
  port: MessagePort,
  history: RunThreadTask["history"],
): {
  listener: JobListener;
  history: DeleteHistorySource;
  signal: AbortSignal;
  end(outcome: { result: RunResult } | { error: unknown }): void;
} {
  const controller = new AbortController();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let next = 0;
  port.on("message", (m: ToRunThread) => {
    if (m.t === "abort") controller.abort(rebuildError(m.reason));
    else {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) p?.reject(rebuildError(m.error));
      else p?.resolve(m.value);
    }
  });
  const send = (m: FromRunThread) => port.postMessage(m);
  // The main thread ends this thread by its id when the run will not stop.
  send({ t: "hello", threadId });
  const call = <T>(c: Call): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      send({ t: "call", id, ...c });
    });
  const records: HistoryRecords = {
    list: () => call<ExecutionRecord[]>({ op: "list" }),
    get: (id) => call<ExecutionRecord | undefined>({ op: "get", arg: id }),
    put: (record) => call<void>({ op: "put", arg: record }),
  };
  return {
    listener: {
      progress: (step, done, total, delivery) =>
        send({ t: "progress", step, done, total, ...(delivery ? { delivery } : {}) }),
      stepStart: (step) => send({ t: "step-start", step }),
      stepDone: (report) => send({ t: "step-done", report }),
      leftovers: (list) => call<void>({ op: "leftovers", arg: list }),
    },
    history: history === true ? { executions: records } : history,
    signal: controller.signal,
    end(outcome) {
      send(
        "result" in outcome
          ? { t: "end", result: outcome.result }
          : { t: "end", error: transferError(outcome.error) },
      );
    },
  };
}
