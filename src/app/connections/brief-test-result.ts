import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestResult } from "./test-connection.ts";

/** Details a brief answer keeps: what was tested, and a failure's code and hint. */
const KEPT = ["type", "tested", "code", "hint"];

/**
 * A connection test's answer for a remote caller: reachable or not, and why, nothing more (no
 * server version, cluster layout, sizes or folder contents: the HTTP API is no scanner of what
 * sits behind the server). A success says the destination is reachable; a failure keeps its
 * message (the why) and code. The CLI shows its own user everything the test found.
 */
export function briefTestResult(c: Connection, r: ConnectionTestResult): ConnectionTestResult {
  const details = Object.fromEntries(Object.entries(r.details).filter(([k]) => KEPT.includes(k)));
  if (!r.success) return { ...r, details };
  const type = typeof r.details.type === "string" ? r.details.type : c.type;
  return { ...r, message: `connection "${c.name}" (${type}) is reachable`, details };
}
