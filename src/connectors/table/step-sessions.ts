/**
 * The database connections a run (or one schema reading) keeps open between a step's calls:
 * reading its table (`describe`), checking it (`checkTarget`) and writing it (`open`) use one
 * connection a server, not one each. The first `open` on a server takes the connection over
 * (its sink then ends it); what nobody took is ended by `close`.
 */
export interface StepSessions {
  /** The kept connection for `key` (a server, database and user), made by `connect` for the first caller. */
  use<C>(key: string, connect: () => Promise<C>, end: (client: C) => Promise<void>): Promise<C>;
  /**
   * The kept connection for `key`, removed from the keeping (the caller ends it), or a new one
   * from `connect` when none is kept.
   */
  take<C>(key: string, connect: () => Promise<C>): Promise<C>;
  /** Ends every connection nobody took. */
  close(): Promise<void>;
}

interface Kept {
  readonly client: Promise<unknown>;
  readonly end: (client: unknown) => Promise<void>;
}

export function stepSessions(): StepSessions {
  const kept = new Map<string, Kept>();
  return {
    use<C>(key: string, connect: () => Promise<C>, end: (client: C) => Promise<void>) {
      let entry = kept.get(key);
      if (entry === undefined) {
        const client = connect();
        entry = { client, end: end as (client: unknown) => Promise<void> };
        kept.set(key, entry);
        // A failed connect is not kept: the next caller tries again (and meets the error itself).
        client.catch(() => {
          if (kept.get(key) === entry) kept.delete(key);
        });
      }
      return entry.client as Promise<C>;
    },
    take<C>(key: string, connect: () => Promise<C>) {
      const entry = kept.get(key);
      if (entry === undefined) return connect();
      kept.delete(key);
      return (entry.client as Promise<C>).catch(() => connect());
    },
    async close() {
      const entries = [...kept.values()];
      kept.clear();
      await Promise.all(
        entries.map(async ({ client, end }) => {
          const c = await client.catch(() => undefined);
          if (c !== undefined) await end(c).catch(() => {});
        }),
      );
    },
  };
}

/**
 * Runs `work` with a session scope: the given one, or one of its own that is closed when
 * `work` ends.
 */
export async function withSessions<T>(
  given: StepSessions | undefined,
  work: (sessions: StepSessions) => Promise<T>,
): Promise<T> {
  if (given !== undefined) return work(given);
  const own = stepSessions();
  try {
    return await work(own);
  } finally {
    await own.close();
  }
}
