/** What files and URLs a plan may reach: the one gate the adapters choose (open for the CLI, contained for the server). */
export { accessOf, openAccess } from "./access-of.ts";
export type { AccessRules, ContainedRules } from "./access-rules.ts";
export { parseDocument } from "./parse-document.ts";
export type { ReadDocument, ResourceAccess } from "./resource-access.ts";
export {
  homeDataFolder,
  type ServerAccessChoice,
  type ServerFacts,
  serverAccessRules,
} from "./server-access-rules.ts";
