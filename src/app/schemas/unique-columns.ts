import type { TableDescription } from "../../connectors/table-description.ts";

/** How many distinct values a type's generator makes, roughly ranked: the column a composite key makes unique. */
const UNIQUE_ROOM: Readonly<Record<string, number>> = {
  timestamp: 6,
  string: 5,
  long: 4,
  int: 3,
  double: 3,
  float: 3,
  date: 2,
  short: 1,
  byte: 0,
};
const uniqueRoom = (type: string | undefined): number =>
  type === undefined ? -1 : (UNIQUE_ROOM[type] ?? (type.startsWith("decimal") ? 4 : -1));

/**
 * The columns generated unique: a one-column primary key or unique constraint; of a composite
 * one, a single column outside its foreign keys (the database's or the plan's), of the type
 * with the most room for distinct values, makes every combination unique. A composite key
 * made only of foreign keys is the engine's (ResolvedStep.uniqueKeys): their parents are
 * drawn together.
 */
export function chooseUniqueColumns(t: TableDescription, planKeys: readonly string[]): Set<string> {
  const out = new Set(t.columns.filter((c) => c.unique).map((c) => c.name));
  const inFk = new Set([...t.foreignKeys.flatMap((f) => f.columns), ...planKeys.map((k) => k.toLowerCase())]);
  const linked = (c: string) => inFk.has(c) || inFk.has(c.toLowerCase());
  for (const key of [t.primaryKey, ...t.uniqueKeys]) {
    if (key.length === 1) out.add(key[0]!);
    else if (key.length > 1) {
      const type = (c: string) => t.columns.find((x) => x.name === c)?.type;
      const free = key.filter((c) => !linked(c) && uniqueRoom(type(c)) >= 0);
      const pick = free.reduce<string | undefined>(
        (best, c) => (best === undefined || uniqueRoom(type(c)) > uniqueRoom(type(best)) ? c : best),
        undefined,
      );
      if (pick !== undefined) out.add(pick);
    }
  }
  return out;
}
