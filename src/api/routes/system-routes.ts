import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";

/** POST /shutdown: answers, then closes the server and ends the process (graceful). */
export function systemRoutes(shutdown: () => void): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/shutdown",
      {
        schema: {
          tags: ["system"],
          summary: "Shut the server down gracefully",
          response: { 200: Type.Object({ status: Type.String(), message: Type.String() }) },
        },
      },
      async (_req, reply) => {
        reply.raw.once("finish", () => setImmediate(shutdown));
        return { status: "success", message: "rowforge is shutting down" };
      },
    );
  };
}
