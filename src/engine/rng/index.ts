export { combine, draw32, drawFloat, hashString, mix32, rowBase } from "./hash.ts";
export { createPermutation } from "./permutation.ts";
export { RowRandom, streamSalt, withStreamSalt } from "./row-random.ts";
