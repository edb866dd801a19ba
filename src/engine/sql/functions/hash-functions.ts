/** Hash and checksum functions: hash, xxhash64, crc32, md5, sha/sha1, sha2. */
import { createHash } from "node:crypto";
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { crc32 } from "./crc32.ts";
import { coerceArg, intArg, rejectLambdas } from "./function-args.ts";
import { type HashPrimitives, utf8Bytes, valueHasher } from "./hash-value.ts";
import { murmur3Bytes, murmur3Int, murmur3Long } from "./spark-murmur3.ts";
import { xxhash64Bytes, xxhash64Int, xxhash64Long } from "./spark-xxhash64.ts";
import { type CompiledCall, type CompileFn, functionTable, sqlFunction } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";

const MURMUR: HashPrimitives<number> = { int: murmur3Int, long: murmur3Long, bytes: murmur3Bytes };
const XXHASH: HashPrimitives<bigint> = { int: xxhash64Int, long: xxhash64Long, bytes: xxhash64Bytes };

/** Binary input: strings are hashed over their UTF-8 bytes without going through a cast. */
function bytesArg(fn: string, args: Parameters<SqlFunction["compile"]>[0], i: number): SqlEvaluator {
  const a = args[i];
  if (a?.type.kind === "string") return strict1<string>(a.evaluate, utf8Bytes);
  return coerceArg(fn, args, i, DataTypes.binary);
}

const digest = (algorithm: string, bytes: Uint8Array): string =>
  createHash(algorithm).update(bytes).digest("hex");

/** A checksum or digest of one argument's bytes (a string's UTF-8 bytes). */
const bytesFunction = (signature: string, doc: string, type: DataType, f: (bytes: Uint8Array) => SqlValue) =>
  sqlFunction(signature, "fixed", doc, (args, _i, fn) => ({
    type,
    evaluate: strict1<Uint8Array>(bytesArg(fn, args, 0), f),
  }));

const SHA2_BITS: ReadonlyMap<number, string> = new Map([
  [0, "sha256"],
  [224, "sha224"],
  [256, "sha256"],
  [384, "sha384"],
  [512, "sha512"],
]);

/** Spark's hash of every argument in turn, each seeding the next, from seed 42 (hash, xxhash64). */
function compileSeededHash<S extends number | bigint>(
  primitives: HashPrimitives<S>,
  seed: S,
  type: DataType,
): CompileFn {
  return (args, _inputs, fn) => {
    rejectLambdas(fn, args);
    const parts = args.map((a) => ({ e: a.evaluate, h: valueHasher(a.type, primitives) }));
    return {
      type,
      evaluate: (ctx) => {
        let h = seed;
        for (const p of parts) h = p.h(p.e(ctx), h);
        return h;
      },
    };
  };
}

function compileSha2(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: DataTypes.string,
    evaluate: strict2<Uint8Array, number>(bytesArg(fn, args, 0), intArg(fn, args, 1), (b, bits) => {
      const algorithm = SHA2_BITS.get(bits);
      return algorithm === undefined ? null : digest(algorithm, b);
    }),
  };
}

export const HASH_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "hash(value, values...)",
    "fixed",
    "Spark's Murmur3 hash (seed 42) of the arguments, as an int",
    compileSeededHash(MURMUR, 42, DataTypes.int),
  ],
  [
    "xxhash64(value, values...)",
    "fixed",
    "64-bit xxHash (seed 42) of the arguments, as a bigint",
    compileSeededHash(XXHASH, 42n, DataTypes.long),
  ],
  ...bytesFunction(
    "crc32(bytes)",
    "CRC-32 checksum of a string or binary, as a bigint",
    DataTypes.long,
    (b) => BigInt(crc32(b)),
  ),
  ...bytesFunction("md5(bytes)", "MD5 digest of a string or binary, as a hex string", DataTypes.string, (b) =>
    digest("md5", b),
  ),
  ...bytesFunction(
    "sha1|sha(bytes)",
    "SHA-1 digest of a string or binary, as a hex string",
    DataTypes.string,
    (b) => digest("sha1", b),
  ),
  [
    "sha2(bytes, bitLength)",
    "fixed",
    "SHA-2 digest (bit length 224, 256, 384, 512 or 0 = 256) as a hex string; other lengths give NULL",
    compileSha2,
  ],
]);
