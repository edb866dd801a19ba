import type { RecordBatch } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { DEFAULT_RECORD_COUNT } from "../../model/count.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import type { Cardinality, GenerationMode, Nullability } from "../../model/foreign-key.ts";
import { durationRows } from "../../model/load-schedule.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step.ts";
import { DEFAULT_BUDGET, type GenerationBudget } from "../budget/generation-budget.ts";
import { castColumn } from "../columns/cast-column.ts";
import { allocateColumn, type Column, markNull } from "../columns/column.ts";
import { type BatchShape, batchShape, toRecordBatch } from "../columns/to-arrow.ts";
import { createFieldGenerator, effectiveType, isDerivedField } from "../generators/create-field-generator.ts";
import type { FieldGenerator } from "../generators/field-generator.ts";
import { applyChoices, fieldChoices } from "../generators/one-of-fields.ts";
import { childPosition, rowPositions } from "../generators/positions.ts";
import { writeScalar } from "../generators/write-scalar.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import { compileDerived, type DerivedField } from "./compile-derived.ts";
import { CompileProblems } from "./compile-problems.ts";
import { nestedOmission } from "./omit-nested.ts";
import { fieldKeyOf } from "./step-keys.ts";
import { type CountRule, stepRows } from "./step-rows.ts";

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

/**
 * The fields that must be unique together and whose values all come from foreign keys: a
 * composite key of the step's table (`uniqueKeys`), a key of several isPrimaryKey fields, or
 * one unique (isUnique, single isPrimaryKey) foreign-key field.
 */
function foreignUniqueKeys(resolved: ResolvedStep, links: readonly StepLink[]): string[][] {
  const fields = resolved.step.fields;
  const linked = new Set(links.flatMap((l) => l.childFields.filter((f) => !f.includes("."))));
  const primary = fields.filter((f) => f.options.isPrimaryKey).map((f) => f.name);
  const keys: string[][] = [
    ...(resolved.uniqueKeys ?? []).map((k) => [...k]),
    ...(primary.length > 1 ? [primary] : []),
    ...fields
      .filter((f) => f.options.isUnique || (f.options.isPrimaryKey && primary.length === 1))
      .map((f) => [f.name]),
  ];
  return keys.filter((k) => k.length > 0 && k.every((f) => linked.has(f)));
}

/**
 * For each key of foreignUniqueKeys, the parent row of each of its foreign keys, drawn
 * together so that no two rows take the same parents: row r takes combination perm(r) of the
 * parents' rows (a keyed permutation of their product, in mixed radix), which depends only on
 * r. More rows than combinations is refused up front. Links grouped by a cardinality keep
 * their groups (their keys are not drawn).
 */
function uniqueParentDraws(
  resolved: ResolvedStep,
  links: readonly StepLink[],
  grouped: ReadonlySet<StepLink>,
  rowCount: number,
  planKey: number,
  stepId: string,
): Map<StepLink, (row: number) => number> {
  const draws = new Map<StepLink, (row: number) => number>();
  for (const key of foreignUniqueKeys(resolved, links)) {
    const keyLinks = links.filter((l) => l.childFields.some((f) => key.includes(f)));
    if (keyLinks.some((l) => grouped.has(l) || draws.has(l) || l.parent.rowCount === 0)) continue;
    const sizes = keyLinks.map((l) => l.parent.rowCount);
    const combinations = sizes.reduce((a, b) => a * b, 1);
    if (combinations < rowCount) {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `step ${stepId}: ${key.join(", ")} must be unique ${key.length > 1 ? "together " : ""}but take${key.length > 1 ? "" : "s"} ${key.length > 1 ? "their" : "its"} values from ${keyLinks.map((l, i) => `${l.parent.id} (${sizes[i]} rows)`).join(" and ")}: ${combinations} combination(s) for ${rowCount} rows`,
        { hint: "write more parent rows or fewer rows of this step" },
      );
    }
    const perm = createPermutation(
      Math.min(combinations, 2 ** 53),
      fieldKeyOf(planKey, stepId, `__unique:${key.join(",")}`),
    );
    let before = 1;
    keyLinks.forEach((l, k) => {
      const stride = before;
      const size = sizes[k]!;
      draws.set(l, (row) => Math.floor(perm(row) / stride) % size);
      before *= size;
    });
  }
  return draws;
}

const hasOwnSeed = (f: Field): boolean => f.options.seed !== undefined || f.fields.some(hasOwnSeed);
const topName = (path: string): string => path.split(".")[0]!;

/** The type of a parent's key field, a nested one (`body.owner.id`) included. */
function parentFieldType(parent: CompiledStep, path: string): DataType | undefined {
  let t = parent.output.find((o) => o.name === topName(path))?.type;
  for (const part of path.split(".").slice(1))
    t = t?.kind === "struct" ? t.fields.find((f) => f.name === part)?.type : undefined;
  return t;
}

/**
 * The column of a parent's key field: a nested one (`body.owner.id`) is read out of its
 * top-level struct column, never the whole struct.
 */
function parentColumn(parent: CompiledStep, top: Column, path: string): Column {
  const route = path.split(".").slice(1);
  if (route.length === 0) return top;
  let t: DataType | undefined = parent.output.find(
    (o) => o.name.toLowerCase() === topName(path).toLowerCase(),
  )?.type;
  let current = top;
  for (const part of route) {
    const i = t?.kind === "struct" ? t.fields.findIndex((f) => f.name === part) : -1;
    if (t?.kind !== "struct" || current.shape !== "struct" || i < 0)
      throw new RowforgeError(
        "RF_FOREIGN_KEY_INVALID",
        `foreign-key field "${path}" of step ${parent.id} is not a field of its structs`,
        { hint: "a nested parent key must be a field of structs (not of arrays)" },
      );
    current = current.children[i]!;
    t = t.fields[i]!.type;
  }
  return current;
}

