/**
 * A function table entry's signature, written once: its names, its parameters (hence how many
 * arguments it takes) and, where the table wants them, the types its arguments are cast to.
 *
 *   "left(str: string, len: int): string"  typed parameters (simple types) and the result type
 *   "substring|substr(str, pos[, len])"    a main name and an alias, an optional last parameter
 *   "concat_ws(sep, parts...)"             a parameter ending in "..." takes any number of arguments
 */
import { RowforgeError } from "../../../errors/index.ts";
import type { DataType } from "../../../model/data-type.ts";
import { parseDataType } from "../../../model/parse-data-type.ts";

export interface SignatureParam {
  readonly name: string;
  /** The type the argument is implicitly cast to, when the signature gives one. */
  readonly type: DataType | undefined;
}

export interface FunctionSignature {
  /** The main name first, then the aliases. */
  readonly names: readonly string[];
  readonly params: readonly SignatureParam[];
  readonly minArgs: number;
  readonly maxArgs: number;
  /** The result type, when the signature gives one. */
  readonly result: DataType | undefined;
  /** The call as the reference shows it: the main name and the parameter names, e.g. `substring(str, pos[, len])`. */
  readonly call: string;
}

const SHAPE = /^([a-z_0-9|]+)\((.*)\)(?:: (.+))?$/;
const PARAM_TYPE = /:\s*[^,[\]]+/g;

function typeOf(text: string | undefined, signature: string): DataType | undefined {
  if (text === undefined) return undefined;
  const parsed = parseDataType(text);
  if (!parsed.ok)
    throw new RowforgeError("RF_INTERNAL", `SQL function signature "${signature}": ${parsed.message}`);
  return parsed.type;
}

/** Reads a signature; a malformed one is a mistake in the table, reported when the table loads. */
export function parseSignature(signature: string): FunctionSignature {
  const m = SHAPE.exec(signature);
  if (m === null)
    throw new RowforgeError("RF_INTERNAL", `SQL function signature "${signature}" is malformed`);
  const names = m[1]!.split("|");
  const inner = m[2]!;
  const open = inner.indexOf("[");
  const required = (open < 0 ? inner : inner.slice(0, open)).split(",").map((p) => p.trim());
  const optional =
    open < 0
      ? []
      : inner
          .slice(open)
          .replace(/[[\]]/g, "")
          .split(",")
          .map((p) => p.trim());
  const all = [...required, ...optional].filter((p) => p !== "");
  const params = all.map((p) => {
    const colon = p.indexOf(":");
    return colon < 0
      ? { name: p, type: undefined }
      : { name: p.slice(0, colon), type: typeOf(p.slice(colon + 1).trim(), signature) };
  });
  const variadic = all.some((p) => p.endsWith("..."));
  const minArgs = required.filter((p) => p !== "" && !p.endsWith("...")).length;
  return {
    names,
    params,
    minArgs,
    maxArgs: variadic ? Infinity : params.length,
    result: typeOf(m[3], signature),
    call: `${names[0]}(${inner.replace(PARAM_TYPE, "")})`,
  };
}
