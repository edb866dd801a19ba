import type { ColumnNeed } from "../connectors/connector.ts";
import type { SqlValue } from "../engine/index.ts";
import { didYouMean, RowforgeError } from "../errors/index.ts";
import { type DataType, DataTypes } from "../model/data-type.ts";
import type { FieldCheck, Validation } from "../model/validation.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import type { Check, CheckLimits } from "./check.ts";
import { fieldNeeds, predicateNeeds } from "./column-needs.ts";
import { fieldCheckPlan } from "./field-check-plan.ts";
import { FieldNamesCheck } from "./field-names-check.ts";
import { type AggType, GroupByCheck } from "./group-by-check.ts";
import { JoinedCheck } from "./joined-check.ts";
import { PreFiltered } from "./pre-filtered.ts";
import { failsPredicate, RowCheck, type RowFails, rowFiller } from "./row-check.ts";
import { compilePredicate, compileRowValue } from "./row-predicate.ts";
import { StatCheck } from "./stat-check.ts";
import { UpstreamJoin } from "./upstream-join.ts";
import type { UpstreamTable } from "./upstream-table.ts";
import { type VectorPredicate, vectorPredicate } from "./vector-predicate.ts";

/** A top-level field's slot, or RF_VALIDATION_FIELD_UNKNOWN with "did you mean". */
export function slotResolver(fields: readonly ReadField[], where: string): (name: string) => number {
  const index = new Map(fields.map((f, k) => [f.name.toLowerCase(), k]));
  return (name) => {
    const slot = index.get(name.toLowerCase());
    if (slot !== undefined) return slot;
    const near = didYouMean(
      name,
      fields.map((f) => f.name),
    );
    throw new RowforgeError(
      "RF_VALIDATION_FIELD_UNKNOWN",
      `${where} names field "${name}", which the data does not have${near ? `; ${near}` : ""}`,
      { hint: `the data's fields: ${fields.map((f) => f.name).join(", ") || "(none)"}` },
    );
  };
}

