import type { DataType } from "../../model/data-type.ts";
import type { Column } from "../columns/column.ts";

/**
 * Fills a column for a list of positions. A position identifies a value slot: the row index
 * for top-level fields, a derived number for array elements and map entries. Every value
 * is a pure function of (field key, position), so any split of rows gives the same bytes.
 */
export interface FieldGenerator {
  readonly type: DataType;
  fill(positions: Float64Array, out: Column): void;
}

/** Run-wide inputs a generator may depend on. */
export interface GeneratorEnv {
  /** The run's reference time, microseconds since the epoch (UTC). */
  readonly nowMicros: number;
  /** Pooled realistic values (true) or one evaluation per row (false). */
  readonly fastMode: boolean;
  readonly locale: string | undefined;
  /** Rows the step will produce: uniqueness is checked against it before generating. */
  readonly rowCount: number;
  /** The generation budget's maxStringLength: faker calls that can make longer values are refused. */
  readonly maxStringLength: number;
}

/** Pool size of fast mode: values per Datafaker call part, generated once per plan. */
export const FAST_POOL_SIZE = 4096;
