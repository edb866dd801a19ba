/** Row and engine information: monotonically_increasing_id, spark_partition_id, typeof, input_file_name, raise_error. */
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import type { SqlFunction } from "../sql-contract.ts";
import { stringArg } from "./function-args.ts";
import { runtimeError } from "./function-errors.ts";
import { isNullLiteral } from "./implicit-argument-casts.ts";
import { sqlFunction } from "./sql-function.ts";

const SPARK_TYPE_NAMES: Readonly<Record<string, string>> = {
  long: "bigint",
  short: "smallint",
  byte: "tinyint",
};

/** A type as Spark's typeof() names it: bigint, smallint, tinyint, decimal(10,2), array<int>, struct<a:int>. */
export function sparkTypeName(t: DataType): string {
  switch (t.kind) {
    case "decimal":
      return `decimal(${t.precision},${t.scale})`;
    case "array":
      return `array<${sparkTypeName(t.element)}>`;
    case "map":
      return `map<${sparkTypeName(t.key)},${sparkTypeName(t.value)}>`;
    case "struct":
      return `struct<${t.fields.map((f) => `${f.name}:${sparkTypeName(f.type)}`).join(",")}>`;
    default:
      return SPARK_TYPE_NAMES[t.kind] ?? t.kind;
  }
}

export const MISC_FUNCTIONS: readonly SqlFunction[] = [
  ...sqlFunction(
    "monotonically_increasing_id()",
    "fixed",
    "the row's index in the step as a bigint (rowforge generates one partition)",
    () => ({ type: DataTypes.long, evaluate: (ctx) => BigInt(ctx.row) }),
  ),
  ...sqlFunction("spark_partition_id()", "fixed", "always 0: rowforge generates one partition", () => ({
    type: DataTypes.int,
    evaluate: () => 0,
  })),
  ...sqlFunction(
    "typeof(value)",
    "fixed",
    "the Spark type name of the argument (int, bigint, decimal(10,2), array<string>, ...)",
    (args) => {
      const a = args[0]!;
      const name = isNullLiteral(a) ? "void" : sparkTypeName(a.type);
      return { type: DataTypes.string, evaluate: () => name };
    },
  ),
  ...sqlFunction("input_file_name()", "fixed", "always '': generated rows have no input file", () => ({
    type: DataTypes.string,
    evaluate: () => "",
  })),
  ...sqlFunction("raise_error(message)", "fixed", "fails the run with the message", (args, _i, fn) => {
    const msg = stringArg(fn, args, 0);
    return {
      type: DataTypes.string,
      evaluate: (ctx) => {
        throw runtimeError(fn, String(msg(ctx) ?? "null"));
      },
    };
  }),
];
