// A step's id, apart from the step's schema: the engine and its worker threads name steps by
// it, and need no schema library to do so.

/**
 * The id of a step within a plan: `dataSourceName.stepName`, the one spelling every layer uses
 * (compiled plans, batch tasks, samples, `only` filters).
 */
export function stepIdOf(step: {
  readonly dataSourceName: string;
  readonly step: { readonly name: string };
}): string {
  return `${step.dataSourceName}.${step.step.name}`;
}
