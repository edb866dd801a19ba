import type { DataType } from "../../model/data-type.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { DEFAULT_TEXT_MAX_LEN } from "../../model/text-length.ts";
import { AsciiBatch } from "../../util/ascii-batch.ts";
import { createPermutation, RowRandom } from "../rng/index.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { lengthDraw } from "./length-draw.ts";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/**
 * Random letters and digits, minLen..maxLen long (default 1..20), about avgLen on average when
 * given (lengthDraw); unique by encoding a permuted index.
 */
export function createStringGenerator(
  type: DataType,
  o: FieldOptions,
  key: number,
  unique: boolean,
): FieldGenerator {
  const minLen = o.minLen ?? 1;
  const maxLen = Math.max(o.maxLen ?? DEFAULT_TEXT_MAX_LEN, minLen);
  const rnd = new RowRandom(key);
  if (unique) {
    // Base-62 digits of a permuted index below 62^maxLen, padded to at least minLen: distinct
    // for distinct rows (while the rows are fewer than the strings maxLen allows) and never longer.
    const width = Math.max(minLen, 1);
    const space = Math.min(62 ** maxLen, Number.MAX_SAFE_INTEGER);
    const perm = createPermutation(space, key);
    return {
      type,
      fill(pos, out) {
        const values = (out as { values: string[] }).values;
        for (let i = 0; i < pos.length; i++) {
          let n = perm(pos[i]! % space);
          let s = "";
          do {
            s = ALPHABET[n % 62]! + s;
            n = Math.floor(n / 62);
          } while (n > 0);
          values[i] = s.padStart(width, "A");
        }
      },
    };
  }
  const text = new AsciiBatch();
  const lengthOf = lengthDraw(minLen, maxLen, o.avgLen);
  return {
    type,
    fill(pos, out) {
      text.begin((out as { values: string[] }).values);
      for (let i = 0; i < pos.length; i++) {
        const len = lengthOf(rnd.at(pos[i]!));
        const at = text.room(len);
        const bytes = text.bytes;
        for (let k = 0; k < len; k++) bytes[at + k] = ALPHABET_CODES[rnd.u32() % 62]!;
        text.push(len);
      }
      text.end();
    },
  };
}

export function createBooleanGenerator(type: DataType, key: number): FieldGenerator {
  const rnd = new RowRandom(key);
  return {
    type,
    fill(pos, out) {
      const values = (out as { values: Uint8Array }).values;
      for (let i = 0; i < pos.length; i++) values[i] = rnd.at(pos[i]!).u32() & 1;
    },
  };
}

export function createBinaryGenerator(type: DataType, o: FieldOptions, key: number): FieldGenerator {
  const minLen = o.minLen ?? 1;
  const maxLen = Math.max(o.maxLen ?? DEFAULT_TEXT_MAX_LEN, minLen);
  const rnd = new RowRandom(key);
  const lengthOf = lengthDraw(minLen, maxLen, o.avgLen);
  return {
    type,
    fill(pos, out) {
      const values = (out as { values: Uint8Array[] }).values;
      for (let i = 0; i < pos.length; i++) {
        const bytes = new Uint8Array(lengthOf(rnd.at(pos[i]!)));
        for (let k = 0; k < bytes.length; k++) bytes[k] = rnd.u32() & 255;
        values[i] = bytes;
      }
    },
  };
}

/** A version-4 UUID from the row's draws. */
export function randomUuid(rnd: RowRandom): string {
  const a = rnd.u32();
  const b = rnd.u32();
  const c = rnd.u32();
  const d = rnd.u32();
  const hex = (x: number, len: number) => (x >>> 0).toString(16).padStart(len, "0");
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex(((b & 0x0fff) | 0x4000) >>> 0, 4)}-${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`;
}
