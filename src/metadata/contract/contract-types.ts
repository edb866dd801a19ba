/** What a contract's type names say about a column: JSON Schema keywords, and a rowforge type JSON Schema cannot say. */
export interface ColumnType {
  readonly schema: Record<string, unknown>;
  readonly type?: string;
  /** An object (struct), a list or a map: its nested columns, items or key and value say the rest. */
  readonly shape?: "object" | "array" | "map";
}

/**
 * Reads a column's type names: a physical type (`varchar(18)`, `decimal(10,2)`, `bigint`,
 * `timestamp`) is the more precise and wins where it is known; else the logical type (ODCS
 * `string`, `number`, `integer`, `date`, `object`, `array`, datacontract.yaml `text`, `long`,
 * `timestamp_ntz`, `record`, ...). An unknown name is a string, as both specs default.
 */
export function columnType(logical: string | undefined, physical: string | undefined): ColumnType {
  return (
    (physical !== undefined ? typeName(physical) : undefined) ??
    typeName(logical ?? "string") ?? { schema: { type: "string" } }
  );
}

function typeName(raw: string): ColumnType | undefined {
  const name = raw.trim().toLowerCase();
  const args = /\(([^)]*)\)/
    .exec(name)?.[1]
    ?.split(",")
    .map((x) => Number(x.trim()));
  const base = name
    .replace(/[(<].*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  switch (base) {
    case "string":
    case "text":
    case "clob":
    case "varchar":
    case "char":
    case "nvarchar":
    case "nchar":
    case "character varying":
    case "character":
    case "varchar2":
      return {
        schema: { type: "string", ...(args?.[0] !== undefined && args[0] > 0 ? { maxLength: args[0] } : {}) },
      };
    case "uuid":
      return { schema: { type: "string", format: "uuid" } };
    case "integer":
    case "int":
    case "int4":
    case "int32":
    case "mediumint":
      return { schema: { type: "integer", minimum: 0, maximum: 100_000 }, type: "int" };
    case "smallint":
    case "int2":
    case "short":
      return { schema: { type: "integer", minimum: 0, maximum: 32_767 }, type: "short" };
    case "tinyint":
    case "byte":
      return { schema: { type: "integer", minimum: 0, maximum: 127 }, type: "byte" };
    case "long":
    case "bigint":
    case "int8":
    case "int64":
      return { schema: { type: "integer", minimum: 0, maximum: 100_000 }, type: "long" };
    case "number":
    case "double":
    case "double precision":
    case "float8":
      return { schema: { type: "number" }, type: "double" };
    case "float":
    case "real":
    case "float4":
      return { schema: { type: "number" }, type: "float" };
    case "decimal":
    case "numeric":
    case "dec":
      return decimal(args?.[0], args?.[1]);
    case "boolean":
    case "bool":
    case "bit":
      return { schema: { type: "boolean" } };
    case "date":
      return { schema: { type: "string", format: "date" }, type: "date" };
    case "timestamp":
    case "timestamp_tz":
    case "timestamp_ntz":
    case "timestamp_ltz":
    case "timestamptz":
    case "datetime":
    case "datetime2":
    case "timestamp with time zone":
    case "timestamp without time zone":
      return { schema: { type: "string", format: "date-time" }, type: "timestamp" };
    case "time":
      return { schema: { type: "string", format: "time" } };
    case "bytes":
    case "binary":
    case "bytea":
    case "blob":
    case "varbinary":
      return { schema: { type: "string" }, type: "binary" };
    case "object":
    case "record":
    case "struct":
    case "json":
    case "jsonb":
      return { schema: { type: "object" }, shape: "object" };
    case "map":
      return { schema: { type: "object" }, shape: "map" };
    case "vector":
      // An embedding: numbers of the declared dimension (logicalTypeOptions.dimensions, or vector(n)).
      return {
        schema: {
          type: "array",
          items: { type: "number", minimum: -1, maximum: 1 },
          ...(args?.[0] !== undefined && args[0] > 0 ? { minItems: args[0], maxItems: args[0] } : {}),
        },
        shape: "array",
      };
    case "array":
    case "list":
      return { schema: { type: "array" }, shape: "array" };
    default:
      return undefined;
  }
}

/** decimal(p, s): values inside what the precision holds (at most the generators' default range). */
function decimal(precision = 10, scale = 0): ColumnType {
  const p = Number.isFinite(precision) && precision > 0 ? precision : 10;
  const s = Number.isFinite(scale) && scale >= 0 ? scale : 0;
  const max = Math.min(100_000, 10 ** (p - s) - 10 ** -s);
  return {
    schema: { type: "number", minimum: 0, maximum: Number(max.toFixed(s)) },
    type: `decimal(${p},${s})`,
  };
}
