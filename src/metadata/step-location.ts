import { RowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import type { MetadataSource } from "./metadata-source.ts";

/**
 * Where a step's metadata document is: the first of the source's location options the step
 * sets, and the `step "name"` its messages start with. A step that sets none is told which
 * option to add (`what` says what it names, like "path of the .avsc file").
 */
export function stepLocation(
  r: ResolvedStep,
  source: Pick<MetadataSource, "kind" | "locationOptions">,
  what: string,
): { readonly location: string; readonly where: string } {
  const where = `step "${r.step.name}"`;
  const location = source.locationOptions.map((k) => r.step.options[k]).find((v) => v !== undefined);
  if (location !== undefined) return { location, where };
  const option = source.locationOptions[0];
  throw new RowforgeError(
    "RF_KEY_MISSING",
    `${where} has metadataSourceType ${source.kind} but no ${option}`,
    {
      hint: `add the step option ${option}: <${what}>`,
    },
  );
}
