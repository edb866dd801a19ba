import Type, { type TObject, type TProperties, type TSchema } from "typebox";

/** What an option's schema says beside its meaning. */
export interface OptionFacts {
  readonly examples?: readonly string[];
  /**
   * A connection usually gives it (where the server is, who logs in): the web UI offers it as
   * an empty row on a new connection of the connector's kinds (the editor catalogue's `starterKeys`).
   */
  readonly starter?: boolean;
  /**
   * It says where a step writes (a file's path, a table, a topic): the web UI gives a step bound
   * to a connection of the connector's kinds these options and takes another kind's off (the
   * editor catalogue's `targetKeys`).
   */
  readonly target?: boolean;
}

const annotations = (description: string, f: OptionFacts) => ({
  description,
  ...(f.examples ? { examples: [...f.examples] } : {}),
  ...(f.starter ? { starter: true } : {}),
  ...(f.target ? { target: true } : {}),
});

/** An option a step must have (text, as YAML and the connection store give it). */
export const requiredOption = (description: string, facts: OptionFacts = {}) =>
  Type.String(annotations(description, facts));

/** An option a step may have (text, as YAML and the connection store give it). */
export const textOption = (description: string, facts: OptionFacts = {}) =>
  Type.Optional(Type.String(annotations(description, facts)));

/**
 * A connector's options as a TypeBox object: every value is text; keys it does not list are
 * let through (a connection may carry options for other tools), the connector's reader checks them.
 */
export const optionObject = (properties: TProperties): TObject =>
  Type.Object(properties, { additionalProperties: true });

/** The options a connector's schema marks with fact `fact`, in the schema's order. */
function keysMarked(schema: TSchema, fact: keyof OptionFacts): string[] {
  const properties = (schema as Partial<TObject>).properties ?? {};
  return Object.entries(properties)
    .filter(([, s]) => (s as Readonly<Record<string, unknown>>)[fact] === true)
    .map(([key]) => key);
}

/** The options a connector's schema marks `starter`, in the schema's order. */
export const starterKeys = (schema: TSchema): string[] => keysMarked(schema, "starter");

/** The options a connector's schema marks `target` (where a step writes), in the schema's order. */
export const targetKeys = (schema: TSchema): string[] => keysMarked(schema, "target");
