import type { FieldNameRewrite, RawField } from "./helper-types.ts";
import { bodyFields } from "./message-fields.ts";
import { optionsOf } from "./raw-value.ts";

/** A header field: `header<Name>` with `-` written `_`, keeping the real name in the `header` option. */
function headerField(field: RawField): RawField {
  const name = typeof field.name === "string" ? field.name : "";
  const options: Record<string, unknown> = { ...optionsOf(field), header: name };
  // The length of the body is only known once the body is generated.
  if (name === "Content-Length") options.sql = "LENGTH(value)";
  return { ...field, name: `header${name.replaceAll("-", "_")}`, options };
}

export const httpHeadersRewrite: FieldNameRewrite = {
  name: "httpHeaders",
  hint: "each field under httpHeaders is one request header named like the field",
  rewrite: (_field, nested) => nested.map(headerField),
};

export const httpBodyRewrite: FieldNameRewrite = {
  name: "httpBody",
  hint: "the fields under httpBody become the request body: `body` (a struct) and `value` (its JSON)",
  rewrite: (_field, nested) => bodyFields(nested),
};
