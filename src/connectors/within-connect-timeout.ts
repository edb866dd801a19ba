import { RowforgeError } from "../errors/index.ts";
import type { Connection } from "../model/connection.ts";

/** Seconds a connection's test may take beyond its own connectTimeout (default 10 s) before it is given up. */
const GRACE_SECONDS = 5;

/**
 * The test's outcome, or RF_CONNECTION_TIMEOUT (`who: no answer within N s`) once the
 * connection's connectTimeout plus a few seconds have passed: a server that never answers
 * cannot hang a connection test or a run's up-front check.
 */
export async function withinConnectTimeout<T>(test: Promise<T>, c: Connection, who: string): Promise<T> {
  const seconds = Number(c.options.connectTimeout ?? 10);
  const limit =
    ((Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) : 10) + GRACE_SECONDS) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RowforgeError("RF_CONNECTION_TIMEOUT", `${who}: no answer within ${limit / 1000} s`)),
      limit,
    );
    timer.unref();
  });
  try {
    return await Promise.race([test, late]);
  } finally {
    clearTimeout(timer);
  }
}
