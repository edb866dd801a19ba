import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import { arrayLengthBound, fieldValueBytes } from "../budget/check-step-budget.ts";
import { DEFAULT_BUDGET, type GenerationBudget, raiseHint } from "../budget/generation-budget.ts";
import type { Column, StructColumn } from "../columns/column.ts";
import { columnFromValues, valueAt } from "../columns/column-values.ts";
import { effectiveType } from "../generators/create-field-generator.ts";
import { childPosition as childPositionOf } from "../generators/positions.ts";
import { uuidFromText } from "../generators/value-generators.ts";
import { RowRandom } from "../rng/index.ts";
import {
  type CompiledSql,
  castBound,
  checkDeepSize,
  checkValueSize,
  compileCast,
  type SqlAst,
  type SqlCompiler,
  type SqlRowContext,
  type SqlScope,
  type SqlValue,
  sqlCompiler,
  stringBound,
  type ValueLimits,
  valueLimits,
  widthBound,
} from "../sql/index.ts";
import type { CompileProblems } from "./compile-problems.ts";
import { sqlKernel } from "./sql-kernels.ts";
import { fieldKeyOf } from "./step-keys.ts";
import { topologicalOrder } from "./topological-order.ts";

/** A value computed from other fields of the row: a `sql` option, or a `uuid` of another field. */
export interface DerivedField {
  /** The top-level field it writes (for a nested field: the struct that holds it). */
  readonly slot: number;
  readonly dependsOn: readonly number[];
  /**
   * The most bytes its values add to a row (an expression's bound, capped by what the budget
   * lets one value hold); 0 where the step's estimate counts them already (uuids).
   */
  readonly bytes: number;
  run(rows: Float64Array, cols: (Column | undefined)[]): void;
}

interface PlanLike {
  readonly field: Field;
  readonly type: DataType;
  readonly role: "base" | "group" | "link" | "derived";
}

interface EnvLike {
  readonly planKey: number;
  readonly nowMicros: number;
  readonly budget?: GenerationBudget;
  /** For samples: the most bytes the values of one field may take over a batch (maxBytesPerSample). */
  readonly maxBatchBytes?: number;
}

/**
 * Compiles the derived fields of a step, in dependency order. Expressions see every
 * top-level field of the step (omitted ones too) and `__index_inc`; a cycle is an error
 * naming it.
 */
