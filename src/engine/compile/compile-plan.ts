import { channel } from "node:diagnostics_channel";
import { didYouMean, formatPath, type PathSegment, RowforgeError } from "../../errors/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ForeignKeyRelation } from "../../model/foreign-key.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { checkStepBudget } from "../budget/check-step-budget.ts";
import { checkBudget, DEFAULT_BUDGET, type GenerationBudget } from "../budget/generation-budget.ts";
import { compileStep } from "./compile-step.ts";
import type { CompiledStep, StepLink } from "./compiled-step.ts";
import { compileReferenceStep } from "./reference-step.ts";
import { planKeyOf } from "./step-keys.ts";
import { topologicalOrder } from "./topological-order.ts";

export interface PlanCompileOptions {
  /** The seed: the plan's own, or one chosen (and reported) by the run. */
  readonly seed: string;
  /** The run's reference time ("now"), microseconds since the epoch. */
  readonly nowMicros: number;
  readonly fastMode: boolean;
  /** Overrides every step's record count (configuration generation.numRecordsPerStep). */
  readonly numRecordsPerStep?: number;
  /** The limits checked before anything is generated (DEFAULT_BUDGET when not given). */
  readonly budget?: GenerationBudget;
  /**
   * Existing rows of reference steps (enableReferenceMode) that are foreign-key parents, by
   * step id: Arrow IPC stream bytes of the key fields, read by the step's connector before
   * compiling (plain bytes, so they travel to worker threads). A reference step without an
   * entry has no rows (validate and row estimates do not read).
   */
  readonly references?: Readonly<Record<string, Uint8Array>>;
  /** For samples: the rows generated per step, checked against budget.maxBytesPerSample. */
  readonly sampleRows?: number;
  /**
   * For samples of some steps (ids): only they and the parents their foreign keys recompute
   * keys from are checked and compiled, and only their rows count against maxBytesPerSample,
   * so a sample of one step is judged by that step alone. Every step when not given.
   */
  readonly sampledSteps?: readonly string[];
}

export interface CompiledPlan {
  readonly seed: string;
  readonly nowMicros: number;
  /** Whether every step may be generated under a stream salt (see CompiledStep.reseedable). */
  readonly reseedable: boolean;
  /** Steps in insert order: parents before the children whose foreign keys point at them. */
  readonly steps: readonly CompiledStep[];
  step(id: string): CompiledStep | undefined;
  /** Worst-case bytes of one row of each step (by step id), from the budget check. */
  readonly bytesPerRow: ReadonlyMap<string, number>;
}

/**
 * Told each time a plan is compiled, with the plan's name: for tools and tests that watch how
 * often a run compiles its plan (once per thread). Costs nothing while nobody subscribes.
 */
export const COMPILE_PLAN_CHANNEL = "rowforge:compile-plan";
const compiles = channel(COMPILE_PLAN_CHANNEL);

/**
 * Compiles a resolved plan: steps ordered by their foreign keys (a cycle is refused, named),
 * each child linked to its compiled parents so it can recompute their keys, and foreign-key
 * source fields made unique where their value space allows.
 */
