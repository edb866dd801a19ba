/** A PlanRunRequest of one JSON step (a unique long id and a small int) writing `records` rows to `out`. */
export const runRequest = (name: string, out: string, records: number) => ({
  plan: { name, tasks: [{ name: "t", dataSourceName: "d", enabled: true }] },
  tasks: [
    {
      name: "t",
      type: "json",
      options: { path: out },
      count: { records },
      fields: [
        { name: "id", type: "long", options: { isUnique: true } },
        { name: "n", type: "int", options: { min: 1, max: 100 } },
      ],
    },
  ],
});