export function compileDerived(
  plans: readonly PlanLike[],
  index: ReadonlyMap<string, number>,
  env: EnvLike,
  step: { readonly id: string; readonly name: string },
  /** Collects each field's problem, so one bad expression does not hide the next. */
  problems: CompileProblems,
): DerivedField[] {
  const stepId = step.id;
  const budget = env.budget ?? DEFAULT_BUDGET;
  const scopeWith = (element?: { name: string; type: DataType; bound: number }): SqlScope => ({
    resolve: (name) => {
      if (element && name.toLowerCase() === element.name.toLowerCase())
        return { slot: plans.length, type: element.type, bound: element.bound };
      const slot = index.get(name.toLowerCase());
      return slot === undefined ? undefined : { slot, type: plans[slot]!.type, bound: boundOf(slot) };
    },
    names: () => plans.map((p) => p.field.name),
  });
  const scope = scopeWith();
  const inputs = {
    nowMicros: env.nowMicros,
    timeZone: "UTC" as const,
    limits: {
      maxStringLength: budget.maxStringLength,
      maxArrayLength: budget.maxArrayLength,
      maxBytesPerRow: budget.maxBytesPerRow,
      maxSqlLength: budget.maxSqlLength,
      maxSqlDepth: budget.maxSqlDepth,
    },
  };
  const limits = valueLimits(inputs);
  const units: DerivedField[] = [];

  // The most bytes each top-level field's values take: a generated field's from its options,
  // a sql field's from its expression (compiled when it is first read, once).
  const topSql = new Map<number, ReturnType<typeof compileFieldSql>>();
  const sqlOf = (slot: number) => {
    let c = topSql.get(slot);
    if (c === undefined) {
      const f = plans[slot]!.field;
      c = compileFieldSql(f.options.sql ?? "", scope, inputs, step.name, f.name);
      topSql.set(slot, c);
    }
    return c;
  };
  const bounds = new Map<number, number>();
  const boundOf = (slot: number): number => {
    const known = bounds.get(slot);
    if (known !== undefined) return known;
    const p = plans[slot]!;
    let bound = fieldValueBytes(p.field, budget);
    if (p.role === "derived" && p.field.options.sql !== undefined) {
      // While it compiles, a field that reads itself (a cycle, refused below) counts the budget's most.
      bounds.set(slot, capOf(p.type, []));
      try {
        const { compiled, refs } = sqlOf(slot);
        bound = valueBound(compiled, p.type, refs);
      } catch {
        bounds.delete(slot); // its error is reported when the field itself is compiled
        return capOf(p.type, []);
      }
    }
    bounds.set(slot, bound);
    return bound;
  };
  /** The most the budget lets a value of `type` take: text within maxStringLength (or as long as what it reads), else maxBytesPerRow. */
  const capOf = (type: DataType, reads: readonly number[]): number => {
    if (widthBound(type) !== Number.POSITIVE_INFINITY) return widthBound(type);
    if (type.kind !== "string" && type.kind !== "binary") return budget.maxBytesPerRow;
    const text = Math.max(stringBound(budget.maxStringLength), stringBound(budget.maxSqlLength));
    return reads.reduce((n, r) => Math.max(n, r < plans.length ? boundOf(r) : 0), text);
  };
  /** A sql field's bound: its expression's, cast to the field's type, within what the budget lets it hold. */
  const valueBound = (compiled: CompiledSql, type: DataType, refs: readonly string[]): number => {
    const cap = capOf(
      type,
      refs.flatMap((r) => scope.resolve(r)?.slot ?? []),
    );
    const cast =
      compiled.type.kind === type.kind ? compiled.bound : castBound(compiled.type, type, compiled.bound);
    return Math.min(cast ?? widthBound(type), cap);
  };

  const sqlUnit = (
    text: string,
    path: string,
    slot: number,
    type: DataType,
    write: (cols: (Column | undefined)[], col: Column) => void,
  ) => {
    const { compiled, refs, ast } =
      path === plans[slot]!.field.name ? sqlOf(slot) : compileFieldSql(text, scope, inputs, step.name, path);
    const reads = [...new Set(refs.flatMap((r) => scope.resolve(r)?.slot ?? []))];
    const finish = fieldValue(compiled.type, type, limits);
    const rnd = new RowRandom(fieldKeyOf(env.planKey, stepId, path));
    const kernel = sqlKernel(ast, scope, type);
    units.push({
      slot,
      dependsOn: reads,
      bytes: valueBound(compiled, type, refs),
      run(rows, cols) {
        const whole = kernel?.(cols);
        if (whole) {
          write(cols, whole);
          return;
        }
        const n = rows.length;
        const values: SqlValue[] = new Array(plans.length).fill(null);
        const ctx: SqlRowContext = { values, row: 0, rnd, built: 0 };
        const out: SqlValue[] = new Array(n);
        const batch = batchMeter(env.maxBatchBytes);
        try {
          for (let i = 0; i < n; i++) {
            for (const r of reads) values[r] = cols[r] ? valueAt(cols[r]!, i) : null;
            ctx.row = rows[i]!;
            ctx.built = 0;
            rnd.at(rows[i]!);
            out[i] = finish(compiled.evaluate(ctx), batch);
          }
        } catch (e) {
          throw atField(e, step.name, path);
        }
        write(cols, columnFromValues(type, out));
      },
    });
  };

  /** sql of a field inside array elements: the array's name means the current element (Spark's transform). */
  const elementUnit = (
    text: string,
    path: string,
    slot: number,
    arrayName: string,
    elementType: DataType,
    type: DataType,
    route: readonly number[],
  ) => {
    const { compiled, refs } = compileFieldSql(
      text,
      scopeWith({ name: arrayName, type: elementType, bound: boundOf(slot) }),
      inputs,
      step.name,
      path,
    );
    const reads = [
      ...new Set(
        refs.flatMap((r) =>
          r.toLowerCase() === arrayName.toLowerCase() ? [] : (scope.resolve(r)?.slot ?? []),
        ),
      ),
    ];
    const finish = fieldValue(compiled.type, type, limits);
    const rnd = new RowRandom(fieldKeyOf(env.planKey, stepId, path));
    units.push({
      slot,
      dependsOn: reads,
      bytes: valueBound(compiled, type, refs) * arrayLengthBound(plans[slot]!.field.options),
      run(rows, cols) {
        const list = cols[slot];
        if (list?.shape !== "list") return;
        const elements = list.element as StructColumn;
        const values: SqlValue[] = new Array(plans.length + 1).fill(null);
        const ctx: SqlRowContext = { values, row: 0, rnd, built: 0 };
        const out: SqlValue[] = new Array(elements.length).fill(null);
        const batch = batchMeter(env.maxBatchBytes);
        try {
          for (let i = 0; i < rows.length; i++) {
            for (const r of reads) values[r] = cols[r] ? valueAt(cols[r]!, i) : null;
            ctx.row = rows[i]!;
            // The elements of a row build their values on the row's budget together.
            ctx.built = 0;
            for (let j = list.offsets[i]!; j < list.offsets[i + 1]!; j++) {
              values[plans.length] = valueAt(elements, j);
              rnd.at(childPositionOf(rows[i]!, j - list.offsets[i]!));
              out[j] = finish(compiled.evaluate(ctx), batch);
            }
          }
        } catch (e) {
          throw atField(e, step.name, path);
        }
        let s = elements;
        for (let k = 0; k < route.length - 1; k++) s = s.children[route[k]!] as StructColumn;
        s.children[route[route.length - 1]!] = columnFromValues(type, out);
      },
    });
  };

  /** Each expression on its own: a bad one is reported and the others are still compiled. */
  const guard = (compile: () => void) => {
    try {
      compile();
    } catch (e) {
      problems.report(e);
    }
  };
  for (const [slot, p] of plans.entries()) guard(() => derive(p, slot));
  function derive(p: PlanLike, slot: number): void {
    const f = p.field;
    if (p.role === "derived") {
      if (f.options.sql !== undefined) {
        sqlUnit(f.options.sql, f.name, slot, p.type, (cols, col) => {
          cols[slot] = col;
        });
      } else if (f.options.uuid !== undefined) {
        const source = index.get(f.options.uuid.toLowerCase());
        if (source === undefined) {
          throw new RowforgeError(
            "RF_VALUE_INVALID",
            `field "${f.name}" takes its uuid from "${f.options.uuid}", which the step does not have`,
          );
        }
        units.push({
          slot,
          dependsOn: [source],
          bytes: 0,
          run(rows, cols) {
            const out: SqlValue[] = new Array(rows.length);
            for (let i = 0; i < rows.length; i++) {
              const v = cols[source] ? valueAt(cols[source]!, i) : null;
              out[i] = v === null ? null : uuidFromText(String(v));
            }
            cols[slot] = columnFromValues(p.type, out);
          },
        });
      }
      return;
    }
    if (p.type.kind === "array" && p.type.element.kind === "struct") {
      const elementType = p.type.element;
      collectNested(f, elementType, [], (text, childPath, childType, route) =>
        guard(() =>
          elementUnit(text, `${f.name}[].${childPath}`, slot, f.name, elementType, childType, route),
        ),
      );
      return;
    }
    collectNested(f, p.type, [], (text, childPath, childType, route) =>
      guard(() =>
        sqlUnit(text, `${f.name}.${childPath}`, slot, childType, (cols, col) => {
          const target = cols[slot];
          if (!target) return;
          let s = target as StructColumn;
          for (let k = 0; k < route.length - 1; k++) s = s.children[route[k]!] as StructColumn;
          s.children[route[route.length - 1]!] = col;
        }),
      ),
    );
  }

  const bySlot = new Map<number, DerivedField[]>();
  for (const u of units) bySlot.set(u.slot, [...(bySlot.get(u.slot) ?? []), u]);
  const result = topologicalOrder(units, (u) =>
    u.dependsOn.flatMap((s) => (s === u.slot ? [] : (bySlot.get(s) ?? []))),
  );
  // A cycle or a field referring to itself is reported with the fields' own problems.
  if ("cycle" in result) {
    const names = result.cycle.map((u) => plans[u.slot]!.field.name);
    problems.report(
      new RowforgeError(
        "RF_SQL_INVALID",
        `the sql fields of step ${stepId} refer to each other in a cycle: ${names.join(" -> ")}`,
        {
          hint: "break the cycle: one of these fields must not depend on the others",
        },
      ),
    );
    return [];
  }
  for (const u of units) {
    if (u.dependsOn.includes(u.slot) && plans[u.slot]!.role === "derived") {
      problems.report(
        new RowforgeError(
          "RF_SQL_INVALID",
          `field "${plans[u.slot]!.field.name}" of step ${stepId} refers to itself`,
        ),
      );
    }
  }
  return result.order;
}

