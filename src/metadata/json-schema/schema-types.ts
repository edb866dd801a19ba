import { RowforgeError } from "../../errors/index.ts";

/** A JSON Schema object (booleans `true`/`false` are read as `{}` and "nothing"). */
export type SchemaObject = Readonly<Record<string, unknown>>;

/** Where the schema being read comes from, for messages: `step "x": schema file.json`. */
export interface SchemaScope {
  /** The whole document: local `$ref`s (`#/$defs/a`, `#/definitions/a`, `#/components/schemas/a`) point into it. */
  readonly root: unknown;
  readonly where: string;
  /**
   * The output leaves null fields out (JSON with ignoreNullFields): optional properties are
   * then sometimes absent, and properties a schema requires are never null.
   */
  readonly optionalAbsent?: boolean;
  /**
   * Fields a step may still be given (counted down as they are made): once none are left,
   * optional properties are left out, so a large document (one definition referred to from
   * hundreds of places) stays within the generation budget's maxNestedFields.
   */
  readonly fieldsLeft?: { n: number };
  /** Whether the document's `nullable` keyword is read (OpenAPI 3.0, Swagger 2: by default); false in OpenAPI 3.1. */
  readonly readsNullable?: boolean;
}

/**
 * The mark of a schema that has no (finite) value here: one that recurses without end, or
 * `false`. Callers leave it out where the schema allows (an optional property, an empty
 * array, another anyOf alternative); else the refusal stands.
 */
export const NO_VALUE = Symbol("no value here");
export const noValueHere = (e: unknown): e is RowforgeError =>
  e instanceof RowforgeError && e.cause === NO_VALUE;

/** The refusal of a schema that allows no value here (see noValueHere). */
export function noValue(scope: SchemaScope, at: string, what: string): RowforgeError {
  return new RowforgeError(
    "RF_METADATA_SCHEMA_INVALID",
    `${scope.where}: the schema at ${at || "#"} ${what}`,
    {
      hint: "a property that allows no value may only be left out: make it optional, or list the step's fields",
      cause: NO_VALUE,
    },
  );
}

/** The alternatives of a oneOf/anyOf kept on the chosen one, for when it recurses without end. */
export const OTHERS = "\u0000others";
export const alternativesOf = (s: SchemaObject): readonly SchemaObject[] =>
  Array.isArray(s[OTHERS]) ? (s[OTHERS] as SchemaObject[]) : [];

/** The refusal of a schema rowforge cannot read or generate, at `at` (a JSON pointer) in `scope`. */
export function invalid(scope: SchemaScope, at: string, what: string, hint?: string): RowforgeError {
  return new RowforgeError(
    "RF_METADATA_SCHEMA_INVALID",
    `${scope.where}: the schema at ${at || "#"} ${what}`,
    {
      ...(hint ? { hint } : {}),
    },
  );
}
