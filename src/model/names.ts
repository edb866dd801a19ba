/**
 * The one limit on names that appear in URL paths (plans, connections, tasks, steps): letters,
 * digits, hyphens and underscores, at most NAME_MAX_LENGTH characters. It matches the HTTP
 * server's longest path parameter, so every name that can be saved can also be reached.
 */
export const NAME_MAX_LENGTH = 100;
export const NAME_PATTERN = "^[A-Za-z0-9_-]+$";
const NAME = new RegExp(NAME_PATTERN);

/** Why a name cannot be used in a path, or undefined when it can. */
export function nameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || name === "") return "is missing";
  if (name.length > NAME_MAX_LENGTH)
    return `has ${name.length} characters; names are at most ${NAME_MAX_LENGTH} characters`;
  if (!NAME.test(name)) return "may hold only letters, digits, hyphens and underscores";
  return undefined;
}
