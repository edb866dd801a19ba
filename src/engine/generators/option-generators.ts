import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { MICROS_PER_DAY, MILLIS_PER_DAY } from "../../util/calendar.ts";
import { cachedFakerExpression, cachedRegex } from "./compile-cache.ts";
import type { FieldGenerator, GeneratorEnv } from "./field-generator.ts";
import {
  createExpressionGenerator,
  createOneOfGenerator,
  createRegexGenerator,
  createStaticGenerator,
  createUuidGenerator,
  type Uniqueness,
} from "./value-generators.ts";

export interface FieldContext {
  readonly env: GeneratorEnv;
  /** The field's stream key: from the plan seed, step and field path, or the field's own `seed`. */
  readonly key: number;
  readonly path: string;
  readonly unique: Uniqueness;
}

/** A generator a field option selects: one row of OPTION_GENERATORS. */
export interface OptionGenerator {
  /** The field option keys that select it (documentation; `selects` decides). */
  readonly options: readonly (keyof FieldOptions)[];
  /** Whether the field asks for this generator. */
  readonly selects: (field: Field) => boolean;
  /**
   * The generator of the field's values, or "derived": the values come from other fields,
   * and the step computes them after those fields.
   */
  readonly create: ((field: Field, type: DataType, ctx: FieldContext) => FieldGenerator) | "derived";
}

/** A field's `static`, written on the field or in its options. */
const staticValueOf = (f: Field): Field["static"] => f.static ?? f.options.static;

/**
 * The generators field options select, in precedence order (Data Caterer's): the first row
 * a field selects makes its values; a field that selects none gets its type's default
 * generator. For arrays and maps these options describe the elements. Adding an option with
 * its generator: the generator's file, its row in FIELD_OPTION_TABLE, its row here, a golden case.
 */
export const OPTION_GENERATORS: readonly OptionGenerator[] = [
  {
    options: ["static"],
    selects: (f) => staticValueOf(f) !== undefined,
    create: (f, type) => createStaticGenerator(type, staticValueOf(f) ?? null),
  },
  {
    options: ["oneOf"],
    selects: (f) => f.options.oneOf !== undefined,
    create: (f, type, { key, unique, env, path }) =>
      createOneOfGenerator(type, f.options.oneOf ?? [], {
        key,
        unique,
        rowCount: env.rowCount,
        fieldPath: path,
      }),
  },
  {
    options: ["regex"],
    selects: (f) => f.options.regex !== undefined,
    create: (f, type, { key, unique, env, path }) =>
      createRegexGenerator(type, cachedRegex(f.options.regex ?? ""), {
        key,
        unique,
        rowCount: env.rowCount,
        fieldPath: path,
      }),
  },
  { options: ["sql"], selects: (f) => f.options.sql !== undefined, create: "derived" },
  {
    // A uuid derived from another field's value (`uuid: account_id`), unless the field counts up.
    options: ["uuid"],
    selects: (f) =>
      f.options.uuid !== undefined && f.options.uuid !== "" && f.options.incremental === undefined,
    create: "derived",
  },
  {
    // An explicit maxLen cuts the values (a varchar(n) column holds them).
    options: ["expression"],
    selects: (f) => f.options.expression !== undefined,
    // Datafaker's date methods count from the start of the run's day (UTC): compiled expressions
    // and their pools are then shared by every plan and sample of that day.
    create: (f, type, { key, env, unique, path }) =>
      createExpressionGenerator(
        type,
        cachedFakerExpression(
          f.options.expression ?? "",
          env.locale,
          Math.floor(env.nowMicros / MICROS_PER_DAY) * MILLIS_PER_DAY,
          env.maxStringLength,
        ),
        key,
        env.fastMode,
        unique,
        env.rowCount,
        path,
        f.options.maxLen,
      ),
  },
  {
    options: ["uuid", "incremental"],
    selects: (f) => f.options.uuid !== undefined,
    create: (f, type, { key }) => createUuidGenerator(type, key, f.options.incremental),
  },
];

/** The generator row a field selects by its options, if any: the first in precedence order. */
export const optionGeneratorOf = (field: Field): OptionGenerator | undefined =>
  OPTION_GENERATORS.find((g) => g.selects(field));
