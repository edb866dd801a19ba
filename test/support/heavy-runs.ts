import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A field whose value costs real CPU per row: `work` rounds of SHA-256 in an SQL aggregate (about
 * 5-10 µs a round on the test machines), or `work` x `inner` rounds in nested aggregates. A batch
 * of such rows is one long synchronous computation wherever it runs, which is what these tests
 * need: a thread that does not answer until it ends. (A step's first row is timed in the run's
 * own thread before its batches are handed to workers: with `inner`, that row alone takes seconds.)
 */
export const heavyField = (work: number, inner = 1) => ({
  name: "h",
  type: "long",
  options: {
    sql:
      inner > 1
        ? `aggregate(sequence(1, ${work}), 0L, (acc, x) -> acc + aggregate(sequence(1, ${inner}), 0L, (b, y) -> b + length(sha2(concat(cast(x * y as string), cast(id as string)), 256))))`
        : `aggregate(sequence(1, ${work}), 0L, (acc, x) -> acc + length(sha2(concat(cast(x as string), cast(id as string)), 256)))`,
  },
});

/**
 * A PlanRunRequest of one step with a heavy field: `options` say where it goes (a path, a
 * table), or the saved connection `dataSourceName` does.
 */
export const heavyRunRequest = (
  name: string,
  records: number,
  work: number,
  step: { readonly type: string; readonly options: Readonly<Record<string, string>> },
  dataSourceName = "d",
  inner = 1,
) => ({
  plan: { name, tasks: [{ name: "t", dataSourceName, enabled: true }] },
  tasks: [
    {
      name: "t",
      type: step.type,
      options: step.options,
      count: { records },
      fields: [{ name: "id", type: "long", options: { isUnique: true } }, heavyField(work, inner)],
    },
  ],
});

/** CPU seconds (user + system) from a /proc `stat` line. */
function statCpu(stat: string): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds each thread of a process has used so far, by thread id (threads that ended are absent). */
export function threadCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid), statCpu(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** The threads of a process that used more than `share` of a core over `ms`, with the CPU seconds each used. */
export async function busyThreads(pid: number, ms: number, share = 0.1): Promise<Map<number, number>> {
  const before = threadCpu(pid);
  await sleep(ms);
  const busy = new Map<number, number>();
  for (const [tid, cpu] of threadCpu(pid)) {
    const used = cpu - (before.get(tid) ?? cpu);
    if (used > (share * ms) / 1000) busy.set(tid, used);
  }
  return busy;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the server of a home (the heap launcher's child), from its server.json. */
export const serverPid = (home: string): number =>
  (JSON.parse(readFileSync(join(home, "server.json"), "utf8")) as { pid: number }).pid;

/** Polls `check` until it answers something other than undefined; fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The `_temporary-*` folders (and hidden `.tmp` files) a folder output holds. */
export const temporariesIn = (out: string): string[] =>
  existsSync(out) ? readdirSync(out).filter((n) => n.startsWith("_temporary-") || n.endsWith(".tmp")) : [];

/**
 * Requests `url` again and again for `ms` and answers the slowest answer's time (a request that
 * takes longer than `capMs` counts as `capMs`): how long the server kept a client waiting.
 */
export async function slowestAnswer(url: string, ms: number, capMs = 15_000): Promise<number> {
  let slowest = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t = performance.now();
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(capMs) });
      await r.arrayBuffer();
    } catch {
      // Timed out: counted at the cap.
    }
    slowest = Math.max(slowest, performance.now() - t);
    await sleep(50);
  }
  return slowest;
}
