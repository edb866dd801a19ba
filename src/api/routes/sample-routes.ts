import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import Type, { type Static } from "typebox";
import {
  DEFAULT_SAMPLE_SIZE,
  MAX_SAMPLE_SIZE,
  type RawSample,
  type SampleQuery,
} from "../../app/sample/sample-envelopes.ts";
import { SampleError } from "../../app/sample/sample-error.ts";
import {
  samplePlan,
  samplePlanTask,
  samplePlanTaskStep,
  sampleSchema,
  sampleStep,
  sampleTask,
  sampleTaskFile,
  sampleTaskYamlText,
} from "../../app/sample/sample-service.ts";
import type { SamplingService } from "../../app/sample/sampling-service.ts";
import {
  MultiSchemaSampleResponse,
  RawSampleAnswer,
  SampleResponse,
  SchemaSampleAnswer,
} from "../answer-schemas.ts";
import {
  Name,
  SampleQuery as SampleQuerySchema,
  SampleSize,
  SchemaSampleBody,
  StepName,
  TaskFileBody,
  TaskYamlBody,
  TaskYamlText,
  YAML_MEDIA_TYPES,
} from "../api-schemas.ts";
import { badRequest, sampleErrorEnvelope, sampleErrorFlat } from "../http-errors.ts";
import type { JsonBodyCache } from "../json-body-cache.ts";

type Shape = "flat" | "envelope";

/** sampleSize 1..100 (default 10), fastMode (pooled faker values) default false, enableRelationships default false. */
function query(q: {
  sampleSize?: number | undefined;
  fastMode?: boolean | undefined;
  enableRelationships?: boolean | undefined;
}): SampleQuery | string {
  const size = q.sampleSize ?? DEFAULT_SAMPLE_SIZE;
  if (size > MAX_SAMPLE_SIZE) return `sampleSize ${size} is above the maximum of ${MAX_SAMPLE_SIZE}`;
  if (size < 1) return `sampleSize ${size} is below the minimum of 1`;
  return { size, fastMode: q.fastMode ?? false, relationships: q.enableRelationships ?? false };
}

/** The short execution id of a sample error envelope. */
const shortId = () => randomUUID().split("-")[0]!;

/** 400 in the envelope shape with code INVALID_REQUEST (bodies of the POST sample endpoints). */
function invalidRequest(reply: FastifyReply, message: string, detail: string) {
  return reply
    .code(400)
    .send(sampleErrorEnvelope(new SampleError("INVALID_REQUEST", message, detail), shortId()));
}

async function answer(reply: FastifyReply, shape: Shape, work: () => Promise<RawSample | object>) {
  try {
    const result = await work();
    if (result && typeof result === "object" && "body" in result && "contentType" in result) {
      const raw = result as RawSample;
      return reply.type(raw.contentType).send(raw.body);
    }
    return reply.send(result);
  } catch (e) {
    if (e instanceof SampleError) {
      return reply.code(400).send(shape === "flat" ? sampleErrorFlat(e) : sampleErrorEnvelope(e, shortId()));
    }
    throw e;
  }
}

/** Checks the query (400 naming the limit), then answers with the endpoint's error shape. */
function withQuery(
  reply: FastifyReply,
  raw: Parameters<typeof query>[0],
  shape: Shape,
  work: (q: SampleQuery) => Promise<RawSample | object>,
) {
  const q = query(raw);
  if (typeof q === "string") return reply.code(400).send(badRequest(q, "InvalidSampleSize"));
  return answer(reply, shape, () => work(q));
}

/** The POST endpoints: sample options come in the body, a bad size is an INVALID_REQUEST envelope. */
function withBodyQuery(
  reply: FastifyReply,
  body: Parameters<typeof query>[0],
  work: (q: SampleQuery) => Promise<RawSample | object>,
) {
  const q = query(body);
  if (typeof q === "string") return invalidRequest(reply, q, "InvalidSampleSize");
  return answer(reply, "envelope", () => work({ ...q, relationships: false }));
}

