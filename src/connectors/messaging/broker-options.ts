import { RowforgeError } from "../../errors/index.ts";
import { parseBooleanOption } from "../../model/boolean-option.ts";

/** A broker's address as a connection's `url` gives it: what to dial and how to show it. */
export interface BrokerAddress {
  readonly protocol: string;
  readonly host: string;
  readonly port: number;
  /** `scheme://host:port`: the address in messages and reports (never a user or password). */
  readonly shown: string;
  /** A user and password written into the URL (`amqp://user:secret@host`), decoded. */
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** The URL's path without its leading slash, decoded (AMQP's virtual host). */
  readonly path: string;
}

/** A URL as messages show it: no user or password. */
export const hideUserInfo = (url: string): string => url.replace(/\/\/[^@/]*@/, "//");

/**
 * Reads a broker URL: one of `schemes` (the first is assumed when the URL has none, so
 * `localhost:5672` works), the scheme's default port when none is given.
 */
export function brokerAddress(
  raw: string | undefined,
  schemes: Readonly<Record<string, number>>,
  where: string,
): BrokerAddress {
  const [first] = Object.keys(schemes);
  const text = raw?.trim() ?? "";
  if (text === "")
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no url option`, {
      hint: `give the connection a url like ${first}://host:${schemes[first!]}`,
    });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `${first}://${text}`);
  } catch {
    throw new RowforgeError("RF_OPTION_INVALID", `${where}: url "${hideUserInfo(text)}" is not a URL`, {
      hint: `write it like ${first}://host:${schemes[first!]}`,
    });
  }
  const protocol = url.protocol.replace(/:$/, "").toLowerCase();
  const defaultPort = schemes[protocol];
  if (defaultPort === undefined || url.hostname === "")
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: url "${hideUserInfo(text)}" is not a ${Object.keys(schemes).join(" or ")} URL`,
      { hint: `write it like ${first}://host:${schemes[first!]}` },
    );
  const port = url.port === "" ? defaultPort : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return {
    protocol,
    host,
    port,
    shown: `${protocol}://${url.host.replace(/:\d+$/, "")}:${port}`,
    user: url.username === "" ? undefined : decodeURIComponent(url.username),
    password: url.password === "" ? undefined : decodeURIComponent(url.password),
    path: decodeURIComponent(url.pathname.replace(/^\//, "")),
  };
}

/** A number option in [min, max] (`"whole number"`: an integer there), or its default when absent. */
export function numberOption(
  raw: string | undefined,
  name: string,
  where: string,
  dflt: number,
  min: number,
  max: number,
  kind: "number" | "whole number" = "number",
): number {
  if (raw === undefined || raw.trim() === "") return dflt;
  const n = Number(raw);
  if (!(kind === "number" ? Number.isFinite(n) : Number.isInteger(n)) || n < min || n > max)
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: ${name} must be a ${kind} from ${min} to ${max}, not "${raw}"`,
    );
  return n;
}

/** A true/false option, or its default when absent. */
export function booleanOption(raw: string | undefined, name: string, where: string, dflt: boolean): boolean {
  if (raw === undefined || raw.trim() === "") return dflt;
  const b = parseBooleanOption(raw);
  if (b === undefined)
    throw new RowforgeError("RF_OPTION_INVALID", `${where}: ${name} must be true or false, not "${raw}"`);
  return b;
}

/** The connection's `connectTimeout` in milliseconds (seconds in the option, default 10). */
export const connectTimeoutMs = (raw: string | undefined, where: string): number =>
  numberOption(raw, "connectTimeout", where, 10, 0.1, 600) * 1000;

/** An error's code, also when it is its cause's (Node's network errors: ECONNREFUSED, ...). */
export const errorCode = (e: unknown): string | undefined => {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === "string" ? code : typeof code === "number" ? String(code) : undefined;
};

/** Network errors that mean nothing listens (or can be reached) at the address. */
export const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "ECONNRESET",
]);

/**
 * Where a step publishes: the first of `keys` its options give, trimmed ("" when none does and
 * `needed` is false, e.g. a connection tested on its own); RF_KEY_MISSING naming `what` otherwise.
 */
export function destinationOption(
  o: Readonly<Record<string, string>>,
  keys: readonly string[],
  what: string,
  who: string,
  needed: boolean,
): string {
  // The first key given at all wins (as `o.topic ?? o.destinationName` reads them).
  const value =
    keys
      .map((k) => o[k])
      .find((v) => v !== undefined)
      ?.trim() ?? "";
  if (needed && value === "")
    throw new RowforgeError("RF_KEY_MISSING", `${who} names no ${what} to publish to`, {
      hint: `give the step a ${what} option`,
    });
  return value;
}

/**
 * `connecting`, or RF_BROKER_UNREACHABLE (`no <protocol> answer from <address> within N s`)
 * once the connection's connectTimeout has passed; the caller closes a connection that comes late.
 */
export async function withinBrokerTimeout<T>(
  connecting: Promise<T>,
  o: { readonly where: string; readonly connectTimeoutMs: number; readonly address: BrokerAddress },
  protocol: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RowforgeError(
            "RF_BROKER_UNREACHABLE",
            `${o.where}: no ${protocol} answer from ${o.address.shown} within ${o.connectTimeoutMs / 1000} s`,
          ),
        ),
      o.connectTimeoutMs,
    );
  });
  try {
    return await Promise.race([connecting, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a broker connector reads the same way for every broker. */
export interface BrokerTarget {
  /** `step "s" (connection "c"): <destination> at <scheme>://host:port`. */
  readonly where: string;
  readonly address: BrokerAddress;
  /** The login (the connection's user and password, else the URL's). Never shown. */
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly connectTimeoutMs: number;
  /** `host:port/destination`: the step's output. */
  readonly output: string;
}

/** The login, connect timeout and output of options `o` for `destination` at `address`; `where` names them in messages. */
export function brokerTarget(
  o: Readonly<Record<string, string>>,
  address: BrokerAddress,
  where: string,
  destination: string,
): BrokerTarget {
  return {
    where,
    address,
    user: o.user?.trim() || address.user,
    password: o.password ?? address.password,
    connectTimeoutMs: connectTimeoutMs(o.connectTimeout, where),
    output: `${address.shown}/${destination}`,
  };
}