export function compilePlan(plan: ResolvedPlan, options: PlanCompileOptions): CompiledPlan {
  if (compiles.hasSubscribers) compiles.publish({ planName: plan.plan.name, steps: plan.steps.length });
  const byId = new Map<string, ResolvedStep>();
  for (const s of plan.steps) {
    const id = stepIdOf(s);
    if (!byId.has(id)) byId.set(id, s);
  }
  const parentsOf = new Map<string, Set<string>>();
  const implicitUnique = new Map<string, Set<string>>();
  const linksOf = new Map<string, { parent: string; link: Omit<StepLink, "parent"> }[]>();
  for (const [i, fk] of plan.plan.sinkOptions.foreignKeys.entries()) {
    const parent = `${fk.source.dataSource}.${fk.source.step}`;
    if (!byId.has(parent)) continue;
    const at = ["sinkOptions", "foreignKeys", i];
    if (!isReferenceStep(byId.get(parent)!))
      checkRelationFields(fk.source, byId.get(parent)!, [...at, "source"]);
    if (isReferenceStep(byId.get(parent)!)) {
      const nested = fk.source.fields.find((f) => f.includes("."));
      if (nested !== undefined) {
        throw new RowforgeError(
          "RF_FOREIGN_KEY_INVALID",
          `step ${parent} is reference data (enableReferenceMode): its foreign-key field "${nested}" must be a top-level field (column)`,
          { hint: "name columns of the existing data as the foreign key's source fields" },
        );
      }
    }
    const unique = implicitUnique.get(parent) ?? new Set<string>();
    for (const f of fk.source.fields) unique.add(f.split(".")[0]!);
    implicitUnique.set(parent, unique);
    for (const [j, g] of fk.generate.entries()) {
      const child = `${g.dataSource}.${g.step}`;
      if (!byId.has(child)) continue;
      checkRelationFields(g, byId.get(child)!, [...at, "generate", j]);
      if (child === parent) {
        throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${child} has a foreign key to itself`, {
          hint: "a step cannot be its own parent; split the data into two steps",
        });
      }
      parentsOf.set(child, new Set([...(parentsOf.get(child) ?? []), parent]));
      const list = linksOf.get(child) ?? [];
      list.push({
        parent,
        link: {
          childFields: g.fields,
          parentFields: fk.source.fields,
          ...(g.cardinality ? { cardinality: g.cardinality } : {}),
          ...(g.nullability ? { nullability: g.nullability } : {}),
          ...(g.generationMode ? { generationMode: g.generationMode } : {}),
        },
      });
      linksOf.set(child, list);
    }
  }
  const ids = [...byId.keys()];
  const ordered = topologicalOrder(ids, (id) => [...(parentsOf.get(id) ?? [])]);
  if ("cycle" in ordered) {
    throw new RowforgeError(
      "RF_FOREIGN_KEY_INVALID",
      `the foreign keys form a cycle: ${ordered.cycle.join(" -> ")}`,
      {
        hint: "foreign keys must go from parents to children without loops",
      },
    );
  }
  const order = options.sampledSteps
    ? withParents(options.sampledSteps, parentsOf, ordered.order)
    : ordered.order;
  const budget = options.budget ?? DEFAULT_BUDGET;
  // The budget is checked for every step before any is compiled: nothing large is built first.
  let sampleBytes = 0;
  const bytesPerRow = new Map<string, number>();
  for (const id of order) {
    const s = byId.get(id)!;
    const estimate = checkStepBudget(s.step.name, s.step.fields, budget);
    bytesPerRow.set(id, estimate.bytesPerRow);
    if (options.sampleRows !== undefined && (options.sampledSteps?.includes(id) ?? true)) {
      sampleBytes += estimate.bytesPerRow * options.sampleRows;
      checkBudget(
        budget,
        "maxBytesPerSample",
        sampleBytes,
        `step "${s.step.name}"${estimate.largestField ? ` (largest field "${estimate.largestField}", ${Math.round(estimate.largestBytes)} bytes per row at most)` : ""}`,
        `the worst-case size of a sample of ${options.sampleRows} rows per step in bytes`,
      );
    }
  }
  const env = {
    budget,
    planKey: planKeyOf(options.seed),
    nowMicros: options.nowMicros,
    fastMode: options.fastMode,
    locale: plan.plan.sinkOptions.locale,
    ...(options.sampleRows !== undefined ? { maxBatchBytes: budget.maxBytesPerSample } : {}),
  };
  const compiled = new Map<string, CompiledStep>();
  for (const id of order) {
    const links: StepLink[] = (linksOf.get(id) ?? []).map(({ parent, link }) => ({
      ...link,
      parent: compiled.get(parent)!,
    }));
    const resolved = byId.get(id)!;
    compiled.set(
      id,
      isReferenceStep(resolved)
        ? compileReferenceStep(resolved, options.references?.[id])
        : compileStep(resolved, env, links, implicitUnique.get(id) ?? new Set(), options.numRecordsPerStep),
    );
  }
  const steps = order.map((id) => compiled.get(id)!);
  // Batches are sized by the rows' worst case, sql fields at what their expressions can make.
  for (const s of steps) bytesPerRow.set(s.id, (bytesPerRow.get(s.id) ?? 0) + s.derivedBytes);
  return {
    seed: options.seed,
    nowMicros: options.nowMicros,
    reseedable: steps.every((s) => s.reseedable),
    steps,
    step: (id) => compiled.get(id),
    bytesPerRow,
  };
}

/** The steps `wanted` and every parent their foreign keys reach, in insert order. */
function withParents(
  wanted: readonly string[],
  parentsOf: ReadonlyMap<string, ReadonlySet<string>>,
  order: readonly string[],
): string[] {
  const needed = new Set<string>();
  const visit = (id: string) => {
    if (needed.has(id)) return;
    needed.add(id);
    for (const p of parentsOf.get(id) ?? []) visit(p);
  };
  for (const id of wanted) visit(id);
  return order.filter((id) => needed.has(id));
}

/**
 * A foreign key links fields the step has (its own, or columns read from its table): one
 * naming a field the step does not have is refused, naming the nearest, before anything is generated.
 */
function checkRelationFields(
  rel: ForeignKeyRelation,
  step: ResolvedStep,
  /** Where the relation is in the plan (`sinkOptions.foreignKeys[i].generate[j]`): the error's path. */
  at: readonly PathSegment[],
): void {
  const names = step.step.fields.map((f) => f.name);
  for (const field of rel.fields) {
    const top = field.split(".")[0]!;
    if (names.some((n) => n.toLowerCase() === top.toLowerCase())) continue;
    const near = didYouMean(top, names);
    throw new RowforgeError(
      "RF_FOREIGN_KEY_INVALID",
      `field "${field}" does not exist in step "${rel.step}" of data source "${rel.dataSource}"${near ? `; ${near}` : ""}`,
      {
        hint: `fields of step "${rel.step}": ${names.join(", ") || "(none)"}`,
        location: { path: formatPath([...at, "fields", rel.fields.indexOf(field)]) },
      },
    );
  }
}
