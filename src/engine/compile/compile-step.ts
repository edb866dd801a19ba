import { RowforgeError } from "../../errors/index.ts";
import { DEFAULT_RECORD_COUNT } from "../../model/count-defaults.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import { durationRows } from "../../model/load-schedule.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { DEFAULT_BUDGET } from "../budget/generation-budget.ts";
import { castColumn } from "../columns/cast-column.ts";
import { allocateColumn, type Column } from "../columns/column.ts";
import { type BatchShape, batchShape, toRecordBatch } from "../columns/to-arrow.ts";
import { createFieldGenerator, effectiveType, isDerivedField } from "../generators/create-field-generator.ts";
import type { FieldGenerator } from "../generators/field-generator.ts";
import { applyChoices, fieldChoices } from "../generators/one-of-fields.ts";
import { rowPositions } from "../generators/positions.ts";
import { RowRandom } from "../rng/index.ts";
import { combinationGenerators } from "./combination-generators.ts";
import { compileDerived, type DerivedField } from "./compile-derived.ts";
import { CompileProblems } from "./compile-problems.ts";
import type { CompiledStep, StepEnv, StepLink } from "./compiled-step.ts";
import { dependencyClosure } from "./dependency-closure.ts";
import { fillElementKeys, setNested } from "./fill-element-keys.ts";
import { applyNullability, invalidateByPattern } from "./foreign-key-options.ts";
import { nestedOmission } from "./omit-nested.ts";
import { parentColumn, parentFieldType, topName } from "./parent-column.ts";
import { fieldKeyOf } from "./step-keys.ts";
import { stepRows } from "./step-rows.ts";
import { uniqueParentDraws } from "./unique-parent-draws.ts";

const hasOwnSeed = (f: Field): boolean => f.options.seed !== undefined || f.fields.some(hasOwnSeed);

interface FieldPlan {
  readonly field: Field;
  readonly type: DataType;
  readonly role: "base" | "group" | "link" | "derived";
  readonly generator: FieldGenerator | undefined;
}

