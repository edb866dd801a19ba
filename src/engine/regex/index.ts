export {
  type CompileRegexOptions,
  compileRegex,
  DEFAULT_MAX_REPEAT,
  type RegexGenerator,
} from "./compile-regex.ts";
