/** Row and engine information: monotonically_increasing_id, spark_partition_id, typeof, input_file_name, raise_error. */
import { type DataType, DataTypes, formatDataType } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRunInputs } from "../sql-contract.ts";
import { stringArg } from "./function-args.ts";
import { runtimeError } from "./function-errors.ts";
import { isNullLiteral } from "./implicit-argument-casts.ts";
import { type CompiledCall, functionTable } from "./sql-function.ts";

const SPARK_TYPE_NAMES: Readonly<Record<string, string>> = {
  long: "bigint",
  short: "smallint",
  byte: "tinyint",
};

/** A type as Spark's typeof() names it: bigint, smallint, tinyint, decimal(10,2), array<int>, struct<a:int>. */
export const sparkTypeName = (t: DataType): string =>
  formatDataType(t, { leaf: (kind) => SPARK_TYPE_NAMES[kind] ?? kind, field: (name) => name });

function compileMonotonicallyIncreasingId(
  _args: readonly SqlArg[],
  _inputs: SqlRunInputs,
  _fn: string,
): CompiledCall {
  return { type: DataTypes.long, evaluate: (ctx) => BigInt(ctx.row) };
}

function compileSparkPartitionId(_args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  return {
    type: DataTypes.int,
    evaluate: () => 0,
  };
}

function compileTypeof(args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  const a = args[0]!;
  const name = isNullLiteral(a) ? "void" : sparkTypeName(a.type);
  return { type: DataTypes.string, evaluate: () => name };
}

function compileInputFileName(_args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  return {
    type: DataTypes.string,
    evaluate: () => "",
  };
}

function compileRaiseError(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const msg = stringArg(fn, args, 0);
  return {
    type: DataTypes.string,
    evaluate: (ctx) => {
      throw runtimeError(fn, String(msg(ctx) ?? "null"));
    },
  };
}

export const MISC_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "monotonically_increasing_id()",
    "fixed",
    "the row's index in the step as a bigint (rowforge generates one partition)",
    compileMonotonicallyIncreasingId,
  ],
  ["spark_partition_id()", "fixed", "always 0: rowforge generates one partition", compileSparkPartitionId],
  [
    "typeof(value)",
    "fixed",
    "the Spark type name of the argument (int, bigint, decimal(10,2), array<string>, ...)",
    compileTypeof,
  ],
  ["input_file_name()", "fixed", "always '': generated rows have no input file", compileInputFileName],
  ["raise_error(message)", "fixed", "fails the run with the message", compileRaiseError],
]);
