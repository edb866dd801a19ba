import type { ResourceAccess } from "../../access/index.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { type StepSessions, withSessions } from "../../connectors/table/step-sessions.ts";
import type { ColumnDescription, TableDescription } from "../../connectors/table-description.ts";
import { RowforgeError } from "../../errors/index.ts";
import {
  fillFromMetadata,
  generatesByName,
  type MetadataFillOptions,
  type MetadataStepReport,
} from "../../metadata/index.ts";
import type { Field } from "../../model/field.ts";
import type { ForeignKey } from "../../model/foreign-key.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { type CheckUse, checkWarning, honourChecks } from "./checks/step-checks.ts";
import { readTableChecks } from "./checks/table-checks.ts";
import { fieldForColumn, isRequired } from "./column-field.ts";
import { databaseForeignKeys, type ForeignKeyLink } from "./database-foreign-keys.ts";
import { stepsReadingTables } from "./steps-reading-tables.ts";
import { chooseUniqueColumns } from "./unique-columns.ts";
import { expandWholeConnections } from "./whole-connections.ts";

/** What the schema stage did to one step: for `validate` to print and tests to check. */
export interface StepSchema {
  /** `dataSource.step`. */
  readonly id: string;
  readonly step: string;
  readonly format: string;
  readonly table: TableDescription;
  /** Fields the step declared (they win over the columns of the same name). */
  readonly declared: readonly string[];
  /** Columns generated from the database's description. */
  readonly added: readonly string[];
  /** Columns left to the database, with the reason. */
  readonly omitted: readonly { readonly column: string; readonly reason: string }[];
  /** The database's foreign keys of this table and what became of each. */
  readonly foreignKeys: readonly ForeignKeyLink[];
  /** Each column of the table and how it is generated, for `validate` to print. */
  readonly columns: readonly ColumnUse[];
  /** The table's CHECK constraints and how each is honoured, or why not. */
  readonly checks: readonly CheckUse[];
}

/** A column as `validate` shows it. */
export interface ColumnUse {
  readonly column: string;
  readonly dbType: string;
  /** `not null`, `primary key 1`, `unique`, ... */
  readonly constraints: string;
  /** The field's type and the options read from the column, or why it is not generated. */
  readonly generated: string;
}

export interface SchemaReading {
  /** The plan with the fields and foreign keys read from the databases. */
  readonly plan: ResolvedPlan;
  readonly steps: readonly StepSchema[];
  /** Steps whose fields came from a metadata source (JSON Schema, OpenAPI). */
  readonly metadata?: readonly MetadataStepReport[];
}

export interface ReadSchemaOptions {
  /** What the files and URLs of metadata sources may be. */
  readonly access: ResourceAccess;
  /**
   * Read the tables only when a database step has no fields (or enableGeneratePlanAndTasks is
   * on), not to complete steps with fields: what `validate` does, which checks files rather
   * than the servers they name.
   */
  readonly onlyWhenNeeded?: boolean;
  /** A step whose metadata source cannot be read is passed here and kept as written, instead of failing the stage. */
  readonly onMetadataError?: MetadataFillOptions["onError"];
  /**
   * The run's kept connections: the tables are read through them and they stay open for the
   * run's checks and sinks. Absent: the reading keeps its own and ends them when it is done.
   */
  readonly sessions?: StepSessions;
}

/**
 * The schema stage, before compile: makes a step of each table of a data source that stands
 * for its whole connection (whole-connections.ts), fills the steps of metadata sources
 * (fill-from-metadata.ts), reads each database step's table (Connector.describe),
 * fills steps without fields with the table's columns, completes partial ones, and adds the
 * database's foreign keys between the plan's tables as plan foreign keys (unless the plan
 * declares foreign keys into that step). Does nothing, and connects nowhere, when no step
 * needs it.
 */
export async function readSchemas(given: ResolvedPlan, options: ReadSchemaOptions): Promise<SchemaReading> {
  // Data sources standing for their whole connection become a step per table; then fields
  // from metadata sources: a database step may name one too.
  const expanded = await expandWholeConnections(given);
  const fromMetadata = await fillFromMetadata(expanded, {
    access: options.access,
    ...(options.onMetadataError ? { onError: options.onMetadataError } : {}),
  });
  const read = await readDatabaseSchemas(fromMetadata.plan, options);
  return fromMetadata.steps.length > 0 ? { ...read, metadata: fromMetadata.steps } : read;
}

/**
 * The database part of the schema stage alone, on a plan whose whole connections and metadata
 * sources are already read: what a run adds to a reading made with `onlyWhenNeeded`.
 */
