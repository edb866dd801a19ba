import type { Connection } from "../../model/connection.ts";
import type { Store } from "../../store/index.ts";

/** Puts the connections saved over the API into `all` (`source: "api"`), over any of the same name. */
export async function addSavedConnections(all: Map<string, Connection>, store: Store): Promise<void> {
  for (const c of await store.connections.list())
    all.set(c.name, {
      name: c.name,
      type: c.type,
      groupType: c.groupType,
      options: c.options,
      source: "api",
    });
}
