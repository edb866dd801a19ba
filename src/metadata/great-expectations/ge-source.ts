import { RowforgeError } from "../../errors/index.ts";
import type { MetadataSource } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";
import { suiteValidations } from "./expectation-suite.ts";
import { greatExpectationsKind } from "./ge-kind.ts";

/**
 * Great Expectations suites (`expectationsFile`): a suite states checks, not fields, so the
 * step keeps the fields it declares and gets the suite's expectations as validations, run
 * once the step is written (as Data Caterer imports them).
 */
export const greatExpectationsSource: MetadataSource = {
  ...greatExpectationsKind,
  async read(r, docs) {
    const { location, where } = stepLocation(r, greatExpectationsSource, "path of the suite's JSON file");
    if (r.step.fields.length === 0)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${where} takes its validations from a Great Expectations suite, which says nothing of the fields to generate, and declares no fields`,
        { hint: "list the step's fields; the suite's expectations check them once they are written" },
      );
    const doc = await docs.read(location, where);
    return [
      {
        name: r.step.name,
        fields: [],
        validations: suiteValidations(doc.value, `${where}: Great Expectations suite ${doc.path}`),
      },
    ];
  },
};