/** The eight sample endpoints of the spec; `bodies` keeps validated schema bodies for repeats. */
export function sampleRoutes(svc: SamplingService, bodies?: JsonBodyCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ["samples"];
    /** A GET endpoint: path parameters are names, sample options come in the query string. */
    const sampleGet = <N extends string>(
      path: string,
      names: readonly N[],
      summary: string,
      shape: Shape,
      answer: typeof RawSampleAnswer | typeof MultiSchemaSampleResponse,
      work: (params: Readonly<Record<N, string>>, q: SampleQuery) => Promise<RawSample | object>,
    ) =>
      app.get(
        path,
        {
          schema: {
            tags,
            summary,
            params: Type.Object(Object.fromEntries(names.map((n) => [n, Name]))),
            querystring: SampleQuerySchema,
            response: { 200: answer },
          },
        },
        // The params schema above validated every name as a string.
        async (req, reply) =>
          withQuery(reply, req.query, shape, (q) => work(req.params as Readonly<Record<N, string>>, q)),
      );
    sampleGet(
      "/sample/plans/:planName",
      ["planName"],
      "Samples of every enabled step of a plan",
      "flat",
      MultiSchemaSampleResponse,
      (p, q) => samplePlan(svc, p.planName, q),
    );
    sampleGet(
      "/sample/plans/:planName/tasks/:taskName",
      ["planName", "taskName"],
      "Samples of the steps of a task of a plan",
      "flat",
      MultiSchemaSampleResponse,
      (p, q) => samplePlanTask(svc, p.planName, p.taskName, q),
    );
    sampleGet(
      "/sample/plans/:planName/tasks/:taskName/steps/:stepName",
      ["planName", "taskName", "stepName"],
      "Raw sample of one step of a plan, in the step's format",
      "envelope",
      RawSampleAnswer,
      (p, q) => samplePlanTaskStep(svc, p.planName, p.taskName, p.stepName, q),
    );
    sampleGet(
      "/sample/tasks/:taskName",
      ["taskName"],
      "Samples of the steps of a task of the task folder",
      "flat",
      MultiSchemaSampleResponse,
      (p, q) => sampleTask(svc, p.taskName, q),
    );
    sampleGet(
      "/sample/steps/:stepName",
      ["stepName"],
      "Raw sample of a step found in any task",
      "flat",
      RawSampleAnswer,
      (p, q) => sampleStep(svc, p.stepName, q),
    );
    app.post(
      "/sample/schema",
      {
        // A previewing client posts the same schema again and again: its parsed body is reused.
        config: { reusesJsonBody: true },
        schema: {
          tags,
          summary: "Sample inline fields: raw with `format`, the SampleResponse envelope without",
          body: SchemaSampleBody,
          response: { 200: SchemaSampleAnswer },
        },
      },
      async (req, reply) => {
        // Validated by the schema above: kept (frozen) for the next request with the same text.
        bodies?.keep(req.body);
        return withBodyQuery(reply, req.body, (q) => sampleSchema(svc, req.body, q));
      },
    );
    app.post(
      "/sample/task-file",
      {
        schema: {
          tags,
          summary: "Sample a task file of the task folder, the plan folder or a data folder of the server",
          body: TaskFileBody,
          response: { 200: SampleResponse },
        },
      },
      async (req, reply) =>
        withBodyQuery(reply, req.body, (q) =>
          sampleTaskFile(svc, req.body.taskYamlPath, req.body.stepName, q),
        ),
    );
    app.post(
      "/sample/task-yaml",
      {
        bodyLimit: 1024 * 1024,
        // The one route that takes a raw YAML body (text/plain or application/yaml) besides JSON.
        config: { acceptsYaml: true },
        schema: {
          tags,
          summary:
            "Sample task YAML: the raw YAML body (text/plain, application/yaml) or JSON {taskYamlContent, stepName, sampleSize, fastMode}",
          querystring: Type.Object({
            stepName: Type.Optional(StepName),
            sampleSize: Type.Optional(SampleSize),
            fastMode: Type.Optional(Type.Boolean()),
          }),
          response: {
            200: Type.Union([MultiSchemaSampleResponse, SampleResponse], {
              description: "a MultiSchemaSampleResponse for a whole task, a SampleResponse for one stepName",
            }),
          },
          body: {
            content: Object.fromEntries([
              ["application/json", { schema: TaskYamlBody }],
              ...YAML_MEDIA_TYPES.map((type) => [type, { schema: TaskYamlText }]),
            ]),
          },
        },
      },
      async (req, reply) => {
        // Validated above when sent: the YAML text itself, or the JSON form. Query parameters win over the body's.
        const body = req.body as string | Static<typeof TaskYamlBody> | undefined;
        if (body === undefined || body === null)
          return invalidRequest(
            reply,
            "the task YAML is missing: send it as the body (text/plain or application/yaml) or as taskYamlContent in JSON",
            "InvalidRequest",
          );
        const fromBody: Partial<Static<typeof TaskYamlBody>> = typeof body === "string" ? {} : body;
        const yaml = typeof body === "string" ? body : body.taskYamlContent;
        const q = query({
          sampleSize: req.query.sampleSize ?? fromBody.sampleSize,
          fastMode: req.query.fastMode ?? fromBody.fastMode,
        });
        if (typeof q === "string") return invalidRequest(reply, q, "InvalidRequest");
        const step = req.query.stepName ?? fromBody.stepName;
        return answer(reply, "envelope", () =>
          sampleTaskYamlText(svc, yaml, step, q, "request", false, fromBody.plan),
        );
      },
    );
  };
}
