import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";

/** The connection of that name, or RF_CONNECTION_NOT_FOUND naming the nearest and where they come from. */
export function findConnection(all: ReadonlyMap<string, Connection>, name: string, from: string): Connection {
  const found = all.get(name);
  if (found) return found;
  const near = didYouMean(name, all.keys());
  throw new RowforgeError(
    "RF_CONNECTION_NOT_FOUND",
    `no connection named "${name}" in ${from}${near ? `; ${near}` : all.size === 0 ? " (there are none)" : ""}`,
  );
}
