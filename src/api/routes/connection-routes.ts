import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { ConnectionDeleted, ConnectionSaved } from "../answer-schemas.ts";
import {
  Connection,
  ConnectionNameParams,
  ConnectionsQuery,
  ErrorBody,
  SaveConnectionsBody,
} from "../api-schemas.ts";
import { ConnectionList } from "../contract.ts";
import { badRequest, notFound } from "../http-errors.ts";

/** POST /connection, GET/DELETE /connection/{name}, GET /connections[?groupType]. Secrets come back as ***. */
export function connectionRoutes(svc: RowforgeService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/connection",
      {
        schema: {
          tags: ["connections"],
          summary: "Save connections (upsert by name)",
          body: SaveConnectionsBody,
          response: { 200: ConnectionSaved },
        },
      },
      async (req) => {
        const names = await svc.saveConnections(req.body.connections);
        return {
          status: "success" as const,
          message: `Connection(s) ${names.map((n) => `'${n}'`).join(", ")} saved successfully`,
          connectionName: names.join(", "),
        };
      },
    );
    app.get(
      "/connection/:connectionName",
      {
        schema: {
          tags: ["connections"],
          summary: "A connection, secrets masked",
          params: ConnectionNameParams,
          response: { 200: Connection, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const c = await svc.getConnection(req.params.connectionName);
        if (!c)
          return reply
            .code(404)
            .send(notFound(`Connection '${req.params.connectionName}' not found`, "ConnectionNotFound"));
        return c;
      },
    );
    app.delete(
      "/connection/:connectionName",
      {
        schema: {
          tags: ["connections"],
          summary: "Delete a saved connection (one of the configuration's is a 409)",
          params: ConnectionNameParams,
          response: { 200: ConnectionDeleted, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) => {
        const name = req.params.connectionName;
        const r = await svc.deleteConnection(name);
        if (r === "config") {
          return reply
            .code(409)
            .send(
              badRequest(
                `Connection '${name}' comes from the application configuration and cannot be deleted over the API`,
                "ConfigConnection",
              ),
            );
        }
        if (r === "missing")
          return reply.code(404).send(notFound(`Connection '${name}' not found`, "ConnectionNotFound"));
        return {
          status: "success" as const,
          message: `Connection '${name}' removed successfully`,
          connectionName: name,
        };
      },
    );
    app.get(
      "/connections",
      {
        schema: {
          tags: ["connections"],
          summary: "All connections (configuration and saved), secrets masked",
          querystring: ConnectionsQuery,
          response: { 200: ConnectionList },
        },
      },
      async (req) => ({ connections: await svc.listConnections(req.query.groupType) }),
    );
  };
}
