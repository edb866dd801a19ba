import Ajv, { type Options } from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json" with { type: "json" };
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";

/** An ajv instance: the independent JSON Schema validator of the corpus. */
export type Validator = InstanceType<typeof Ajv.default>;

/**
 * ajv for a JSON Schema dialect (`$schema`, or OpenAPI's: 3.0 and Swagger 2 are draft-04
 * schemas with `nullable`, 3.1 is 2020-12), with every format ajv-formats checks (full mode).
 * Keywords ajv does not know (a document's own, like CloudFormation's) are ignored, as JSON
 * Schema says, and so are formats it does not know.
 */
export function ajvFor(dialect: string | undefined): Validator {
  const options: Options = {
    strict: false,
    allErrors: false,
    validateSchema: false,
    logger: false,
    multipleOfPrecision: 9,
    // Patterns are read with the u flag (\p{L} is a Unicode property), and without it where
    // they only parse so (`\:` and other escapes real-world documents write).
    // Ajv's optimising passes over the code it generates cost more than they save on a few
    // hundred rows (9 of the 10 CPU seconds of Renovate's schema); what is checked is the same.
    code: { regExp: lenientRegExp, optimize: false },
  };
  const d = dialect ?? "";
  let ajv: Validator;
  if (d.includes("draft-04") || d === "openapi-3.0")
    ajv = new AjvDraft04.default(options) as unknown as Validator;
  else if (d.includes("2019-09")) ajv = new Ajv2019.default(options) as unknown as Validator;
  else if (d.includes("2020-12") || d === "openapi-3.1")
    ajv = new Ajv2020.default(options) as unknown as Validator;
  else {
    ajv = new Ajv.default(options);
    if (d.includes("draft-06")) ajv.addMetaSchema(draft06);
  }
  addFormats.default(ajv as never, { mode: "full" });
  return ajv;
}

/** The first error of the last validation, as one line. */
export function firstError(v: {
  errors?: readonly { instancePath: string; message?: string; params?: unknown }[] | null;
}): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}` : "";
}

/** A RegExp with the u flag where the pattern parses so, else without (ajv's regExp engine). */
function lenientRegExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return new RegExp(pattern, flags.replace("u", ""));
  }
}
lenientRegExp.code = "new RegExp";