/** Compiles one step into column kernels: done once per plan, then any row range is generated on demand. */
export function compileStep(
  resolved: ResolvedStep,
  env: StepEnv,
  links: readonly StepLink[],
  implicitUnique: ReadonlySet<string>,
  recordsOverride?: number,
): CompiledStep {
  const step = resolved.step;
  const id = stepIdOf(resolved);
  const count = step.count;
  const linkFields = new Map<string, StepLink>();
  for (const l of links) for (const f of l.childFields) if (!f.includes(".")) linkFields.set(f, l);

  // A duration-based count (rate or load pattern) sends the rate integrated over its duration.
  const records =
    recordsOverride ?? durationRows(count, `step "${step.name}"`) ?? count.records ?? DEFAULT_RECORD_COUNT;
  // Rows and their groups: by parent (foreign-key cardinality), by key (perField), or one each.
  const counted = stepRows(
    count,
    records,
    links,
    resolved.allCombinations
      ? step.fields
          .filter((f) => f.options.oneOf && !isDerivedField(f))
          .reduce((n, f) => n * f.options.oneOf!.length, 1)
      : undefined,
    env.planKey,
    id,
  );
  const { grouping, groupFields, groupedLinks } = counted;
  const rowCount = grouping.rowCount;
  const genEnv = {
    nowMicros: env.nowMicros,
    fastMode: env.fastMode,
    locale: env.locale,
    rowCount,
    maxStringLength: (env.budget ?? DEFAULT_BUDGET).maxStringLength,
  };
  const groupEnv = { ...genEnv, rowCount: grouping.groupCount };

  const combinations = resolved.allCombinations ? combinationGenerators(step.fields) : new Map();
  const problems = new CompileProblems();
  // A key of several fields (isPrimaryKey on each) is unique as a whole, not field by field:
  // its fields are made unique where their ranges allow, never refused one by one.
  const compositeKey = step.fields.filter((f) => f.options.isPrimaryKey).length > 1;
  const plans: FieldPlan[] = step.fields.map((field) => {
    const link = linkFields.get(field.name);
    if (link) {
      const parentName =
        link.parentFields[link.childFields.findIndex((f) => topName(f) === field.name)] ?? field.name;
      // A child of reference data keeps its own type: the values read are cast to it.
      const parentType = link.parent.reference ? undefined : parentFieldType(link.parent, parentName);
      return { field, type: parentType ?? effectiveType(field), role: "link", generator: undefined };
    }
    const type = effectiveType(field);
    if (isDerivedField(field)) return { field, type, role: "derived", generator: undefined };
    const grouped = groupFields.has(field.name);
    const unique =
      field.options.isUnique || (field.options.isPrimaryKey && !compositeKey)
        ? "explicit"
        : implicitUnique.has(field.name) || field.options.isPrimaryKey
          ? "implicit"
          : "none";
    const combination = combinations.get(field.name);
    if (combination) return { field, type, role: "base", generator: combination(type) };
    let generator: FieldGenerator | undefined;
    try {
      generator = createFieldGenerator(field, {
        env: grouped ? groupEnv : genEnv,
        key: fieldKeyOf(env.planKey, id, field.name, field.options.seed),
        path: `${id}.${field.name}`,
        unique: grouped && unique === "explicit" ? "implicit" : unique,
      });
    } catch (e) {
      // Say which field: a bad regex or Datafaker method is otherwise hard to find in a big step.
      problems.report(
        e instanceof RowforgeError && !e.message.startsWith("field ")
          ? new RowforgeError(e.code, `field "${field.name}": ${e.message}`, { hint: e.hint, cause: e })
          : e,
      );
    }
    return { field, type, role: grouped ? "group" : "base", generator };
  });
  const index = new Map(plans.map((p, i) => [p.field.name.toLowerCase(), i]));
  const choices = fieldChoices(step.fields, `step ${id}: `);
  const derived: DerivedField[] = compileDerived(plans, index, env, { id, name: step.name }, problems);
  // Every field is compiled before refusing the step: one round shows each field's problem.
  problems.throwIfAny();

  const linkRandom = new Map(
    links.map((l) => [l, new RowRandom(fieldKeyOf(env.planKey, id, `__link:${l.parent.id}`))]),
  );
  const jointParents = uniqueParentDraws(resolved, links, groupedLinks, rowCount, env.planKey, id);
  const nullRandom = new Map(
    links.map((l) => [l, new RowRandom(fieldKeyOf(env.planKey, id, `__null:${l.parent.id}`))]),
  );

  const generate = (rows: Float64Array, wanted: ReadonlySet<number> | undefined): Column[] => {
    const n = rows.length;
    const cols: (Column | undefined)[] = new Array(plans.length);
    let groups: Float64Array | undefined;
    const groupsOf = () => (groups ??= grouping.groupsOf(rows));
    plans.forEach((p, i) => {
      if (wanted && !wanted.has(i)) return;
      if (p.role === "base" || p.role === "group") {
        const col = allocateColumn(p.type, n);
        p.generator!.fill(p.role === "group" ? groupsOf() : rows, col);
        cols[i] = col;
      }
    });
    const generateInto = (i: number): Column => {
      const p = plans[i]!;
      const col = allocateColumn(p.type, n);
      p.generator?.fill(p.role === "group" ? groupsOf() : rows, col);
      cols[i] = col;
      return col;
    };
    for (const link of links) {
      const targets = link.childFields.map((f) => index.get(topName(f).toLowerCase())!);
      if (wanted && !targets.some((t) => wanted.has(t))) continue;
      const parentCount = link.parent.rowCount;
      const parentRows = new Float64Array(n);
      if (groupedLinks.has(link)) {
        const g = groupsOf();
        for (let i = 0; i < n; i++) parentRows[i] = parentCount > 0 ? g[i]! % parentCount : 0;
      } else if (jointParents.has(link)) {
        const parentOf = jointParents.get(link)!;
        for (let i = 0; i < n; i++) parentRows[i] = parentOf(rows[i]!);
      } else {
        const rnd = linkRandom.get(link)!;
        for (let i = 0; i < n; i++) parentRows[i] = rnd.at(rows[i]!).int(parentCount);
      }
      const parentCols = link.parent.columnsAt(parentRows, link.parentFields.map(topName));
      link.childFields.forEach((path, k) => {
        const top = plans[targets[k]!]!.type;
        if (path.includes(".") && top.kind === "array") {
          // A key inside array elements (`items.id`): each element takes a parent row of its own.
          const target = cols[targets[k]!] ?? generateInto(targets[k]!);
          fillElementKeys(target, top, path, link.parentFields[k]!, link, rows, linkRandom.get(link)!, id);
          return;
        }
        const read = parentColumn(
          link.parent,
          parentCols.get(topName(link.parentFields[k]!))!,
          link.parentFields[k]!,
        );
        const col =
          link.parent.reference && !path.includes(".") ? castColumn(read, plans[targets[k]!]!.type) : read;
        if (link.generationMode === "all-combinations")
          invalidateByPattern(col, rows, k, link.childFields.length);
        applyNullability(col, rows, link.nullability, rowCount, nullRandom.get(link)!);
        if (!path.includes(".")) cols[targets[k]!] = col;
        else {
          const target = cols[targets[k]!] ?? generateInto(targets[k]!);
          setNested(target, plans[targets[k]!]!.type, path.split(".").slice(1), col, id, path);
        }
      });
    }
    applyChoices(choices, cols);
    for (const d of derived) {
      if (wanted && !wanted.has(d.slot)) continue;
      d.run(rows, cols);
    }
    return cols.map((c, i) => c ?? allocateColumn(plans[i]!.type, n));
  };

  const output = plans
    .map((p, i) => ({ p, i, omission: nestedOmission(p.field, p.type) }))
    .filter(({ p }) => p.field.options.omit !== true);
  const outputFields = output.map(({ p, omission }) => ({
    name: p.field.name,
    type: omission?.type ?? p.type,
    nullable: p.field.nullable,
  }));
  let shape: BatchShape | undefined;
  const closure = dependencyClosure(plans, derived);
  const columns = (start: number, count: number): Column[] => {
    const cols = generate(rowPositions(start, count), undefined);
    return output.map(({ i, omission }) => (omission ? omission.project(cols[i]!) : cols[i]!));
  };

  return {
    id,
    resolved,
    rowCount,
    reseedable: !counted.drawn && !step.fields.some(hasOwnSeed),
    ...(counted.rule ? { countRule: counted.rule } : {}),
    derivedBytes: derived.reduce((n, d) => n + d.bytes, 0),
    output: outputFields,
    columnsAt(rows, names) {
      const wanted = new Set<number>();
      for (const name of names) {
        const i = index.get(name.toLowerCase());
        if (i === undefined)
          throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${id} has no field "${name}"`);
        for (const d of closure(i)) wanted.add(d);
      }
      const cols = generate(rows, wanted);
      return new Map(names.map((name) => [name, cols[index.get(name.toLowerCase())!]!]));
    },
    columns,
    batch(start, count) {
      shape ??= batchShape(outputFields);
      return toRecordBatch(shape, columns(start, count), count);
    },
  };
}
