import type { Step } from "./step.ts";

/** What a step bound to no connection looks written for, and what shows it. */
export interface ImpliedDestination {
  readonly kind: "Kafka" | "HTTP" | "JMS";
  /** The options or fields that show it (`its topic option`). */
  readonly shownBy: string;
}

/** HTTP request parts as fields (what httpUrl and httpHeaders become): `pathParamid`, `headerX_Id` (Kafka's are `headers`). */
const HTTP_PART = /^(pathParam|queryParam|header(?!s$))./;

/**
 * Where a step of the default type (`json`) with no path was meant to write, from what it
 * holds: Data Caterer's Kafka, JMS and HTTP task files leave the step's type to the
 * connection a plan binds it to, so on its own such a step looks like a JSON file step.
 * Undefined when nothing in it points elsewhere.
 */
export function impliedDestination(step: Step): ImpliedDestination | undefined {
  const o = step.options;
  if (o.topic !== undefined) return { kind: "Kafka", shownBy: "its topic option" };
  if (o.destinationName !== undefined) return { kind: "JMS", shownBy: "its destinationName option" };
  const names = new Set(step.fields.map((f) => f.name));
  if (names.has("url") && names.has("method")) return { kind: "HTTP", shownBy: "its url and method fields" };
  const part = [...names].find((n) => HTTP_PART.test(n));
  if (part !== undefined) return { kind: "HTTP", shownBy: `its field ${part}` };
  if (names.has("value") && (names.has("key") || names.has("headers")))
    return { kind: "Kafka", shownBy: `its ${names.has("key") ? "key" : "headers"} and value fields` };
  return undefined;
}
