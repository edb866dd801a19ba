import { RowforgeError } from "../../errors/index.ts";
import type { Validation } from "../../model/validation.ts";
import { expectationValidations } from "./expectation-validation.ts";

/**
 * The validations of a Great Expectations suite (JSON: `{expectation_suite_name, expectations:
 * [{expectation_type, kwargs, meta}]}`): each expectation in order (expectation-validation.ts).
 */
export function suiteValidations(doc: unknown, where: string): Validation[] {
  const expectations =
    typeof doc === "object" && doc !== null && Array.isArray((doc as { expectations?: unknown }).expectations)
      ? (doc as { expectations: unknown[] }).expectations
      : undefined;
  if (!expectations)
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where} is not a Great Expectations suite: it has no expectations list`,
      {
        hint: "point expectationsFile at a suite's JSON file ({expectation_suite_name, expectations: [...]})",
      },
    );
  return expectations.flatMap((e, i) => {
    if (typeof e !== "object" || e === null)
      throw new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${where}: expectations[${i}] is not an object`);
    return expectationValidations(e as Record<string, unknown>, `${where}: expectations[${i}]`);
  });
}
