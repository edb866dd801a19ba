import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import { DEFAULT_BUDGET, type GenerationBudget } from "../budget/generation-budget.ts";
import type { Column, StructColumn } from "../columns/column.ts";
import { columnFromValues, valueAt } from "../columns/column-values.ts";
import { effectiveType } from "../generators/create-field-generator.ts";
import { childPosition as childPositionOf } from "../generators/positions.ts";
import { uuidFromText } from "../generators/value-generators.ts";
import { RowRandom } from "../rng/index.ts";
import {
  astReferences,
  compileCast,
  compileSqlAst,
  parseSql,
  type SqlAst,
  type SqlRowContext,
  type SqlScope,
  type SqlValue,
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
  stepId: string,
  /** Collects each field's problem, so one bad expression does not hide the next. */
  problems: CompileProblems,
): DerivedField[] {
  const scopeWith = (element?: { name: string; type: DataType }): SqlScope => ({
    resolve: (name) => {
      if (element && name.toLowerCase() === element.name.toLowerCase())
        return { slot: plans.length, type: element.type };
      const slot = index.get(name.toLowerCase());
      return slot === undefined ? undefined : { slot, type: plans[slot]!.type };
    },
    names: () => plans.map((p) => p.field.name),
  });
  const scope = scopeWith();
  const budget = env.budget ?? DEFAULT_BUDGET;
  const inputs = {
    nowMicros: env.nowMicros,
    timeZone: "UTC" as const,
    limits: {
      maxStringLength: budget.maxStringLength,
      maxArrayLength: budget.maxArrayLength,
      maxSqlLength: budget.maxSqlLength,
      maxSqlDepth: budget.maxSqlDepth,
    },
  };
  const units: DerivedField[] = [];

  const sqlUnit = (
    text: string,
    path: string,
    slot: number,
    type: DataType,
    write: (cols: (Column | undefined)[], col: Column) => void,
  ) => {
    const { compiled, refs, ast } = compileFieldSql(text, scope, inputs, path);
    const reads = [...new Set(refs.flatMap((r) => scope.resolve(r)?.slot ?? []))];
    const cast = compileCast(compiled.type, type);
    const rnd = new RowRandom(fieldKeyOf(env.planKey, stepId, path));
    const kernel = sqlKernel(ast, scope, type);
    units.push({
      slot,
      dependsOn: reads,
      run(rows, cols) {
        const whole = kernel?.(cols);
        if (whole) {
          write(cols, whole);
          return;
        }
        const n = rows.length;
        const values: SqlValue[] = new Array(plans.length).fill(null);
        const ctx: SqlRowContext = { values, row: 0, rnd };
        const out: SqlValue[] = new Array(n);
        try {
          for (let i = 0; i < n; i++) {
            for (const r of reads) values[r] = cols[r] ? valueAt(cols[r]!, i) : null;
            ctx.row = rows[i]!;
            rnd.at(rows[i]!);
            out[i] = cast(compiled.evaluate(ctx));
          }
        } catch (e) {
          throw atField(e, path);
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
      scopeWith({ name: arrayName, type: elementType }),
      inputs,
      path,
    );
    const reads = [
      ...new Set(
        refs.flatMap((r) =>
          r.toLowerCase() === arrayName.toLowerCase() ? [] : (scope.resolve(r)?.slot ?? []),
        ),
      ),
    ];
    const cast = compileCast(compiled.type, type);
    const rnd = new RowRandom(fieldKeyOf(env.planKey, stepId, path));
    units.push({
      slot,
      dependsOn: reads,
      run(rows, cols) {
        const list = cols[slot];
        if (list?.shape !== "list") return;
        const elements = list.element as StructColumn;
        const values: SqlValue[] = new Array(plans.length + 1).fill(null);
        const ctx: SqlRowContext = { values, row: 0, rnd };
        const out: SqlValue[] = new Array(elements.length).fill(null);
        try {
          for (let i = 0; i < rows.length; i++) {
            for (const r of reads) values[r] = cols[r] ? valueAt(cols[r]!, i) : null;
            ctx.row = rows[i]!;
            for (let j = list.offsets[i]!; j < list.offsets[i + 1]!; j++) {
              values[plans.length] = valueAt(elements, j);
              rnd.at(childPositionOf(rows[i]!, j - list.offsets[i]!));
              out[j] = cast(compiled.evaluate(ctx));
            }
          }
        } catch (e) {
          throw atField(e, path);
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

/** Compiles a field's sql; errors name the field. */
function compileFieldSql(
  text: string,
  scope: Parameters<typeof compileSqlAst>[2],
  inputs: Parameters<typeof compileSqlAst>[3],
  path: string,
): { compiled: ReturnType<typeof compileSqlAst>; refs: string[]; ast: SqlAst } {
  try {
    const ast = parseSql(text, inputs.limits);
    return { compiled: compileSqlAst(ast, text, scope, inputs), refs: astReferences(ast), ast };
  } catch (e) {
    throw atField(e, path);
  }
}

/** A coded error of a field's expression names the field. */
function atField(e: unknown, path: string): unknown {
  if (e instanceof RowforgeError)
    return new RowforgeError(e.code, `field "${path}": ${e.message}`, { hint: e.hint, cause: e });
  return e;
}
