import { isRowforgeError, RowforgeError } from "../errors/index.ts";

const codeOf = (e: unknown): unknown =>
  typeof e === "object" && e !== null && "code" in e ? (e as { code: unknown }).code : undefined;

const causeOf = (e: unknown): unknown => (e instanceof Error ? e.cause : undefined);

/** LevelDB refuses a second opener with LEVEL_DATABASE_NOT_OPEN caused by LEVEL_LOCKED. */
export const isLockedError = (e: unknown): boolean =>
  codeOf(e) === "LEVEL_LOCKED" ||
  (codeOf(e) === "LEVEL_DATABASE_NOT_OPEN" && codeOf(causeOf(e)) === "LEVEL_LOCKED");

/** The innermost message of an error chain, on one line: it names the real reason (an IO error, a full disk). */
export function reasonOf(e: unknown): string {
  let current: unknown = e;
  let message = "unknown error";
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) message = current.message;
    else if (typeof current === "string") message = current;
    current = causeOf(current);
  }
  return message.replace(/\s+/g, " ").trim();
}

/** Turns a failure to open the LevelDB folder into a RowforgeError that names the folder. */
export function openFailure(location: string, e: unknown): RowforgeError {
  if (isRowforgeError(e)) return e;
  if (isLockedError(e)) {
    return new RowforgeError(
      "RF_STORE_LOCKED",
      `the rowforge store in ${location} is in use: another rowforge process (or another store handle in this one) holds its lock`,
      { cause: e },
    );
  }
  return new RowforgeError(
    "RF_STORE_UNAVAILABLE",
    `the rowforge store in ${location} cannot be opened: ${reasonOf(e)}`,
    {
      cause: e,
    },
  );
}

/** True when an error chain says the disk is full. */
export const isDiskFull = (e: unknown): boolean => {
  for (let current = e, depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (codeOf(current) === "ENOSPC") return true;
    if (current instanceof Error && /no space left on device|ENOSPC/i.test(current.message)) return true;
    current = causeOf(current);
  }
  return false;
};

/**
 * True when LevelDB reported an IO error (or corruption): after a failed background write it
 * refuses every later write with the same error until it is reopened.
 */
export const isStoreIoError = (e: unknown): boolean => {
  for (let current = e, depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = codeOf(current);
    if (code === "LEVEL_IO_ERROR" || code === "LEVEL_CORRUPTION") return true;
    current = causeOf(current);
  }
  return isDiskFull(e);
};

/** Turns a failed read or write into a RowforgeError that says what was being done and where. */
export function operationFailure(location: string, action: string, e: unknown): RowforgeError {
  if (isRowforgeError(e)) return e;
  if (isDiskFull(e)) {
    return new RowforgeError(
      "RF_STORE_FULL",
      `the store could not write: ENOSPC (no space left on device) while trying to ${action} in ${location}: ${reasonOf(e)}`,
      { cause: e },
    );
  }
  return new RowforgeError(
    "RF_STORE_UNAVAILABLE",
    `could not ${action} in the rowforge store in ${location}: ${reasonOf(e)}`,
    {
      cause: e,
    },
  );
}

/** A stored value that is not JSON or not of the expected shape. */
export const corruptRecord = (location: string, what: string, key: string, reason: string): RowforgeError =>
  new RowforgeError(
    "RF_STORE_UNAVAILABLE",
    `the stored ${what} under key "${key}" in ${location} is corrupt (${reason}); delete it and save it again`,
    {
      hint: "a damaged record is skipped in lists; delete it over the API or restore the home folder from a backup",
    },
  );

/** Runs one store operation; anything that is not already a RowforgeError becomes RF_STORE_UNAVAILABLE. */
export async function guarded<T>(location: string, action: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    throw operationFailure(location, action, e);
  }
}

/** Runs a store operation: `guarded` with the store's own recovery (see openStore). */
export type StoreGuard = <T>(location: string, action: string, op: () => Promise<T>) => Promise<T>;
