/**
 * Runs tasks one after another. Execution writes read the old record to drop its old index
 * keys, so two writes to one record must never interleave.
 */
export type SerialQueue = <T>(task: () => Promise<T>) => Promise<T>;

export function serialQueue(): { readonly run: SerialQueue; readonly idle: () => Promise<void> } {
  let tail: Promise<unknown> = Promise.resolve();
  const run: SerialQueue = (task) => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
  return { run, idle: () => tail.then(() => undefined) };
}
