import type { FieldNameRewrite, HelperReport, RawField } from "./helper-types.ts";
import { optionsOf, show, staticOf } from "./raw-value.ts";
import { sqlString } from "./sql-literal.ts";

/** The type of Kafka/JMS headers: key text and value bytes. */
export const HEADERS_TYPE = "array<struct<key:string,value:binary>>";

/**
 * A message or HTTP body: `body` holds the nested fields and `value` is their JSON, which is
 * what the Kafka, JMS and HTTP connectors send.
 */
export function bodyFields(nested: readonly RawField[]): RawField[] {
  return [
    { name: "value", type: "string", options: { sql: "TO_JSON(body)" } },
    { name: "body", type: "struct", fields: [...nested] },
  ];
}

const HEADERS_HINT =
  "each field under messageHeaders is one header: its name is the key, and `static: <text>` or `options: {sql: <SQL>}` gives the value";

/** The SQL of one header entry, or undefined (reported) when it has no value. */
function headerEntry(header: RawField, index: number, report: HelperReport): string | undefined {
  const key = header.name;
  if (typeof key !== "string" || key === "") {
    report(
      "RF_HELPER_INVALID",
      `messageHeaders field ${index + 1} needs a name (the header key)`,
      ["fields", index, "name"],
      HEADERS_HINT,
    );
    return undefined;
  }
  const fixed = staticOf(header);
  const sql = optionsOf(header).sql;
  let value: string;
  if (fixed !== undefined) value = sqlString(String(fixed));
  else if (typeof sql === "string" && sql.trim() !== "") value = sql;
  else {
    report(
      "RF_HELPER_INVALID",
      `messageHeaders field "${key}" has no value: give it static text or an sql option (got options ${show(optionsOf(header))})`,
      ["fields", index],
      HEADERS_HINT,
    );
    return undefined;
  }
  return `NAMED_STRUCT('key', ${sqlString(key)}, 'value', TO_BINARY(${value}, 'utf-8'))`;
}

export const messageHeadersRewrite: FieldNameRewrite = {
  name: "messageHeaders",
  hint: HEADERS_HINT,
  rewrite(_field, nested, report) {
    const entries = nested.map((h, i) => headerEntry(h, i, report)).filter((e) => e !== undefined);
    return [{ name: "headers", type: HEADERS_TYPE, options: { sql: `ARRAY(${entries.join(", ")})` } }];
  },
};

export const messageBodyRewrite: FieldNameRewrite = {
  name: "messageBody",
  hint: "the fields under messageBody become the message: `body` (a struct) and `value` (its JSON)",
  rewrite: (_field, nested) => bodyFields(nested),
};
