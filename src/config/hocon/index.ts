export { flattenHoconObject } from "./flatten-hocon-object.ts";
export {
  type HoconObject,
  type HoconParseOptions,
  type HoconResult,
  type HoconValue,
  isHoconObject,
} from "./hocon-value.ts";
export { parseHocon } from "./parse-hocon.ts";