/** Writes a foreign-key column into a field nested in a struct (`body.account_id`). */
function setNested(
  target: Column,
  type: DataType,
  route: readonly string[],
  col: Column,
  stepId: string,
  path: string,
): void {
  let current = target;
  let t = type;
  for (let k = 0; k < route.length; k++) {
    if (t.kind !== "struct" || current.shape !== "struct") {
      throw new RowforgeError(
        "RF_FOREIGN_KEY_INVALID",
        `foreign-key field "${path}" of step ${stepId} does not lead through structs`,
        {
          hint: "nested foreign-key fields must be fields of structs (not of arrays)",
        },
      );
    }
    const i = t.fields.findIndex((f) => f.name === route[k]);
    if (i < 0) throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${stepId} has no field "${path}"`);
    if (k === route.length - 1) current.children[i] = col;
    else {
      current = current.children[i]!;
      t = t.fields[i]!.type;
    }
  }
}

/**
 * Writes a foreign key into a field of the struct elements of an array (`items.id`): the
 * parent row of element j of row r is drawn from (link, childPosition(r, j)), so it does not
 * depend on batching; the value is cast to the element field's type.
 */
function fillElementKeys(
  target: Column,
  type: DataType,
  path: string,
  parentField: string,
  link: StepLink,
  rows: Float64Array,
  rnd: RowRandom,
  stepId: string,
): void {
  if (target.shape !== "list" || type.kind !== "array" || type.element.kind !== "struct") {
    throw new RowforgeError(
      "RF_FOREIGN_KEY_INVALID",
      `foreign-key field "${path}" of step ${stepId} is inside an array whose elements are not structs`,
      { hint: "a key inside an array must be a field of its struct elements (items.id)" },
    );
  }
  const parentCount = link.parent.rowCount;
  const at = new Float64Array(target.element.length);
  for (let i = 0; i < rows.length; i++) {
    const first = target.offsets[i]!;
    for (let j = first; j < target.offsets[i + 1]!; j++)
      at[j] = parentCount > 0 ? rnd.at(childPosition(rows[i]!, j - first)).int(parentCount) : 0;
  }
  if (at.length === 0) return;
  const name = topName(parentField);
  const route = path.split(".").slice(1);
  let fieldType: DataType = type.element;
  for (const part of route) {
    const f: { readonly type: DataType } | undefined =
      fieldType.kind === "struct" ? fieldType.fields.find((x) => x.name === part) : undefined;
    if (!f) throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${stepId} has no field "${path}"`);
    fieldType = f.type;
  }
  const col = castColumn(
    parentColumn(link.parent, link.parent.columnsAt(at, [name]).get(name)!, parentField),
    fieldType,
  );
  setNested(target.element, type.element, route, col, stepId, path);
}

/** all-combinations: row r makes key field k invalid when bit k of (r mod 2^fields) is set. */
function invalidateByPattern(col: Column, rows: Float64Array, k: number, fields: number): void {
  if (col.shape !== "scalar") return;
  const period = 2 ** fields;
  for (let i = 0; i < rows.length; i++) {
    if (((rows[i]! % period) >> k) & 1) {
      const values = col.values;
      if (Array.isArray(values) && typeof values[i] === "string")
        (values as string[])[i] = `INVALID_${values[i]}`;
      else if (values instanceof Float64Array || values instanceof Int32Array) values[i] = -values[i]! - 1;
    }
  }
}

/** allCombinations: each oneOf field cycles through its values so the rows hold every combination once. */
function combinationGenerators(fields: readonly Field[]): Map<string, (type: DataType) => FieldGenerator> {
  const out = new Map<string, (type: DataType) => FieldGenerator>();
  let stride = 1;
  for (const f of fields) {
    const values = f.options.oneOf;
    if (!values || isDerivedField(f)) continue;
    const s = stride;
    const list = values.map((v) => v.value);
    out.set(f.name, (type) => ({
      type,
      fill(pos, col) {
        for (let i = 0; i < pos.length; i++)
          writeScalar(col, i, list[Math.floor(pos[i]! / s) % list.length]!);
      },
    }));
    stride *= list.length;
  }
  return out;
}

function applyNullability(
  col: Column,
  rows: Float64Array,
  n: Nullability | undefined,
  total: number,
  rnd: RowRandom,
): void {
  if (!n || n.nullPercentage <= 0) return;
  const cut = Math.round(n.nullPercentage * total);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const isNull =
      n.strategy === "head"
        ? r < cut
        : n.strategy === "tail"
          ? r >= total - cut
          : rnd.at(r).float() < n.nullPercentage;
    if (isNull) markNull(col, i);
  }
}

/** For each field, the fields that must be computed for it (itself and what its expressions read). */
function dependencyClosure(
  plans: readonly FieldPlan[],
  derived: readonly DerivedField[],
): (i: number) => Set<number> {
  const deps = new Map<number, number[]>();
  for (const d of derived) deps.set(d.slot, [...(deps.get(d.slot) ?? []), ...d.dependsOn]);
  return (i) => {
    const out = new Set<number>();
    const visit = (k: number) => {
      if (out.has(k) || k >= plans.length) return;
      out.add(k);
      for (const d of deps.get(k) ?? []) visit(d);
    };
    visit(i);
    return out;
  };
}
