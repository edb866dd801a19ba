import Type, { type Static } from "typebox";
import { FieldOptions } from "./field-options.ts";
import type { Immutable } from "./immutable.ts";
import { Scalar } from "./scalars.ts";

/**
 * A field: `type` is a Spark DDL string in canonical form (`decimal(10,2)`, `array<string>`).
 * A field with nested `fields` is a struct, or an array of structs when `type` starts with
 * `array` (then `type` is `array<struct<...>>`). `resolveFieldType` gives the typed tree.
 */
export const Field = Type.Cyclic(
  {
    Field: Type.Object({
      name: Type.String({ minLength: 1 }),
      type: Type.String(),
      nullable: Type.Boolean(),
      static: Type.Optional(Scalar),
      options: FieldOptions,
      fields: Type.Array(Type.Ref("Field")),
    }),
  },
  "Field",
);
export type Field = Immutable<Static<typeof Field>>;
