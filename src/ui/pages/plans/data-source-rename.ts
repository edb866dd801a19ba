import { fileData } from "./plan-workspace.ts";
import { asList, asObject } from "./raw-data.ts";
import { setIn, type YamlPath } from "./yaml-edit.ts";

/** Where the plan's foreign keys name a data source: each source and target, with its step. */
function foreignKeyRefs(planText: string): { path: YamlPath; dataSource: unknown; step: unknown }[] {
  const fks = asList(asObject(asObject(fileData(planText)).sinkOptions).foreignKeys);
  return fks.flatMap((fk, i) => {
    const base = ["sinkOptions", "foreignKeys", i];
    const source = asObject(asObject(fk).source);
    return [
      { path: [...base, "source", "dataSource"], dataSource: source.dataSource, step: source.step },
      ...asList(asObject(fk).generate).map((g, j) => ({
        path: [...base, "generate", j, "dataSource"],
        dataSource: asObject(g).dataSource,
        step: asObject(g).step,
      })),
    ];
  });
}

/**
 * The plan text with the foreign keys that name data source `from` naming `to` instead, only
 * those of `steps` when given (the steps of the one task bound to another connection); the
 * rest of the text as written.
 */
export function retargetForeignKeys(
  planText: string,
  from: string,
  to: string,
  steps?: readonly string[],
): string {
  if (from === to) return planText;
  return foreignKeyRefs(planText)
    .filter((r) => r.dataSource === from && (steps === undefined || steps.includes(String(r.step))))
    .reduce((text, r) => setIn(text, r.path, to), planText);
}

/** The plan text with data source `from` named `to`: the tasks bound to it and every foreign key naming it. */
export function renameDataSource(planText: string, from: string, to: string): string {
  const tasks = asList(asObject(fileData(planText)).tasks);
  const bound = tasks.reduce<string>(
    (text, t, i) =>
      asObject(t).dataSourceName === from ? setIn(text, ["tasks", i, "dataSourceName"], to) : text,
    planText,
  );
  return retargetForeignKeys(bound, from, to);
}
