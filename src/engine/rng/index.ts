export { combine, draw32, drawFloat, hashString, mix32, rowBase } from "./hash.ts";
export { createPermutation } from "./permutation.ts";
export { RowRandom, withStreamSalt } from "./row-random.ts";
