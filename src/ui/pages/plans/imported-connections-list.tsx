import { boundDataSources, type OfferedConnection } from "./imported-connections.ts";
import type { PlanWorkspace } from "./plan-workspace.ts";

/** What becomes of each connection an imported unified file wrote inline. */
export function ImportedConnectionsList({
  ws,
  offered,
}: {
  ws: PlanWorkspace;
  offered: readonly OfferedConnection[];
}) {
  if (offered.length === 0) return null;
  const bound = boundDataSources(ws);
  const fate = (c: OfferedConnection) =>
    c.sameAsSaved
      ? "the saved connection of that name"
      : bound.has(c.name)
        ? "new, saved with the plan"
        : "no task uses it, not saved";
  return (
    <section class="card imported-connections" aria-label="Connections of the imported file">
      <h2>Connections of the imported file</h2>
      <ul>
        {offered.map((c) => (
          <li key={c.name}>
            {c.name} ({c.type}): {fate(c)}
            {c.renamedFrom &&
              `; renamed from ${c.renamedFrom}, the name of a different saved connection (its tasks and foreign keys follow)`}
          </li>
        ))}
      </ul>
    </section>
  );
}