/** Finds sql options inside (non-array) struct fields, with the route of child indexes to each. */
function collectNested(
  field: Field,
  type: DataType,
  route: readonly number[],
  found: (text: string, path: string, type: DataType, route: readonly number[]) => void,
  prefix = "",
): void {
  if (type.kind !== "struct") return;
  field.fields.forEach((child) => {
    const k = type.fields.findIndex((sf) => sf.name === child.name);
    if (k < 0) return;
    const childType = effectiveType(child);
    const path = prefix ? `${prefix}.${child.name}` : child.name;
    if (child.options.sql !== undefined) found(child.options.sql, path, childType, [...route, k]);
    else collectNested(child, childType, [...route, k], found, path);
  });
}

type CompileSqlAst = SqlCompiler["compileSqlAst"];

/**
 * Compiles a field's sql; errors name the step and the field. The SQL compiler was loaded
 * before the plan was compiled (loadPlanCode).
 */
function compileFieldSql(
  text: string,
  scope: Parameters<CompileSqlAst>[2],
  inputs: Parameters<CompileSqlAst>[3],
  stepName: string,
  path: string,
): { compiled: ReturnType<CompileSqlAst>; refs: string[]; ast: SqlAst } {
  try {
    const { astReferences, compileSqlAst, parseSql } = sqlCompiler();
    const ast = parseSql(text, inputs.limits);
    return { compiled: compileSqlAst(ast, text, scope, inputs), refs: astReferences(ast), ast };
  } catch (e) {
    throw atField(e, stepName, path);
  }
}

