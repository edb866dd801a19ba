import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { RowforgeService } from "../../app/catalog/rowforge-service.ts";
import { briefTestResult } from "../../app/connections/brief-test-result.ts";
import { findConnection } from "../../app/connections/find-connection.ts";
import { testConnection } from "../../app/connections/test-connection.ts";
import { groupOfConnectionType } from "../../app/output-kinds.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { ConnectionNameParams, ConnectionTestBody, ConnectionTestResult, ErrorBody } from "../api-schemas.ts";

const answers = {
  200: ConnectionTestResult,
  400: Type.Union([ConnectionTestResult, ErrorBody]),
};

/**
 * POST /connection/test (a Connection in the body) and POST /connection/{name}/test (a saved or
 * configured connection, with its real secrets): Data Caterer's `{success, message, details,
 * durationMs}`, 200 when it succeeded, 400 when not, 404 (same shape) for an unknown name.
 */
export function connectionTestRoutes(svc: RowforgeService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/connection/test",
      {
        schema: {
          tags: ["connections"],
          summary: "Test a connection without saving it",
          description:
            "Reaches the destination (files: the path, only inside the server's output folders; URLs: only on its allow-list; databases and brokers: connect within connectTimeout) and writes nothing. The answer says whether it is reachable and, when not, why (message, code, hint): no versions, sizes or contents (rowforge connection test on the command line shows those). Kinds rowforge cannot write yet answer success false. Passwords never appear in the answer.",
          body: ConnectionTestBody,
          response: answers,
        },
      },
      async (req, reply) => {
        const b = req.body;
        const options: Record<string, string> = {};
        for (const [k, v] of Object.entries(b.options ?? {}))
          options[k] = typeof v === "string" ? v : JSON.stringify(v);
        const connection = {
          name: b.name ?? "unsaved",
          type: b.type,
          groupType: b.groupType ?? groupOfConnectionType(b.type),
          options,
        };
        const result = briefTestResult(connection, await testConnection(connection, svc.access));
        return reply.code(result.success ? 200 : 400).send(result);
      },
    );
    app.post(
      "/connection/:connectionName/test",
      {
        schema: {
          tags: ["connections"],
          summary: "Test a saved or configured connection",
          description:
            "Tests the connection of that name (saved over the API, else from the application configuration) with its real secrets, as POST /connection/test does; 404 for an unknown name, naming the nearest.",
          params: ConnectionNameParams,
          response: { ...answers, 404: ConnectionTestResult },
        },
      },
      async (req, reply) => {
        const name = req.params.connectionName;
        let connection: ReturnType<typeof findConnection>;
        try {
          connection = findConnection(await svc.connections(), name, "the saved and configured connections");
        } catch (e) {
          if (!isRowforgeError(e)) throw e;
          return reply.code(404).send({
            success: false,
            message: e.message,
            details: { code: e.code, hint: e.hint },
            durationMs: 0,
          });
        }
        const result = briefTestResult(connection, await testConnection(connection, svc.access));
        return reply.code(result.success ? 200 : 400).send(result);
      },
    );
  };
}
