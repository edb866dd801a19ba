import { RowforgeError } from "../../errors/index.ts";

/** A cancellation reason: `cancelled`, or why a limit cancelled the run. */
export const cancellation = (reason = "cancelled"): RowforgeError =>
  new RowforgeError("RF_RUN_CANCELLED", reason);
