import type { Schema, Table } from "apache-arrow";
import type { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type {
  ConnectionTestOutcome,
  Connector,
  DeleteOutcome,
  GeneratedRun,
  ReadBack,
  ReadBackRequest,
  ReferenceRequest,
  StepSink,
  StepTarget,
} from "../connector.ts";
import type { DeleteKey, RowDeleter, RunsToDelete, TableKey } from "../database-delete.ts";
import type { SaveMode } from "../database-options.ts";
import type { TableDescription, TableStep } from "../table-description.ts";
import type { DatabaseTypes } from "./column-types.ts";

/** What every table connector reads from a step, whatever else its dialect adds. */
export interface TableOptions {
  /** The connection's name, for messages. */
  readonly connection: string;
  readonly saveMode: SaveMode;
  /** `createTable: true`: a missing table is created from the step's fields. */
  readonly createTable: boolean;
}

/** A table's columns as a dialect finds them: their names, or each name with its type. */
export type TableColumns = readonly string[] | ReadonlyMap<string, string>;

/** The names of a table's columns, in order. */
export const columnNamesOf = (columns: TableColumns): readonly string[] =>
  columns instanceof Map ? [...columns.keys()] : (columns as readonly string[]);

/**
 * What one database does differently from the others (Kysely's dialect): how its options read,
 * how it connects, how it asks about and changes a table, and how its rows go in. The skeleton
 * around them (check, checkTarget, describe, open with its save modes, one session a server)
 * is create-table-connector.ts, once for every database.
 *
 * `O` the step's options, `S` a connection's server alone, `C` a connection (client),
 * `K` the table's columns as found (names, or names with types).
 */
export interface TableDialect<O extends TableOptions & S, S, C, K extends TableColumns>
  extends Pick<
    Connector,
    "name" | "formats" | "aliases" | "jdbcWords" | "group" | "capabilities" | "optionSchema"
  > {
  readonly types: DatabaseTypes;
  /** Parses and checks a step's options, no I/O: coded errors for what it cannot write. */
  readOptions(step: ResolvedStep): O;
  /** A connection's server from its options alone (no step), to list its tables: coded errors when it names too little. */
  readServer(connection: Connection): S;
  connect(o: S): Promise<C>;
  end(client: C): Promise<void>;
  /** Which steps may share a connection: the same server, database and user. */
  sessionKey(o: S): string;
  /** `schema.table` as messages show it. */
  tableName(o: O): string;
  connectError(o: S, e: unknown): RowforgeError;
  writeError(o: O, stepName: string, e: unknown): RowforgeError;

  /** The table's columns, or undefined when it does not exist. */
  tableColumns(client: C, o: O): Promise<K | undefined>;
  /** The refusal for a missing table, naming the nearest ones. */
  tableNotFound(client: C, o: O, stepName: string): Promise<RowforgeError>;
  /** Creates the table (and what holds it: a schema, a keyspace) from the step's fields. */
  createTable(client: C, o: O, schema: Schema, step: ResolvedStep): Promise<void>;
  /**
   * The columns of a table it just created from `schema`. Absent where `K` is the columns'
   * names: the table base takes the fields' names.
   */
  createdColumns?(schema: Schema): K;
  /** Empties the table for saveMode overwrite (inside the step's transaction where it has one). */
  empty(client: C, o: O): Promise<void>;
  hasRows(client: C, o: O): Promise<boolean>;
  /**
   * The step's transaction, where the database has them: `beforeCreate` begins it before a
   * table is created (DDL inside the transaction), else after. Absent: no transactions.
   */
  readonly transaction?: {
    readonly beforeCreate: boolean;
    begin(client: C): Promise<void>;
    /** Ends the run's one transaction (`--transaction plan`) on a connection, then the connection. */
    endRun?(client: C, commit: boolean): Promise<void>;
  };
  /** The sink writing the matched columns; it ends the connection when it closes (or `shared`, the run does). */
  sink(
    client: C,
    o: O,
    target: StepTarget,
    columns: readonly string[],
    found: K,
  ): Promise<StepSink> | StepSink;

  describe(client: C, o: O): Promise<TableDescription | undefined>;
  listTables(client: C, o: S, connection: Connection): Promise<readonly TableStep[]>;
  readBack?(o: O, step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack>;
  readReference?(o: O, step: ResolvedStep, request: ReferenceRequest): Promise<Table>;
  /** Where a step's rows went, as reports name it (`postgres://host:port/db/schema.table`): what delete mode looks for in the history. */
  outputName(o: O): string;
  testConnection(connection: Connection): Promise<ConnectionTestOutcome>;
  busiesCallingThread?: boolean;
}

/**
 * Delete mode: removes the rows of the runs `todo` names (regenerated) from the step's table,
 * on a connection the caller ends (which rolls back what a failure left open). A SQL database
 * gives what deleteMatchingRows needs (`rowDelete`) and the table base does the rest; another
 * gives the whole delete (`deleteRuns`).
 */
export type DialectDelete<O, C> =
  | {
      deleteRuns(
        client: C,
        o: O,
        step: ResolvedStep,
        todo: RunsToDelete,
        output: string,
      ): Promise<DeleteOutcome>;
      readonly rowDelete?: undefined;
    }
  | { readonly rowDelete: RowDelete<O, C>; readonly deleteRuns?: undefined };

/** A SQL database's part of delete mode (deleteMatchingRows): the table base does the rest. */
export interface RowDelete<O, C> {
  /** The keys the table enforces, primary key first (deleteKey picks one the step generates). */
  tableKeys(client: C, o: O): Promise<TableKey[]>;
  /** The statements that load the runs' rows of the key's columns beside the table and delete their matches. */
  deleter(client: C, o: O, key: DeleteKey, runs: readonly GeneratedRun[]): RowDeleter;
}