/** `a.b` as a SQL reference with each part quoted. */
const sqlName = (field: string): string =>
  field
    .split(".")
    .map((p) => `\`${p.replaceAll("`", "``")}\``)
    .join(".");

/** A reader of a field (nested `a.b` too) with its type, and the columns it reads (undefined: whole records). */
interface FieldValue {
  readonly type: DataType;
  readonly get: (rows: BatchRows, row: number) => SqlValue;
  readonly reads: readonly ColumnNeed[] | undefined;
}

function fieldValue(
  field: string,
  fields: readonly ReadField[],
  limits: CheckLimits,
  where: string,
): FieldValue {
  const top = field.split(".")[0]!;
  const slot = slotResolver(
    fields,
    where,
  )(fields.some((f) => f.name.toLowerCase() === field.toLowerCase()) ? field : top);
  if (fields[slot]!.name.toLowerCase() === field.toLowerCase())
    return {
      type: fields[slot]!.type,
      get: (rows, i) => rows.value(slot, i),
      reads: fieldNeeds(fields, [slot]),
    };
  // A nested field (`a.b`): the struct is decoded with only the fields the path reads.
  const value = compileRowValue(sqlName(field), fields, limits);
  const { values, fill } = rowFiller(value, fields.length);
  return {
    type: value.type,
    get: (rows, i) => {
      fill(rows, i);
      return value.evaluate(values);
    },
    reads: predicateNeeds(value, fields),
  };
}

/** Each record as one struct value of all its fields. */
function wholeRecord(fields: readonly ReadField[]): FieldValue {
  const type = DataTypes.struct(fields.map((f) => ({ name: f.name, type: f.type, nullable: true })));
  return {
    type,
    reads: undefined,
    get: (rows, i) => {
      const out: Record<string, SqlValue> = Object.create(null);
      for (let k = 0; k < fields.length; k++) out[fields[k]!.name] = rows.value(k, i);
      return out;
    },
  };
}

/**
 * Compiles one validation against the fields of the data it reads into its checks (a field
 * validation gives one check per entry of its `validation` list, as Data Caterer counts them).
 * Throws coded errors: an unknown field (RF_VALIDATION_FIELD_UNKNOWN, "did you mean"), an
 * expression that does not parse or type-check (RF_SQL_INVALID).
 */
export function compileValidation(
  v: Validation,
  fields: readonly ReadField[],
  limits: CheckLimits,
  upstreams: ReadonlyMap<Validation, UpstreamTable> = new Map(),
): Check[] {
  const checks = compileUnfiltered(v, fields, limits, upstreams);
  if (v.preFilterExpr === undefined || v.kind === "fieldNames") return checks;
  const filter = compilePredicate(v.preFilterExpr, fields, limits, "preFilterExpr");
  return checks.map((c) => new PreFiltered(c, filter, fields));
}

function compileUnfiltered(
  v: Validation,
  fields: readonly ReadField[],
  limits: CheckLimits,
  upstreams: ReadonlyMap<Validation, UpstreamTable>,
): Check[] {
  switch (v.kind) {
    case "expression": {
      const expr = v.expr ?? "true";
      const p = compilePredicate(expr, fields, limits, "expr");
      return [
        new RowCheck(
          "expression",
          v.description ?? expr,
          v.errorThreshold,
          failsPredicate(p, fields.length),
          limits.sampleRecords,
          vectorPredicate(expr, fields),
          predicateNeeds(p, fields),
        ),
      ];
    }
    case "field":
      return v.checks.map((c) => compileFieldCheck(v, c, fields, limits));
    case "groupBy": {
      const aggType = (v.aggType ?? "count") as AggType;
      const aggExpr = v.aggExpr ?? "true";
      return [
        new GroupByCheck(
          {
            kind: "groupBy",
            description: v.description ?? groupDescription(v.groupByFields ?? [], aggExpr),
            ...(v.errorThreshold !== undefined ? { errorThreshold: v.errorThreshold } : {}),
            groupBy: v.groupByFields ?? [],
            aggField:
              aggType === "count" && (v.aggField === undefined || v.aggField === "unique")
                ? undefined
                : v.aggField,
            aggType,
            aggExpr,
          },
          fields,
          limits,
          slotResolver(fields, "a group-by validation"),
        ),
      ];
    }
    case "fieldNames":
      return [
        new FieldNamesCheck(
          v.fieldNameType ?? "fieldNameMatchSet",
          v.fieldNameOptions ?? {},
          fields,
          v.description,
          v.errorThreshold,
        ),
      ];
    case "upstream": {
      const table = upstreams.get(v);
      if (!table) {
        throw new RowforgeError(
          "RF_VALIDATION_SOURCE_UNKNOWN",
          `upstream "${v.upstreamDataSource}" was not read, so its validations cannot be checked`,
        );
      }
      const join = new UpstreamJoin(fields, table, v.joinFields ?? [], v.joinType, limits);
      return v.nested.flatMap((n) =>
        compileValidation(n, join.fields, limits, upstreams).map(
          (c) => new JoinedCheck(c, join, v.description),
        ),
      );
    }
    default:
      throw new RowforgeError("RF_VALIDATION_NOT_SUPPORTED", `${v.kind} validations are not run on data`, {
        hint: "metric validations check a run's step reports: they run after a generate run",
      });
  }
}

const groupDescription = (by: readonly string[], expr: string) =>
  `${by.length > 0 ? `group by ${by.join(", ")}: ` : ""}${expr}`;

function compileFieldCheck(
  v: Validation,
  c: FieldCheck,
  fields: readonly ReadField[],
  limits: CheckLimits,
): Check {
  const field = v.field ?? "";
  const where = `field validation "${c.type}"`;
  const threshold =
    typeof c.options.errorThreshold === "number" ? c.options.errorThreshold : v.errorThreshold;
  const described = typeof c.options.description === "string" ? c.options.description : v.description;
  const plan = fieldCheckPlan(field, sqlName(field), c);
  const description = described ?? plan.description;
  const rowCheck = (
    fails: RowFails,
    reads: readonly ColumnNeed[] | undefined,
    vector?: VectorPredicate,
  ): RowCheck => new RowCheck("field", description, threshold, fails, limits.sampleRecords, vector, reads);
  switch (plan.kind) {
    case "sql": {
      const p = compilePredicate(plan.sql, fields, limits, where);
      return rowCheck(
        failsPredicate(p, fields.length),
        predicateNeeds(p, fields),
        vectorPredicate(plan.sql, fields),
      );
    }
    case "value": {
      const { get, reads } = fieldValue(field, fields, limits, where);
      const test = plan.fails;
      return rowCheck((rows, i) => test(get(rows, i)), reads);
    }
    case "explained": {
      // `field: "*"` checks each whole record (its fields as one object), as a JSON Schema of the records.
      const { get, type, reads } =
        field === "*" && !fields.some((f) => f.name === "*")
          ? wholeRecord(fields)
          : fieldValue(field, fields, limits, where);
      const test = plan.fails;
      return rowCheck((rows, i) => test(get(rows, i), type) ?? false, reads);
    }
    case "sequence": {
      const { get, type, reads } = fieldValue(field, fields, limits, where);
      const fails = plan.fails(type);
      return rowCheck((rows, i) => fails(get(rows, i)), reads);
    }
    case "stat": {
      const { get, type, reads } = fieldValue(field, fields, limits, where);
      return new StatCheck(
        { ...plan.spec, description, ...(threshold !== undefined ? { errorThreshold: threshold } : {}) },
        get,
        type,
        limits,
        reads,
      );
    }
    case "unique":
      return new GroupByCheck(
        {
          kind: "field",
          description,
          ...(threshold !== undefined ? { errorThreshold: threshold } : {}),
          groupBy: [field],
          aggField: undefined,
          aggType: "count",
          aggExpr: "count == 1",
        },
        fields,
        limits,
        slotResolver(fields, where),
      );
  }
}
