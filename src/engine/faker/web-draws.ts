import {
  constant,
  type Draw,
  hexRun,
  joinDraws,
  joinWith,
  pickDraw,
  pickFrom,
  weightedDraw,
} from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";
import { numberText } from "./table-draws.ts";
import { hostLabel } from "./table-support.ts";
import { USER_AGENT_BROWSERS } from "./word-lists.ts";

/**
 * Compiled paths of the table's web values (see generators.ts for their faker paths): host
 * names from the locale's names, addresses and user agents, with the same parts, choices and
 * number ranges, drawn with the row's counter RNG.
 */

/** The locale's methods with every word made a host-name label once (hostLabel). */
const hostKernels = (k: LocaleKernels): LocaleKernels => k.withText("host", hostLabel);

/** A label drawn by `label`, or faker's domain word (adjective-noun) when a name gives nothing to make one from. */
function labelOr(k: LocaleKernels, label: Draw | undefined): Draw | undefined {
  const h = hostKernels(k);
  const word = joinDraws(h.list("word.adjective"), "-", h.list("word.noun"));
  if (label === undefined || word === undefined) return undefined;
  return (rnd) => {
    const v = label(rnd);
    return v === "" ? word(rnd) : v;
  };
}

/** A family name as a host-name label (generators' domainWord). */
export const domainWordDraw = (k: LocaleKernels): Draw | undefined => labelOr(k, hostKernels(k).lastName());

/** `label.suffix` (generators' domainName). */
export const domainNameDraw = (k: LocaleKernels): Draw | undefined =>
  joinDraws(domainWordDraw(k), ".", k.list("internet.domain_suffix"));

/** `www.first-last.suffix` (generators' webdomain). */
export const webdomainDraw = (k: LocaleKernels): Draw | undefined =>
  joinDraws(
    "www.",
    labelOr(k, hostKernels(k).firstName()),
    "-",
    domainWordDraw(k),
    ".",
    k.list("internet.domain_suffix"),
  );

/** Either nothing or `draw`, each half the time (faker's `boolean() ? draw : ""`). */
const maybe = (draw: Draw | undefined): Draw | undefined => draw && pickDraw([constant(""), draw]);

/** A web address with the optional parts of generators' url, each present half the time. */
export function urlDraw(k: LocaleKernels): Draw | undefined {
  const word = k.list("lorem.word");
  if (word === undefined) return undefined;
  const scheme = weightedDraw([
    { weight: 1, draw: constant("http://") },
    { weight: 3, draw: constant("https://") },
  ]);
  const path = pickDraw([constant("/"), joinDraws("/", word, "/", word) as Draw]);
  return joinDraws(
    scheme,
    webdomainDraw(k),
    maybe(joinDraws(":", numberText(0, 65535))),
    path,
    maybe(word),
    maybe(joinDraws("?", word, "=", word, "&", word, "=", word)),
    maybe(joinDraws("#", word)),
  );
}

const WEBKIT = "AppleWebKit/537.36 (KHTML, like Gecko)";

/** The user agents of generators' userAgent by browser, made the first time one is asked for. */
function makeAgents(): Readonly<Record<string, Draw | undefined>> {
  const windows = pickFrom([
    "Windows NT 10.0; Win64; x64",
    "Windows NT 6.1; WOW64",
    "Windows NT 6.3; Win64; x64",
  ]);
  const mac = joinDraws("Macintosh; Intel Mac OS X 10_", numberText(10, 15), "_", numberText(0, 7)) as Draw;
  const platform = pickDraw([windows, mac]);
  // Firefox names its version twice: one number in both places.
  const firefox: Draw = (rnd) => {
    const os = platform(rnd);
    const v = 90 + rnd.int(36);
    return `Mozilla/5.0 (${os}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`;
  };
  return {
    CHROME: joinDraws(
      "Mozilla/5.0 (",
      platform,
      `) ${WEBKIT} Chrome/`,
      numberText(90, 125),
      ".0.",
      numberText(4000, 6400),
      ".",
      numberText(10, 200),
      " Safari/537.36",
    ),
    FIREFOX: firefox,
    SAFARI: joinDraws(
      "Mozilla/5.0 (",
      mac,
      ") AppleWebKit/605.1.15 (KHTML, like Gecko) Version/",
      numberText(13, 17),
      ".",
      numberText(0, 6),
      " Safari/605.1.15",
    ),
    OPERA: joinDraws(
      "Mozilla/5.0 (",
      platform,
      `) ${WEBKIT} Chrome/`,
      numberText(90, 120),
      ".0.0.0 Safari/537.36 OPR/",
      numberText(80, 105),
      ".0.0.0",
    ),
    INTERNET_EXPLORER: joinDraws("Mozilla/5.0 (", windows, "; Trident/7.0; rv:11.0) like Gecko"),
    NETSCAPE: joinDraws(
      "Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.8.1.",
      numberText(10, 20),
      ") Gecko/20080219 Firefox/2.0.0.",
      numberText(10, 20),
      " Navigator/9.0.0.6",
    ),
    AOL: joinDraws(
      "Mozilla/5.0 (compatible; MSIE 9.0; AOL 9.",
      numberText(1, 7),
      "; AOLBuild 4337.",
      numberText(30, 99),
      "; ",
      windows,
      ")",
    ),
  };
}

let agents: Readonly<Record<string, Draw | undefined>> | undefined;

/** A user agent of `browser` (one of USER_AGENT_BROWSERS), or of any of them, each as often. */
export function userAgentDraw(browser?: string): Draw | undefined {
  agents ??= makeAgents();
  const made = agents;
  if (browser !== undefined) return made[browser];
  const all = USER_AGENT_BROWSERS.map((b) => made[b]);
  return all.every((d) => d !== undefined) ? pickDraw(all as Draw[]) : undefined;
}

/** Eight groups of four hexadecimal digits (generators' ipv6). */
export const ipv6Draw = (): Draw =>
  joinWith(
    ":",
    Array.from({ length: 8 }, () => hexRun(4)),
  );

/** A MAC address: the groups of `prefix` kept, the rest two hexadecimal digits each (generators' macAddress). */
export function macDraw(prefix = ""): Draw {
  const given = prefix.trim() === "" ? [] : prefix.split(":");
  const parts: (Draw | string)[] = [...given];
  while (parts.length < 6) parts.push(hexRun(2));
  return joinWith(":", parts);
}

/** An address of a private or loopback range, each range as often (generators' privateIpv4). */
export const privateIpv4Draw = (): Draw => {
  const octet = numberText(0, 255);
  const network = pickDraw([
    joinDraws("10.", octet),
    joinDraws("127.", octet),
    constant("169.254"),
    joinDraws("172.", numberText(16, 31)),
    constant("192.168"),
  ] as Draw[]);
  return joinDraws(network, ".", octet, ".", octet) as Draw;
};

/** First octets of private and loopback networks, which a public address moves past by one. */
const NOT_PUBLIC = new Set([10, 127, 169, 172, 192]);

/** An address outside the private and loopback networks (generators' publicIpv4). */
export const publicIpv4Draw = (): Draw => {
  const first = Array.from({ length: 223 }, (_, i) => String(NOT_PUBLIC.has(i + 1) ? i + 2 : i + 1));
  const octet = numberText(0, 255);
  return joinDraws(pickFrom(first), ".", octet, ".", octet, ".", numberText(1, 254)) as Draw;
};
