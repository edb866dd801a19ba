/** One worked example of a route (route-examples.ts lists them). */
export interface RouteExample {
  readonly method: "GET" | "POST" | "DELETE";
  /** The route as OpenAPI names it, e.g. `/plan/{planName}`. */
  readonly route: string;
  /** The concrete URL sent. */
  readonly url: string;
  readonly body?: unknown;
  /** Content type of a text body (default application/json). */
  readonly contentType?: string;
  readonly status: number;
  /** An answer of this shape: JSON (objects are compared by their keys) or text (by `pattern`). */
  readonly response: unknown;
  /** For text answers: a regular expression the answer matches. */
  readonly pattern?: string;
  /** Take `{executionId}` from this answer. */
  readonly capturesExecutionId?: boolean;
  readonly note?: string;
}

/** The plan the examples save, sample, run and delete. */
export const PEOPLE_PLAN = {
  plan: {
    name: "people_plan",
    description: "people as CSV",
    tasks: [{ name: "people", dataSourceName: "my_files", enabled: true }],
  },
  tasks: [
    {
      name: "people",
      type: "csv",
      options: { path: "out/people" },
      count: { records: 100 },
      fields: [
        { name: "id", options: { regex: "P[0-9]{5}", isUnique: true } },
        { name: "name", options: { expression: "#{Name.firstName}" } },
        { name: "joined", type: "date", options: { withinDays: 30 } },
      ],
    },
  ],
};
