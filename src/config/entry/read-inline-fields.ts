import type { Diagnostic } from "../../errors/index.ts";
import type { Field } from "../../model/index.ts";
import { LoadContext } from "../read/load-context.ts";
import { readFields } from "../read/read-field.ts";
import { plainDocument } from "../source/source-document.ts";

/**
 * Fields sent as JSON (e.g. the body of POST /sample/schema), read as a step's `fields` list
 * is: `body.fields` at the path ["fields"], helper options expanded, for a step of `format`.
 */
export function readInlineFields(
  body: { readonly fields: unknown },
  format: string,
): { fields: Field[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ctx = new LoadContext(plainDocument(body, "request"), diagnostics);
  const fields = readFields(ctx, body.fields, ["fields"], format);
  return { fields, diagnostics };
}
