import type { Schema } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { DeleteOutcome, PreparingConnector } from "../connector.ts";
import {
  deletedOutput,
  deleteKey,
  deleteMatchingRows,
  nothingLeft,
  type RunsToDelete,
  runsToDelete,
  tableGone,
} from "../database-delete.ts";
import { matchColumns, writtenFields } from "../database-options.ts";
import { preparedOnce } from "../prepared-once.ts";
import type { StepSessions } from "./step-sessions.ts";
import {
  columnNamesOf,
  type DialectDelete,
  type RowDelete,
  type TableColumns,
  type TableDialect,
  type TableOptions,
} from "./table-dialect.ts";

/** A table connector: the dialect's facts, plus `prepare`, its step's options parsed once. */
export type TableConnector<O> = PreparingConnector<O>;

/**
 * The connector of a database whose steps write tables: the skeleton every database shares
 * (check, checkTarget, describe, listTables, open with the save modes, one connection a
 * server through the run's sessions) around what its dialect does differently. A step's
 * options are parsed once (`prepare`) and every call on that step uses them.
 */
export function createTableConnector<O extends TableOptions & S, S, C, K extends TableColumns>(
  d: TableDialect<O, S, C, K> & DialectDelete<O, C>,
  /** Checks that need the step's fields as well as its options (no I/O): run by check, checkTarget and open. */
  checkFields?: (step: ResolvedStep, o: O) => void,
): TableConnector<O> {
  const prepare = preparedOnce((step) => d.readOptions(step));
  const checked = (step: ResolvedStep): O => {
    const o = prepare(step);
    checkFields?.(step, o);
    return o;
  };
  /** The columns of the table just created from `schema`: the dialect's, else the fields' names. */
  const createdColumns = (schema: Schema): K =>
    d.createdColumns?.(schema) ?? (schema.fields.map((f) => f.name) as readonly string[] as K);

  /** Runs `work` on the server's kept connection, or on one of its own it then ends. */
  async function onConnection<T>(
    o: S,
    sessions: StepSessions | undefined,
    work: (client: C) => Promise<T>,
  ): Promise<T> {
    if (sessions) return work(await sessions.use(d.sessionKey(o), () => d.connect(o), d.end));
    const client = await d.connect(o);
    try {
      return await work(client);
    } finally {
      await d.end(client).catch(() => {});
    }
  }

  /** Empties (overwrite), refuses (errorIfExists) or skips (ignore): the skip's reason, else undefined. */
  async function applySaveMode(client: C, o: O, stepName: string): Promise<string | undefined> {
    if (o.saveMode === "overwrite") {
      await d.empty(client, o);
      return undefined;
    }
    if (o.saveMode === "append") return undefined;
    if (!(await d.hasRows(client, o))) return undefined;
    const table = d.tableName(o);
    if (o.saveMode === "ignore") return `table ${table} holds rows and saveMode is ignore`;
    throw new RowforgeError(
      "RF_OUTPUT_EXISTS",
      `step "${stepName}": table ${table} already holds rows and saveMode is errorIfExists`,
    );
  }

  /** Delete mode the SQL way: the runs' rows matched by a key the table enforces, else by every column. */
  const deleteMatching =
    (rows: RowDelete<O, C>) =>
    async (
      client: C,
      o: O,
      step: ResolvedStep,
      todo: RunsToDelete,
      output: string,
    ): Promise<DeleteOutcome> => {
      const table = d.tableName(o);
      try {
        const found = await d.tableColumns(client, o);
        if (found === undefined) return tableGone(todo, table);
        const key = deleteKey(step, columnNamesOf(found), await rows.tableKeys(client, o), table);
        const r = await deleteMatchingRows(
          rows.deleter(client, o, key, todo.runs),
          step.step.name,
          table,
          key,
        );
        return {
          records: r.deleted,
          outputs: [deletedOutput(output, key, r.written, r.deleted)],
          runs: todo.done,
        };
      } catch (e) {
        throw d.writeError(o, step.step.name, e);
      }
    };
  const deleteRuns = d.deleteRuns ? d.deleteRuns.bind(d) : deleteMatching(d.rowDelete);

  const connector: TableConnector<O> = {
    name: d.name,
    formats: d.formats,
    ...(d.aliases ? { aliases: d.aliases } : {}),
    ...(d.jdbcWords ? { jdbcWords: d.jdbcWords } : {}),
    group: d.group,
    types: d.types,
    capabilities: d.capabilities,
    optionSchema: d.optionSchema,
    prepare,
    check(step) {
      checked(step);
    },
    async checkTarget(step, _access, sessions) {
      const o = checked(step);
      const stepName = step.step.name;
      await onConnection(o, sessions, async (client) => {
        try {
          const columns = await d.tableColumns(client, o);
          if (columns === undefined) {
            if (!o.createTable) throw await d.tableNotFound(client, o, stepName);
            return;
          }
          matchColumns(writtenFields(step), columnNamesOf(columns), d.tableName(o), stepName);
        } catch (e) {
          throw d.writeError(o, stepName, e);
        }
      });
    },
    async describe(step, sessions) {
      const o = prepare(step);
      return onConnection(o, sessions, async (client) => {
        try {
          return await d.describe(client, o);
        } catch (e) {
          throw d.writeError(o, step.step.name, e);
        }
      });
    },
    async listTables(connection) {
      const o = d.readServer(connection);
      return onConnection(o, undefined, async (client) => {
        try {
          return await d.listTables(client, o, connection);
        } catch (e) {
          throw d.connectError(o, e);
        }
      });
    },
    async open(target) {
      const step = target.step;
      const stepName = step.step.name;
      const o = checked(step);
      const tx = d.transaction;
      const key = d.sessionKey(o);
      const { sessions, transaction: shared } = target;
      const connect = () => (sessions ? sessions.take(key, () => d.connect(o)) : d.connect(o));
      const begun = async (): Promise<C> => {
        const client = await connect();
        try {
          await tx!.begin(client);
        } catch (e) {
          await d.end(client).catch(() => {});
          throw e;
        }
        return client;
      };
      // In the run's one transaction, the connection is the run's to end (it rolls back a failure).
      const inRun = shared !== undefined && tx?.endRun !== undefined;
      const client = await (inRun
        ? shared.connection(key, begun, tx.endRun!)
        : tx?.beforeCreate
          ? begun()
          : connect()
      ).catch((e: unknown) => {
        throw d.writeError(o, stepName, e);
      });
      const release = () => (inRun ? Promise.resolve() : d.end(client).catch(() => {}));
      try {
        const fields = target.schema.fields.map((f) => f.name);
        let columns = await d.tableColumns(client, o);
        if (columns === undefined) {
          if (!o.createTable) throw await d.tableNotFound(client, o, stepName);
          await d.createTable(client, o, target.schema, step);
          columns = createdColumns(target.schema);
        }
        const matched = matchColumns(fields, columnNamesOf(columns), d.tableName(o), stepName);
        if (tx && !tx.beforeCreate && !inRun) await tx.begin(client);
        const skipped = await applySaveMode(client, o, stepName);
        if (skipped !== undefined) {
          await release();
          return { skipped };
        }
        return await d.sink(client, o, target, matched, columns);
      } catch (e) {
        await release();
        throw d.writeError(o, stepName, e);
      }
    },
    testConnection: (connection) => d.testConnection(connection),
    async deleteGenerated(step, planName, history) {
      const o = prepare(step);
      const output = d.outputName(o);
      const where = `step "${step.step.name}" (table ${d.tableName(o)})`;
      const todo = runsToDelete(history, output, o.saveMode, where, planName);
      if (todo.runs.length === 0) return nothingLeft(todo);
      const client = await d.connect(o);
      try {
        return await deleteRuns(client, o, step, todo, output);
      } finally {
        // Ending the connection rolls back a transaction left open by a failure or a refusal and drops temporary tables.
        await d.end(client).catch(() => {});
      }
    },
  };
  const { readBack, readReference } = d;
  return {
    ...connector,
    ...(readBack ? { readBack: (step, request) => readBack(prepare(step), step, request) } : {}),
    ...(readReference
      ? { readReference: (step, request) => readReference(prepare(step), step, request) }
      : {}),
    ...(d.busiesCallingThread ? { busiesCallingThread: () => true } : {}),
  };
}
