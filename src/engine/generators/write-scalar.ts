import { parseDateString, parseTimestampString } from "../../util/calendar.ts";
import type { Column } from "../columns/column.ts";
import { decimalFitsDouble, markNull } from "../columns/column.ts";

/**
 * Writes a value given as text, number or boolean into a column of any scalar type,
 * converting as a cast would (text of a number into a number column, and so on). A value
 * the type cannot hold becomes null.
 */
export function writeScalar(col: Column, i: number, v: string | number | boolean | null): void {
  if (v === null || col.shape !== "scalar") {
    markNull(col, i);
    return;
  }
  const t = col.type;
  switch (t.kind) {
    case "string":
      (col.values as string[])[i] = typeof v === "string" ? v : String(v);
      return;
    case "boolean":
      (col.values as Uint8Array)[i] = v === true || v === "true" || v === 1 ? 1 : 0;
      return;
    case "binary":
      (col.values as Uint8Array[])[i] = new TextEncoder().encode(String(v));
      return;
    case "date": {
      const d = typeof v === "number" ? v : parseDateString(String(v));
      if (d === null) markNull(col, i);
      else (col.values as Int32Array)[i] = d;
      return;
    }
    case "timestamp": {
      const ts = typeof v === "number" ? v : parseTimestampString(String(v));
      if (ts === null) markNull(col, i);
      else (col.values as Float64Array)[i] = ts;
      return;
    }
    case "decimal": {
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isFinite(n)) {
        markNull(col, i);
        return;
      }
      const unscaled = Math.round(n * 10 ** t.scale);
      if (decimalFitsDouble(t.precision)) (col.values as Float64Array)[i] = unscaled;
      else (col.values as bigint[])[i] = BigInt(unscaled);
      return;
    }
    default: {
      const n = typeof v === "number" ? v : typeof v === "boolean" ? (v ? 1 : 0) : Number(v);
      if (!Number.isFinite(n)) markNull(col, i);
      else
        (col.values as Int32Array | Float64Array)[i] =
          t.kind === "double" || t.kind === "float" ? n : Math.trunc(n);
    }
  }
}
