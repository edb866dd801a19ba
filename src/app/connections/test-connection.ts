import type { ResourceAccess } from "../../access/index.ts";
import { normaliseFormat } from "../../config/index.ts";
import { findConnector, JMS_SUPPORTED, plannedKinds, unsupportedKind } from "../../connectors/registry.ts";
import { withinConnectTimeout } from "../../connectors/within-connect-timeout.ts";
import { didYouMean, isRowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import { isSecretKey, MASK, maskText } from "../catalog/secrets.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";

/** Data Caterer's ConnectionTestResult: what `rowforge connection test` and POST /connection/test answer. */
export interface ConnectionTestResult {
  readonly success: boolean;
  /** What was reached (product, version, host:port or path), or what is wrong and what to do. */
  readonly message: string;
  /** Facts found (server version, database, can create tables, ...) or the failure's `code` and `hint`. */
  readonly details: Readonly<Record<string, string | number | boolean>>;
  readonly durationMs: number;
}

/**
 * Tests a connection through the connector serving its type (Connector.testConnection):
 * reaches it, reads what it can and writes nothing. Kinds rowforge refuses (Solace), kinds no
 * connector serves, connectors without a test and unknown types are answered `success: false`
 * saying so: never a success that was not checked. A connector that does not answer within its
 * connectTimeout plus a few seconds is given up. No secret of the connection appears in the
 * answer. Files and URLs are held to the access rules (a path or URL they refuse is answered
 * `success: false` with RF_PATH_NOT_ALLOWED or RF_URL_NOT_ALLOWED and nothing more), and the
 * answer shows paths as the access shows them (the server's folders left out).
 */
export async function testConnection(
  c: Connection,
  access: ResourceAccess,
  now = () => performance.now(),
): Promise<ConnectionTestResult> {
  const started = now();
  const outcome = await outcomeOf(c, access);
  return scrub(c, { ...outcome, durationMs: Math.round(now() - started) }, access.hidePaths);
}

async function outcomeOf(
  c: Connection,
  access: ResourceAccess,
): Promise<Omit<ConnectionTestResult, "durationMs">> {
  const type = normaliseFormat(c.type, c.options, OUTPUT_KINDS);
  const who = `connection "${c.name}"`;
  const connector = await findConnector(type);
  if (!connector) {
    const refused = unsupportedKind(type);
    if (refused !== undefined) {
      return {
        success: false,
        message: `${who} is a ${refused} connection, which rowforge does not write to; ${JMS_SUPPORTED}`,
        details: { code: "RF_CONNECTION_UNSUPPORTED", type, tested: false },
      };
    }
    if (plannedKinds().includes(type)) {
      return {
        success: false,
        message: `${who} is of type ${type}, which this version of rowforge cannot test or write yet`,
        details: { code: "RF_FORMAT_UNKNOWN", type, tested: false },
      };
    }
    const known = [...OUTPUT_KINDS.names, ...Object.keys(OUTPUT_KINDS.groups)];
    const near = OUTPUT_KINDS.groups[c.type] === undefined ? didYouMean(c.type, known) : "";
    return {
      success: false,
      message: `${who} is of type ${c.type}, which rowforge does not write to${near ? `; ${near}` : ""}`,
      details: { code: "RF_FORMAT_UNKNOWN", type: c.type, tested: false },
    };
  }
  if (!connector.testConnection) {
    return {
      success: false,
      message: `${who}: rowforge cannot test ${type} connections yet (it can write to them)`,
      details: { type, tested: false },
    };
  }
  try {
    const outcome = await withinConnectTimeout(connector.testConnection({ ...c, type }, access), c, who);
    return { ...outcome, details: { type, ...outcome.details } };
  } catch (e) {
    if (isRowforgeError(e)) {
      return { success: false, message: e.message, details: { type, code: e.code, hint: e.hint } };
    }
    return {
      success: false,
      message: `${who}: the connection test failed: ${e instanceof Error ? e.message : String(e)}`,
      details: { type, code: "RF_INTERNAL" },
    };
  }
}

/** The answer with every secret value of the connection replaced by *** (and credentials in text masked), paths shown as `hidePaths` shows them. */
function scrub(
  c: Connection,
  r: ConnectionTestResult,
  hidePaths: (text: string) => string,
): ConnectionTestResult {
  const inUrls = Object.values(c.options).flatMap((v) =>
    [...v.matchAll(/\/\/[^:/@\s]*:([^@/\s]+)@|[?&;]password=([^&;\s]+)/gi)].map((m) => m[1] ?? m[2] ?? ""),
  );
  const secrets = [
    ...Object.entries(c.options)
      .filter(([k]) => isSecretKey(k))
      .map(([, v]) => v),
    ...inUrls,
    ...inUrls.map((v) => {
      try {
        return decodeURIComponent(v);
      } catch {
        return v;
      }
    }),
  ].filter((v) => v.length >= 3);
  const clean = (text: string) => hidePaths(maskText(secrets.reduce((t, s) => t.split(s).join(MASK), text)));
  const details: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(r.details)) details[k] = typeof v === "string" ? clean(v) : v;
  return { ...r, message: clean(r.message), details };
}
