/**
 * One database transaction for a whole run (`--transaction plan`): the steps writing to the
 * same database share one connection, opened (and its transaction begun) by the first step
 * that asks, and the run ends it once, after its last step: committed when every step
 * succeeded, else rolled back, so a failed run leaves nothing behind.
 */
export interface RunTransaction {
  /**
   * The run's connection for `key` (a server, database and user): `open` makes it (and begins
   * its transaction) for the first step that asks; `end` commits or rolls back and closes it.
   */
  connection<T>(
    key: string,
    open: () => Promise<T>,
    end: (client: T, commit: boolean) => Promise<void>,
  ): Promise<T>;
  /** Ends every connection (commit: true commits); a failed commit rolls the others back and is thrown. */
  end(commit: boolean): Promise<void>;
}

export function runTransaction(): RunTransaction {
  const open = new Map<
    string,
    { client: Promise<unknown>; end: (client: unknown, commit: boolean) => Promise<void> }
  >();
  return {
    connection<T>(key: string, make: () => Promise<T>, end: (client: T, commit: boolean) => Promise<void>) {
      let entry = open.get(key);
      if (entry === undefined) {
        entry = { client: make(), end: end as (client: unknown, commit: boolean) => Promise<void> };
        open.set(key, entry);
      }
      return entry.client as Promise<T>;
    },
    async end(commit) {
      let failure: unknown;
      for (const { client, end } of open.values()) {
        const c = await client.catch(() => undefined);
        if (c === undefined) continue;
        try {
          await end(c, commit && failure === undefined);
        } catch (e) {
          failure ??= e;
        }
      }
      open.clear();
      if (failure !== undefined) throw failure;
    },
  };
}
