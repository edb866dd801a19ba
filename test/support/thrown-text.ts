import { isRowforgeError } from "../../src/errors/index.ts";

/** What f throws as `CODE: message` (another error as its text), or "no error" when it returns. */
export function thrownText(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return isRowforgeError(e) ? `${e.code}: ${e.message}` : String(e);
  }
  return "no error";
}
