import type { PathSegment } from "../../errors/index.ts";
import type { DataType } from "../../model/index.ts";
import type { LoadContext } from "./load-context.ts";

type Scalar = string | number | boolean | null;
export interface Weighted {
  value: Scalar;
  weight?: number;
}

/** Splits `"a,b,c"` into values; lists stay lists. */
export function splitValues(raw: unknown): unknown[] | undefined {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string") return raw.split(",").map((s) => s.trim());
  if (typeof raw === "number" || typeof raw === "boolean") return [raw];
  return undefined;
}

/** Casts a value written by the user to the field's type (numbers for numeric fields, ...). */
export function castScalar(
  v: unknown,
  type: DataType | undefined,
): { ok: true; value: Scalar } | { ok: false } {
  if (v === null) return { ok: true, value: null };
  if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return { ok: false };
  const kind = type?.kind;
  switch (kind) {
    case "int":
    case "long":
    case "short":
    case "byte": {
      const n = typeof v === "number" ? v : Number(String(v).trim());
      return Number.isInteger(n) ? { ok: true, value: n } : { ok: false };
    }
    case "double":
    case "float": {
      const n = typeof v === "number" ? v : Number(String(v).trim());
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case "decimal": {
      const s = String(v).trim();
      return Number.isFinite(Number(s)) ? { ok: true, value: s } : { ok: false };
    }
    case "boolean": {
      const s = String(v).trim().toLowerCase();
      return s === "true" || s === "false" ? { ok: true, value: s === "true" } : { ok: false };
    }
    default:
      return { ok: true, value: typeof v === "string" ? v : String(v) };
  }
}

/**
 * Reads a `oneOf`-style list: plain values, or `value->weight` pairs. When every value has
 * a weight they are weighted; a mix is reported, as is a weight that is not a number.
 */
export function readWeightedList(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  type: DataType | undefined,
): Weighted[] | undefined {
  const values = splitValues(raw);
  if (!values) {
    ctx.error("RF_OPTION_INVALID", "expected a list of values or comma-separated text", path);
    return undefined;
  }
  if (values.length === 0) {
    ctx.error("RF_OPTION_INVALID", "the list of values is empty", path, "give at least one value");
    return undefined;
  }
  const out: Weighted[] = [];
  let weighted = 0;
  values.forEach((item, i) => {
    const itemPath = Array.isArray(raw) ? [...path, i] : path;
    if (typeof item === "string" && item.includes("->")) {
      const at = item.lastIndexOf("->");
      const valueText = item.slice(0, at).trim();
      const weightText = item.slice(at + 2).trim();
      const weight = Number(weightText);
      if (weightText === "" || !Number.isFinite(weight) || weight < 0) {
        ctx.error(
          "RF_WEIGHT_INVALID",
          `the weight "${weightText}" of "${item}" is not a non-negative number`,
          itemPath,
        );
        return;
      }
      const cast = castScalar(valueText, type);
      if (!cast.ok) {
        ctx.error("RF_OPTION_INVALID", `"${valueText}" is not a valid ${type?.kind ?? "value"}`, itemPath);
        return;
      }
      weighted++;
      out.push({ value: cast.value, weight });
      return;
    }
    const cast = castScalar(item, type);
    if (!cast.ok) {
      ctx.error(
        "RF_OPTION_INVALID",
        `${JSON.stringify(item)} is not a valid ${type?.kind ?? "value"}`,
        itemPath,
      );
      return;
    }
    out.push({ value: cast.value });
  });
  if (weighted > 0 && weighted < out.length) {
    ctx.error(
      "RF_WEIGHT_INVALID",
      `${weighted} of ${out.length} values have a weight; give every value a weight or none`,
      path,
    );
    return undefined;
  }
  if (weighted > 0 && out.every((w) => w.weight === 0)) {
    ctx.error("RF_WEIGHT_INVALID", "all weights are zero", path, "give at least one value a positive weight");
    return undefined;
  }
  return out;
}
