import type { RecordBatch } from "apache-arrow";
import type { DataType } from "../../model/data-type.ts";
import type { Cardinality, GenerationMode, Nullability } from "../../model/foreign-key.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { GenerationBudget } from "../budget/generation-budget.ts";
import type { Column } from "../columns/column.ts";
import type { CountRule } from "./step-rows.ts";

/** A foreign key into this step: its fields take the key values of a parent row. */
export interface StepLink {
  readonly childFields: readonly string[];
  readonly parent: CompiledStep;
  readonly parentFields: readonly string[];
  readonly cardinality?: Cardinality;
  readonly nullability?: Nullability;
  readonly generationMode?: GenerationMode;
}

export interface StepEnv {
  /** The generation budget: compile-time limits, and the SQL functions' run-time caps. */
  readonly budget?: GenerationBudget;
  readonly planKey: number;
  readonly nowMicros: number;
  readonly fastMode: boolean;
  readonly locale: string | undefined;
  /** For samples: the most bytes one field's values may take over a batch (maxBytesPerSample). */
  readonly maxBatchBytes?: number;
}

export interface CompiledStep {
  /** `dataSource.step`: how foreign keys name it. */
  readonly id: string;
  readonly resolved: ResolvedStep;
  readonly rowCount: number;
  /** Why rowCount is not simply count.records (a parent's rows, perField): see step-rows.ts. */
  readonly countRule?: CountRule;
  /** Existing data read by its connector (enableReferenceMode), not generated: see reference-step.ts. */
  readonly reference?: boolean;
  /**
   * Whether batches may take a stream salt (withStreamSalt): no random draw went into the
   * compiled step itself (drawn group sizes do) and no field keeps its own seed.
   */
  readonly reseedable: boolean;
  /**
   * The most bytes the values of its sql fields add to a row, from their expressions (the
   * step's budget check counts them as small): a run's batches are sized with it.
   */
  readonly derivedBytes: number;
  /** Output fields (omitted fields left out), in order, with their types. */
  readonly output: readonly { readonly name: string; readonly type: DataType; readonly nullable: boolean }[];
  /** Columns of top-level fields at arbitrary rows (what a child's foreign key recomputes). */
  columnsAt(rows: Float64Array, names: readonly string[]): Map<string, Column>;
  /** Rows [start, start + count) as an Arrow record batch. */
  batch(start: number, count: number): RecordBatch;
  /**
   * Rows [start, start + count) as the engine's columns of the output fields (in `output`'s
   * order): what batch() turns into Arrow, for encoders that write straight from them.
   */
  columns(start: number, count: number): readonly Column[];
}