export async function readDatabaseSchemas(
  plan: ResolvedPlan,
  options: ReadSchemaOptions,
): Promise<SchemaReading> {
  const complete = plan.config.flags.enableGeneratePlanAndTasks;
  // A database step with no fields takes them from its table; one with some fields is completed
  // (all its missing columns with the flag enableGeneratePlanAndTasks, else only the columns the
  // database refuses rows without).
  const wanted = await stepsReadingTables(plan.steps);
  if (wanted.length === 0) return { plan, steps: [] };
  // `validate` checks files: it connects only when a step's fields must come from its table.
  if (options.onlyWhenNeeded && !complete && wanted.every((r) => r.step.fields.length > 0))
    return { plan, steps: [] };
  // Every database step is described (one connection a server, kept for the run's checks and
  // sinks when it gives its sessions): a foreign key names its parent table, and the parent is
  // found among the plan's steps by the table's id.
  const described = await withSessions(options.sessions, async (sessions) => {
    const tables = await Promise.all(wanted.map(async (r) => (await connectorFor(r)).describe!(r, sessions)));
    const found = new Map<ResolvedStep, TableDescription>();
    for (const [i, r] of wanted.entries()) {
      const table = tables[i];
      if (table) found.set(r, table);
      else if (r.step.fields.length === 0) await refuseMissingTable(r, options.access, sessions);
    }
    return found;
  });
  const filled = [...described.keys()].filter(
    (r) => r.step.fields.length === 0 || complete || hasMissingRequired(r, described.get(r)!),
  );
  const links = databaseForeignKeys(plan, described, new Set(filled));
  const referenced = (r: ResolvedStep, column: string) =>
    links.some((l) => l.parent === r && l.applied && l.fk.referencedColumns.includes(column));
  const reports: StepSchema[] = [];
  const steps = plan.steps.map((r) => {
    const table = described.get(r);
    if (!table || !filled.includes(r)) return r;
    const declared = r.step.fields.map((f) => f.name);
    const nullFks = new Set(links.filter((l) => l.child === r && l.leaveNull).flatMap((l) => l.fk.columns));
    // Columns whose values come from a parent: the database's foreign keys and the plan's.
    const planKeys = plan.plan.sinkOptions.foreignKeys.flatMap((fk) =>
      fk.generate
        .filter((g) => g.dataSource === r.dataSourceName && g.step === r.step.name)
        .flatMap((g) => g.fields),
    );
    const uniqueColumns = chooseUniqueColumns(table, planKeys);
    const byName = generatesByName(plan, r);
    const checks = readTableChecks(table);
    let added: Field[] = [];
    const labels = new Map<string, string>();
    const columnNotes = new Map<string, { honoured: boolean; note: string }>();
    const fixed = new Set<string>([...table.foreignKeys.flatMap((f) => f.columns), ...planKeys]);
    const omitted: { column: string; reason: string }[] = [];
    for (const c of table.columns) {
      if (declaredField(declared, c.name) !== undefined) continue;
      const isReferenced = referenced(r, c.name);
      if (r.step.fields.length > 0 && !complete && !isRequired(c) && !isReferenced) continue;
      if (nullFks.has(c.name)) {
        omitted.push({
          column: c.name,
          reason: "its foreign key's table is not written by this plan: left NULL",
        });
        continue;
      }
      if (c.type === undefined && isRequired(c)) throw unsupportedColumn(r, table, c);
      const rules = checks.rules.get(c.name);
      const made = fieldForColumn(c, {
        unique: uniqueColumns.has(c.name),
        referenced: isReferenced,
        byName,
        table: table.name.split(".").at(-1)!,
        ...(rules ? { rules } : {}),
      });
      if ("omitted" in made) omitted.push({ column: c.name, reason: made.omitted });
      else {
        added.push(made.field);
        if (made.label !== undefined) labels.set(c.name, made.label);
        if (made.check) columnNotes.set(c.name, made.check);
        if (uniqueColumns.has(c.name) || c.primaryKeyPosition !== undefined || isReferenced)
          fixed.add(c.name);
      }
    }
    const honoured = honourChecks({ checks, declared: r.step.fields, added, columnNotes, fixed });
    added = honoured.added;
    const columns = table.columns.map((c): ColumnUse => {
      const constraints = [
        c.nullable ? "" : "not null",
        c.primaryKeyPosition !== undefined
          ? `primary key ${c.primaryKeyPosition}${c.keyPart ? ` (${c.keyPart})` : ""}`
          : "",
        c.unique ? "unique" : "",
        c.fill ?? (c.hasDefault ? "default" : ""),
      ].filter((x) => x !== "");
      const field = added.find((f) => f.name === c.name);
      const left = omitted.find((o) => o.column === c.name);
      const generated = declaredField(declared, c.name)
        ? `declared field ${declaredField(declared, c.name)}`
        : field
          ? `${labels.has(c.name) ? `by name (${labels.get(c.name)}): ` : ""}${field.type}${optionsText(field)}`
          : left
            ? `not generated: ${left.reason}`
            : "not generated: a step with fields gets only the columns the database needs (enableGeneratePlanAndTasks reads all)";
      return { column: c.name, dbType: c.dbType, constraints: constraints.join(", "), generated };
    });
    reports.push({
      id: stepIdOf(r),
      columns,
      step: r.step.name,
      format: r.format,
      table,
      declared,
      added: added.map((f) => f.name),
      omitted,
      foreignKeys: links.filter((l) => l.child === r),
      checks: honoured.uses,
    });
    const step = { ...r.step, fields: [...r.step.fields, ...added] };
    // Composite keys: the engine draws the parents of those made of foreign keys together.
    const composite = [table.primaryKey, ...table.uniqueKeys].filter((k) => k.length > 1);
    return composite.length > 0
      ? { ...r, step, uniqueKeys: composite.map((k) => k.map((c) => fieldNameFor({ ...r, step }, c))) }
      : { ...r, step };
  });
  const byOld = new Map(plan.steps.map((r, i) => [r, steps[i]!]));
  const added: ForeignKey[] = links
    .filter((l) => l.applied)
    .map((l) => {
      const child = byOld.get(l.child)!;
      const parent = byOld.get(l.parent!)!;
      return {
        source: {
          dataSource: parent.dataSourceName,
          step: parent.step.name,
          fields: l.fk.referencedColumns.map((c) => fieldNameFor(parent, c)),
        },
        generate: [
          {
            dataSource: child.dataSourceName,
            step: child.step.name,
            fields: l.fk.columns.map((c) => fieldNameFor(child, c)),
          },
        ],
        delete: [],
      };
    });
  return {
    plan: {
      ...plan,
      steps,
      plan: {
        ...plan.plan,
        sinkOptions: {
          ...plan.plan.sinkOptions,
          foreignKeys: [...plan.plan.sinkOptions.foreignKeys, ...added],
        },
      },
    },
    steps: reports,
  };
}

