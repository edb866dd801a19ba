import type { Connection } from "../../lib/api.ts";
import { renameDataSource } from "./data-source-rename.ts";
import { fileData, type PlanWorkspace } from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";

/** A connection written inside an imported unified file (a data source's `connection`). */
export type InlineConnection = Readonly<Pick<Connection, "name" | "type" | "options">>;

/** An imported connection as the editor offers it: saved with the plan unless a saved one is the same. */
export interface OfferedConnection extends InlineConnection {
  /** A saved connection of this name has this type and these options: nothing to save. */
  readonly sameAsSaved: boolean;
  /** The file's name for it, when a different saved connection has that name. */
  readonly renamedFrom?: string;
}

/** A saved value masked by the server (`***`, or a URL with its password masked) matches any value. */
const sameValue = (saved: string | undefined, mine: string): boolean =>
  saved !== undefined && (saved === mine || saved.includes("***"));

const sameConnection = (saved: Connection, c: InlineConnection): boolean =>
  saved.type.toLowerCase() === c.type.toLowerCase() &&
  Object.keys(saved.options).length === Object.keys(c.options).length &&
  Object.entries(c.options).every(([k, v]) => sameValue(saved.options[k], v));

/** `name`, or `name_2`, `name_3`, ... : the first not taken. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name}_${n}`)) n++;
  return `${name}_${n}`;
}

/**
 * Places a unified file's inline connections among the server's saved ones: one equal to the
 * saved connection of its name is that connection; one whose name a different saved connection
 * has is renamed (`shop_pg_2`), its tasks and foreign keys following; the rest are new. Earlier
 * offered connections of other names stay offered.
 */
export function placeConnections(
  ws: PlanWorkspace,
  imported: readonly InlineConnection[],
  saved: readonly Connection[],
  earlier: readonly OfferedConnection[],
): { ws: PlanWorkspace; offered: OfferedConnection[] } {
  const byName = new Map(saved.map((c) => [c.name, c]));
  const kept = earlier.filter((e) => !imported.some((c) => c.name === e.name || c.name === e.renamedFrom));
  const taken = new Set([...byName.keys(), ...kept.map((e) => e.name)]);
  let plan = ws.plan;
  const offered = imported.map((c): OfferedConnection => {
    const same = byName.get(c.name);
    if (same === undefined || sameConnection(same, c)) {
      taken.add(c.name);
      return { ...c, sameAsSaved: same !== undefined };
    }
    const name = freeName(c.name, taken);
    taken.add(name);
    plan = renameDataSource(plan, c.name, name);
    return { ...c, name, sameAsSaved: false, renamedFrom: c.name };
  });
  return { ws: { ...ws, plan }, offered: [...kept, ...offered] };
}

/** The data sources the plan's tasks are bound to. */
export function boundDataSources(ws: PlanWorkspace): Set<string> {
  return new Set(
    asList(asObject(fileData(ws.plan)).tasks).map((t) => String(asObject(t).dataSourceName ?? "")),
  );
}

/** The offered connections a save of the plan saves first: new ones some task is bound to. */
export const connectionsToSave = (ws: PlanWorkspace, offered: readonly OfferedConnection[]) => {
  const bound = boundDataSources(ws);
  return offered.filter((c) => !c.sameAsSaved && bound.has(c.name));
};
