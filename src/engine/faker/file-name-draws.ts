import { base } from "@faker-js/faker";
import { type Draw, joinDraws, pickDraw, pickFrom } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";

/** The MIME types faker's system.commonFileExt picks among. */
const COMMON_MIME_TYPES = [
  "application/pdf",
  "audio/mpeg",
  "audio/wav",
  "image/png",
  "image/jpeg",
  "image/gif",
  "video/mp4",
  "video/mpeg",
  "text/html",
];

/** A common file extension as faker's system.commonFileExt draws it: a common MIME type, then one of its extensions. */
export function commonFileExtDraw(): Draw | undefined {
  const types = base.system?.mime_type;
  const lists = COMMON_MIME_TYPES.map((t) => types?.[t]?.extensions ?? []);
  return lists.every((l) => l.length > 0) ? pickDraw(lists.map(pickFrom)) : undefined;
}

/**
 * `dir` `separator` `name` `.` `extension` (generators' fileName): each part not given (or
 * empty) drawn, a noun of the locale for the folder and the name, a common extension.
 */
export function fileNameDraw(
  k: LocaleKernels,
  dir?: string,
  name?: string,
  ext?: string,
  sep?: string,
): Draw | undefined {
  const noun = k.list("word.noun");
  return joinDraws(dir || noun, sep || "/", name || noun, ".", ext || commonFileExtDraw());
}