/** The warnings of what was read: CHECK constraints the generated rows may break. */
export const schemaWarnings = (steps: readonly StepSchema[]): string[] =>
  steps.flatMap((s) => s.checks.filter((c) => !c.honoured).map((c) => checkWarning(s.step, s.table.name, c)));

/** The options read from a column, as `validate` shows them. */
function optionsText(f: Field): string {
  const o = Object.entries(f.options)
    .filter(([k]) => k !== "isPrimaryKey" && k !== "primaryKeyPos")
    .map(
      ([k, v]) =>
        `${k}: ${k === "oneOf" ? (v as { value: unknown }[]).map((x) => x.value).join("|") : String(v)}`,
    );
  return o.length > 0 ? ` (${o.join(", ")})` : "";
}

/** The declared field a column goes to: the same name, else the one name equal ignoring case (as the sinks match). */
export function declaredField(declared: readonly string[], column: string): string | undefined {
  if (declared.includes(column)) return column;
  const folded = declared.filter((d) => d.toLowerCase() === column.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

const fieldNameFor = (r: ResolvedStep, column: string): string =>
  declaredField(
    r.step.fields.map((f) => f.name),
    column,
  ) ?? column;

function hasMissingRequired(r: ResolvedStep, table: TableDescription): boolean {
  const declared = r.step.fields.map((f) => f.name);
  return table.columns.some((c) => isRequired(c) && declaredField(declared, c.name) === undefined);
}

async function refuseMissingTable(
  r: ResolvedStep,
  access: ResourceAccess,
  sessions: StepSessions,
): Promise<never> {
  // The connector's own refusal names the nearest tables (unless createTable lets it pass).
  await (await connectorFor(r)).checkTarget(r, access, sessions);
  throw new RowforgeError(
    "RF_DB_TABLE_NOT_FOUND",
    `step "${r.step.name}" (${r.format}, data source "${r.dataSourceName}") has no fields and its table does not exist, so there are no columns to read`,
    {
      hint: "create the table first, fix the step's dbtable, or list the step's fields (with createTable: true to create the table from them)",
    },
  );
}

function unsupportedColumn(r: ResolvedStep, t: TableDescription, c: ColumnDescription): RowforgeError {
  return new RowforgeError(
    "RF_DB_COLUMN_TYPE_UNSUPPORTED",
    `step "${r.step.name}": column ${c.name} of table ${t.name} on ${t.server} is ${c.dbType}, NOT NULL without a default, and rowforge does not generate that type`,
  );
}