/** A coded error of a field's expression names the step and the field. */
function atField(e: unknown, stepName: string, path: string): unknown {
  if (e instanceof RowforgeError)
    return new RowforgeError(e.code, `step "${stepName}", field "${path}": ${e.message}`, {
      hint: e.hint,
      cause: e,
    });
  return e;
}

/**
 * A field's value from its expression's result: refused when it holds more than maxBytesPerRow
 * (an array of many references to one long string takes little memory until it is written),
 * then cast to the field's type; a value rendered as text stays within maxStringLength. Its
 * bytes count in `batch`.
 */
function fieldValue(
  from: DataType,
  to: DataType,
  limits: ValueLimits,
): (v: SqlValue, batch?: (bytes: number) => void) => SqlValue {
  const cast = compileCast(from, to);
  return (v, batch) => {
    batch?.(checkDeepSize("its value", v, limits));
    const out = cast(v);
    if (typeof out === "string" && out !== v) checkValueSize("cast", out.length, limits, "string");
    return out;
  };
}

/** Counts the bytes of a sample's values of one field, refused past `limit` (maxBytesPerSample); none without a limit. */
function batchMeter(limit: number | undefined): ((bytes: number) => void) | undefined {
  if (limit === undefined) return undefined;
  let total = 0;
  return (bytes) => {
    total += bytes;
    if (total > limit) {
      throw new RowforgeError(
        "RF_BUDGET_EXCEEDED",
        `its values in the sample take more bytes than the generation budget maxBytesPerSample = ${limit}`,
        { hint: raiseHint("maxBytesPerSample") },
      );
    }
  };
}
