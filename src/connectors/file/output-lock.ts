import { open, readFile, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { RowforgeError } from "../../errors/index.ts";

/** What a lock file holds: who writes the output. */
interface LockHolder {
  readonly runId: string;
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

export interface OutputLock {
  release(): Promise<void>;
}

/** Beside the lock while a stale lock is being taken over. */
export const TAKEOVER_SUFFIX = ".takeover";

/** Lock files in this process, by path: runs of one process wait for each other in turn. */
const queues = new Map<string, Promise<void>>();

/** A lock file that stays empty or unreadable this long was left by a process that died while creating it. */
const UNREADABLE_STALE_MS = 60_000;

/** How often a run looks again at a lock another run of this process holds (in another thread). */
const TURN_POLL_MS = 50;

/**
 * Takes the output's lock: `lockPath` is created with O_EXCL and holds the run id, pid and
 * host. Runs of this process wait their turn (the server's concurrent runs to one output
 * run one after the other, in the same thread or in run threads of their own); a lock held
 * by another live process refuses the run with RF_OUTPUT_LOCKED; a lock whose process no
 * longer exists is taken over. A run of this process that ends without releasing its locks
 * (its thread stopped) has them released by the caller (releaseLockOf).
 */
export async function acquireOutputLock(
  lockPath: string,
  runId: string,
  output: string,
): Promise<OutputLock> {
  const previous = queues.get(lockPath) ?? Promise.resolve();
  let done!: () => void;
  const mine = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
  queues.set(lockPath, mine);
  await previous;
  const leave = () => {
    done();
    if (queues.get(lockPath) === mine) queues.delete(lockPath);
  };
  try {
    await createLockFile(lockPath, runId, output);
  } catch (e) {
    leave();
    throw e;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        const holder = await readHolder(lockPath);
        if (holder?.runId === runId && holder.pid === process.pid) await rm(lockPath, { force: true });
      } finally {
        leave();
      }
    },
  };
}

async function createLockFile(lockPath: string, runId: string, output: string): Promise<void> {
  const me: LockHolder = { runId, pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const cannot = (e: unknown, path: string) =>
    new RowforgeError(
      "RF_OUTPUT_UNWRITABLE",
      `cannot lock ${output} for writing: ${path} (${(e as Error).message})`,
      {
        cause: e,
      },
    );
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await sleep(10 * attempt);
    try {
      const handle = await open(lockPath, "wx");
      try {
        await handle.writeFile(`${JSON.stringify(me)}\n`);
      } catch (e) {
        await handle.close().catch(() => {});
        await rm(lockPath, { force: true });
        throw cannot(e, lockPath);
      }
      await handle.close();
      return;
    } catch (e) {
      if (e instanceof RowforgeError) throw e;
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw cannot(e, lockPath);
    }
    // A lock file without its content yet is being created: its holder writes it at once.
    const holder = (await readHolder(lockPath)) ?? (await sleep(20).then(() => readHolder(lockPath)));
    if (holder && ownedHere(holder) && holder.runId !== runId) {
      // Another run of this process, in another thread, writes the output: wait for its turn to end.
      await sleep(TURN_POLL_MS);
      attempt = -1;
      continue;
    }
    if (!(await isStale(lockPath, holder))) {
      throw new RowforgeError(
        "RF_OUTPUT_LOCKED",
        `${output} is in use by run ${holder?.runId ?? "(unknown)"} (process ${holder?.pid ?? "?"}${holder && holder.host !== me.host ? ` on ${holder.host}` : ""}${holder?.since ? `, since ${holder.since}` : ""}); refusing to write it at the same time`,
        {
          hint: `wait for that run to finish; if no rowforge process writes there any more, remove ${lockPath}`,
        },
      );
    }
    // A stale lock is taken over by one process at a time (a second O_EXCL file), and only if
    // it is still the stale one: two processes never both remove a lock and both go ahead.
    const takeover = `${lockPath}${TAKEOVER_SUFFIX}`;
    try {
      await (await open(takeover, "wx")).close();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw cannot(e, takeover);
      const s = await stat(takeover).catch(() => undefined);
      if (s && Date.now() - s.mtimeMs > UNREADABLE_STALE_MS) await rm(takeover, { force: true });
      continue;
    }
    try {
      if (sameHolder(await readHolder(lockPath), holder)) await rm(lockPath, { force: true });
    } finally {
      await rm(takeover, { force: true });
    }
  }
  throw new RowforgeError(
    "RF_OUTPUT_LOCKED",
    `${output} is in use: its lock ${lockPath} keeps changing hands`,
  );
}

const sameHolder = (a: LockHolder | undefined, b: LockHolder | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : a.runId === b.runId && a.pid === b.pid && a.host === b.host && a.since === b.since;

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const v: unknown = JSON.parse(await readFile(lockPath, "utf8"));
    if (typeof v !== "object" || v === null) return undefined;
    const { runId, pid, host, since } = v as Record<string, unknown>;
    if (typeof runId !== "string" || typeof pid !== "number" || !Number.isInteger(pid)) return undefined;
    return {
      runId,
      pid,
      host: typeof host === "string" ? host : "",
      since: typeof since === "string" ? since : "",
    };
  } catch {
    return undefined;
  }
}

/** Whether a lock is held by this process (by one of its runs). */
const ownedHere = (holder: LockHolder): boolean => holder.pid === process.pid && holder.host === hostname();

/**
 * Removes a lock file when the run `runId` of this host still holds it: what a run stopped
 * before it could release its locks (its thread ended, or its process died) leaves behind.
 */
export async function releaseLockOf(lockPath: string, runId: string): Promise<void> {
  const holder = await readHolder(lockPath);
  if (holder?.runId === runId && holder.host === hostname()) await rm(lockPath, { force: true });
}

/** A lock is stale when its process is gone (this host only), or it never got its content. */
async function isStale(lockPath: string, holder: LockHolder | undefined): Promise<boolean> {
  if (!holder) {
    const s = await stat(lockPath).catch(() => undefined);
    return !s || Date.now() - s.mtimeMs > UNREADABLE_STALE_MS;
  }
  if (holder.host !== hostname()) return false;
  // A lock of this process that is not another run's (those are waited for) is one this run failed to remove.
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}
