import Type from "typebox";

/** A scalar as users write it in YAML or JSON. */
export const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/** One value of a `oneOf` list: `"open->0.8"` becomes {value: "open", weight: 0.8}. */
export const WeightedValue = Type.Object({
  value: Scalar,
  weight: Type.Optional(Type.Number({ minimum: 0 })),
});

/** String-to-string options (step and connection options are strings, as in Data Caterer). */
export const StringMap = Type.Record(Type.String(), Type.String());
