import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { connectionTables, tableColumns } from "../../app/connections/connection-tables.ts";
import { findConnection } from "../../app/connections/find-connection.ts";
import { ConnectionNameParams, ErrorBody } from "../api-schemas.ts";
import { TableColumns, TableList } from "../contract.ts";

const TableParams = Type.Object({
  ...ConnectionNameParams.properties,
  table: Type.String({ minLength: 1, maxLength: 200, description: "the table as a step's dbtable names it" }),
});

const errors = { 400: ErrorBody, 404: ErrorBody };

/**
 * rowforge: GET /connection/{name}/tables and GET /connection/{name}/tables/{table}, the tables
 * of a saved or configured database connection and a table's columns (what the plan editor
 * offers a step). Unknown names answer 404 naming the nearest; other kinds of connection 400.
 */
export function connectionTableRoutes(svc: RowforgeService): FastifyPluginAsyncTypebox {
  return async (app) => {
    const connection = async (name: string) =>
      findConnection(await svc.connections(), name, "the saved and configured connections");
    app.get(
      "/connection/:connectionName/tables",
      {
        schema: {
          tags: ["connections"],
          summary: "rowforge: the tables of a database connection, each with the step options naming it",
          params: ConnectionNameParams,
          response: { 200: TableList, ...errors },
        },
      },
      async (req) => {
        const name = req.params.connectionName;
        return { connectionName: name, tables: [...(await connectionTables(await connection(name)))] };
      },
    );
    app.get(
      "/connection/:connectionName/tables/:table",
      {
        schema: {
          tags: ["connections"],
          summary: "rowforge: the columns of a table of a database connection, as a step's fields would be",
          params: TableParams,
          response: { 200: TableColumns, ...errors },
        },
      },
      async (req) => {
        const name = req.params.connectionName;
        const { table, options, columns } = await tableColumns(await connection(name), req.params.table);
        return { connectionName: name, table, options: { ...options }, columns: [...columns] };
      },
    );
  };
}
