import { isRowforgeError } from "../../errors/index.ts";
import { applyNot } from "./apply-not.ts";
import { conditionsOf, mergeSchemas, refsOf, resolveSchema } from "./resolve-schema.ts";
import type { SchemaObject, SchemaScope } from "./schema-types.ts";

/**
 * An object schema with the if/then/else it has besides its own `if` (allOf parts with one
 * each) met by their `else`: the `if` negated where rowforge keeps to its negation (not
 * required: never written; not a const, enum, type or pattern), so the `then` never applies.
 * One whose `if` has no such negation (or whose negation clashes, a required property) is
 * met by its `then` where that only requires properties (metByThen), else left unmet.
 */
export function metOtherwise(given: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  let s = given;
  for (const c of conditionsOf(given)) {
    if (typeof c.if !== "object" || c.if === null) continue;
    try {
      const negated = applyNot({ ...s, not: c.if }, scope, `${at}/if`);
      s =
        c.else === undefined
          ? negated
          : mergeSchemas(negated, resolveSchema(c.else, scope, refsOf(s), `${at}/else`));
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      s = metByThen(s, c, scope, at);
    }
  }
  return s;
}

/** The keywords of a `then` that only requires properties (with its annotations). */
const REQUIRED_ONLY = new Set(["required", "title", "description", "$comment", "$$comment", "$$description"]);

/**
 * An object schema with an if/then whose `if` it cannot keep from holding met by its `then`
 * where that only requires properties (merged: they are always written, so the `then` holds
 * whether the `if` does or not): `version` required unless `dynamic` lists it is met by always
 * writing `version`. A `then` that constrains values could clash with the other parts (each
 * branch of a `type` switch met at once), so it is left unmet, as is one that clashes.
 */
function metByThen(s: SchemaObject, c: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  const then = c.then;
  if (typeof then !== "object" || then === null) return s;
  if (Object.keys(then).some((k) => !REQUIRED_ONLY.has(k))) return s;
  try {
    return mergeSchemas(s, resolveSchema(then, scope, refsOf(s), `${at}/then`));
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return s;
  }
}
