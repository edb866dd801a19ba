import { constant, type Draw, joinDraws, pickDraw, pickFrom, weightedDraw } from "./locale-draw.ts";
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
