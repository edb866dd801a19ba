import { join } from "node:path";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { defaultRunConfiguration } from "../../src/model/run-configuration.ts";
import type { Validation } from "../../src/model/validation.ts";
import { validationsPlan } from "../../src/quality/validations-plan.ts";

/** A validation named `name` that runs `validations` on the Parquet files under `<dir>/data`. */
export function parquetValidationsPlan(name: string, dir: string, validations: Validation[]): ResolvedPlan {
  return validationsPlan(
    [
      {
        name,
        description: "",
        dataSources: { parquet: [{ options: { path: join(dir, "data"), format: "parquet" }, validations }] },
      },
    ],
    defaultRunConfiguration(),
    [],
  );
}
