import type { Faker } from "@faker-js/faker";
import { RowforgeError } from "../../errors/index.ts";
import {
  abaCheckDigit,
  gtinCheckDigit,
  ibanCheckDigits,
  isbn10CheckChar,
  luhnCheckDigit,
} from "./check-digits.ts";
import {
  between,
  bothify,
  digits,
  hex,
  hostLabel,
  numerify,
  pick,
  stripAccents,
  username,
} from "./table-support.ts";
import { CARD_KINDS, IBAN_SHAPES, USER_AGENT_BROWSERS } from "./word-lists.ts";

/** Generators for the expression table that take more than one line; all draw through `f`. */

/** The prefixes and digit groups of a card kind (VISA, MASTERCARD, ...); an unknown kind is an error. */
export function cardSpec(kind: string): (typeof CARD_KINDS)[string] & { readonly digits: number } {
  const spec = CARD_KINDS[kind];
  if (!spec) {
    throw new RowforgeError("RF_VALUE_INVALID", `"${kind}" is not a credit card type`, {
      hint: `use one of ${Object.keys(CARD_KINDS).join(", ")}`,
    });
  }
  return { ...spec, digits: spec.groups.reduce((a, b) => a + b, 0) };
}

/** Card digits (a prefix, digits, then the Luhn digit of those) split into `groups` joined by `-`. */
export function cardText(body: string, groups: readonly number[]): string {
  const all = body + String(luhnCheckDigit(body));
  let out = "";
  let at = 0;
  for (const g of groups) {
    out += at === 0 ? all.slice(0, g) : `-${all.slice(at, at + g)}`;
    at += g;
  }
  return out;
}

/** A card number of `kind` (VISA, MASTERCARD, ...) in groups separated by `-`, Luhn-valid. */
export function creditCard(f: Faker, kind: string): string {
  const spec = cardSpec(kind);
  const prefix = pick(f, spec.prefixes);
  return cardText(prefix + digits(f, spec.digits - prefix.length - 1), spec.groups);
}

export const creditCardKinds = (): string[] => Object.keys(CARD_KINDS);

/** One run of an IBAN's account number: `length` characters of `kind` (`n` digits, `a` letters, `c` either). */
export interface IbanPart {
  readonly length: number;
  readonly kind: "n" | "a" | "c";
}

/** The account-number parts of an IBAN of `country` (upper case); an unsupported country is an error. */
export function ibanParts(country: string): IbanPart[] {
  const shape = IBAN_SHAPES[country];
  if (!shape) {
    throw new RowforgeError("RF_VALUE_INVALID", `IBANs for country "${country}" are not supported`, {
      hint: `use one of ${Object.keys(IBAN_SHAPES).join(", ")}`,
    });
  }
  return [...shape.matchAll(/(\d+)([nac])/g)].map(([, n, kind]) => ({
    length: Number(n),
    kind: kind as IbanPart["kind"],
  }));
}

/** An IBAN for `country` (or a random supported country) with correct check digits. */
export function iban(f: Faker, country?: string): string {
  const cc = (country ?? pick(f, Object.keys(IBAN_SHAPES))).toUpperCase();
  let bban = "";
  for (const { length, kind } of ibanParts(cc)) {
    if (kind === "n") bban += digits(f, length);
    else if (kind === "a") bban += f.string.alpha({ length, casing: "upper" });
    else bban += f.string.alphanumeric({ length, casing: "upper" });
  }
  return cc + ibanCheckDigits(cc, bban) + bban;
}

/** A US social security number `AAA-GG-SSSS` with the area, group and serial rules respected. */
export function ssnValid(f: Faker): string {
  let area = between(f, 1, 899);
  if (area === 666) area = 665;
  return `${String(area).padStart(3, "0")}-${String(between(f, 1, 99)).padStart(2, "0")}-${String(between(f, 1, 9999)).padStart(4, "0")}`;
}

/** Shapes of numbers like an SSN that break one of its rules (`#` a digit). */
export const INVALID_SSN_FORMATS: readonly string[] = [
  "000-##-####",
  "###-00-####",
  "###-##-0000",
  "666-##-####",
  "9##-##-####",
];

/** A number shaped like an SSN but breaking one of its rules. */
export const ssnInvalid = (f: Faker): string => numerify(f, pick(f, INVALID_SSN_FORMATS));

/** Registrant and publication parts of an ISBN: eight digits split in two, `1234-5678`. */
export function isbnRegistrant(f: Faker): string {
  const n = between(f, 2, 7);
  return `${digits(f, n)}-${digits(f, 8 - n)}`;
}

/** ISBN-10, with or without `-` separators. */
export function isbn10(f: Faker, separators: boolean): string {
  const group = pick(f, ["0", "1"]);
  const reg = isbnRegistrant(f);
  const body = `${group}${reg.replace("-", "")}`;
  const text = `${group}-${reg}-${isbn10CheckChar(body)}`;
  return separators ? text : text.replaceAll("-", "");
}

/** ISBN-13, with or without `-` separators. */
export function isbn13(f: Faker, separators: boolean): string {
  const gs1 = pick(f, ["978", "979"]);
  const group = pick(f, ["0", "1"]);
  const reg = isbnRegistrant(f);
  const body = `${gs1}${group}${reg.replace("-", "")}`;
  const text = `${gs1}-${group}-${reg}-${gtinCheckDigit(body)}`;
  return separators ? text : text.replaceAll("-", "");
}

/** A GTIN / EAN of `length` digits with its check digit. */
export function gtin(f: Faker, length: number): string {
  const body = digits(f, length - 1);
  return body + String(gtinCheckDigit(body));
}

/** The reporting-body prefixes of IMEIs. */
export const IMEI_PREFIXES: readonly string[] = [
  "01",
  "10",
  "30",
  "33",
  "35",
  "44",
  "45",
  "49",
  "50",
  "51",
  "52",
  "53",
  "54",
  "86",
  "91",
  "98",
  "99",
];

/** A 15-digit IMEI with a valid reporting-body prefix and Luhn digit. */
export function imei(f: Faker): string {
  const body = pick(f, IMEI_PREFIXES) + digits(f, 12);
  return body + String(luhnCheckDigit(body));
}

/** An Amazon-style product identifier: `B0` and eight letters or digits. */
export const asin = (f: Faker): string => `B0${f.string.alphanumeric({ length: 8, casing: "upper" })}`;

/** A US bank routing number with its check digit. */
export function usRoutingNumber(f: Faker): string {
  const eight = String(between(f, 1, 12)).padStart(2, "0") + digits(f, 6);
  return eight + String(abaCheckDigit(eight));
}

/** A web address `http(s)://www.first-last.suffix[:port]/path/file?k=v&k=v#anchor`, parts chosen at random. */
export function url(f: Faker): string {
  const scheme = f.datatype.boolean() ? pick(f, ["http://", "https://"]) : "https://";
  const port = f.datatype.boolean() ? `:${between(f, 0, 65535)}` : "";
  const path = f.datatype.boolean() ? `/${f.lorem.word()}/${f.lorem.word()}` : "/";
  const file = f.datatype.boolean() ? f.lorem.word() : "";
  const params = f.datatype.boolean()
    ? `?${f.lorem.word()}=${f.lorem.word()}&${f.lorem.word()}=${f.lorem.word()}`
    : "";
  const anchor = f.datatype.boolean() ? `#${f.lorem.word()}` : "";
  return scheme + webdomain(f) + port + path + file + params + anchor;
}

/** A host-name label made from `text`, or an ordinary word when the text has nothing to make one from. */
export const asciiLabel = (f: Faker, text: string): string => hostLabel(text) || f.internet.domainWord();

export const domainWord = (f: Faker): string => asciiLabel(f, f.person.lastName());

export const domainName = (f: Faker): string => `${domainWord(f)}.${f.internet.domainSuffix()}`;

export const webdomain = (f: Faker): string =>
  `www.${asciiLabel(f, f.person.firstName())}-${domainWord(f)}.${f.internet.domainSuffix()}`;

/** The domains of safe e-mail addresses. */
export const SAFE_EMAIL_DOMAINS: readonly string[] = ["example.com", "example.org", "example.net"];

/** `local@free-mail-domain`; the local part loses accents and spaces but keeps its script and case. */
export function email(f: Faker, local?: string, safe = false): string {
  const domain = safe ? pick(f, SAFE_EMAIL_DOMAINS) : pick(f, f.definitions.internet.free_email);
  return `${stripAccents(local ?? username(f)).replace(/[\s"@,;:<>()[\]\\]/g, "")}@${domain}`;
}

/** A MAC address; `prefix` (`aa:bb`) is kept and the rest filled in. */
export function macAddress(f: Faker, prefix = ""): string {
  const given = prefix.trim() === "" ? [] : prefix.split(":");
  const parts = [...given];
  while (parts.length < 6) parts.push(hex(f, 2));
  return parts.join(":");
}

export const ipv4 = (f: Faker): string =>
  [between(f, 2, 255), between(f, 2, 255), between(f, 2, 255), between(f, 2, 255)].join(".");

export function privateIpv4(f: Faker): string {
  const first = pick(f, [10, 127, 169, 172, 192]);
  const second =
    first === 172 ? between(f, 16, 31) : first === 192 ? 168 : first === 169 ? 254 : between(f, 0, 255);
  return `${first}.${second}.${between(f, 0, 255)}.${between(f, 0, 255)}`;
}

export function publicIpv4(f: Faker): string {
  let first = between(f, 1, 223);
  while (first === 10 || first === 127 || first === 169 || first === 172 || first === 192) first++;
  return `${first}.${between(f, 0, 255)}.${between(f, 0, 255)}.${between(f, 1, 254)}`;
}

/** Full IPv6 form, eight groups of four hex digits. */
export const ipv6 = (f: Faker): string => Array.from({ length: 8 }, () => hex(f, 4)).join(":");

/** A UUID with version nibble `version` and the RFC 4122 variant. */
export function uuidWithVersion(f: Faker, version: number): string {
  const h = hex(f, 32).split("");
  h[12] = version.toString(16);
  h[16] = (8 + f.number.int(3)).toString(16);
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A version-7 UUID whose time part is a moment within a year before `refMs`. */
export function uuidV7(f: Faker, refMs: number): string {
  const ms = refMs - f.number.int(31_536_000_000);
  const time = ms.toString(16).padStart(12, "0").slice(-12);
  const rest = uuidWithVersion(f, 7).replaceAll("-", "").slice(12);
  const s = time + rest;
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A browser user agent, for one of the named browsers or any of them. */
export function userAgent(f: Faker, browser?: string): string {
  const b = browser ?? pick(f, USER_AGENT_BROWSERS);
  const win = pick(f, ["Windows NT 10.0; Win64; x64", "Windows NT 6.1; WOW64", "Windows NT 6.3; Win64; x64"]);
  const mac = `Macintosh; Intel Mac OS X 10_${between(f, 10, 15)}_${between(f, 0, 7)}`;
  const os = f.datatype.boolean() ? win : mac;
  const webkit = `AppleWebKit/537.36 (KHTML, like Gecko)`;
  switch (b) {
    case "CHROME":
      return `Mozilla/5.0 (${os}) ${webkit} Chrome/${between(f, 90, 125)}.0.${between(f, 4000, 6400)}.${between(f, 10, 200)} Safari/537.36`;
    case "FIREFOX": {
      const v = between(f, 90, 125);
      return `Mozilla/5.0 (${os}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`;
    }
    case "SAFARI":
      return `Mozilla/5.0 (${mac}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${between(f, 13, 17)}.${between(f, 0, 6)} Safari/605.1.15`;
    case "OPERA":
      return `Mozilla/5.0 (${os}) ${webkit} Chrome/${between(f, 90, 120)}.0.0.0 Safari/537.36 OPR/${between(f, 80, 105)}.0.0.0`;
    case "INTERNET_EXPLORER":
      return `Mozilla/5.0 (${win}; Trident/7.0; rv:11.0) like Gecko`;
    case "NETSCAPE":
      return `Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.8.1.${between(f, 10, 20)}) Gecko/20080219 Firefox/2.0.0.${between(f, 10, 20)} Navigator/9.0.0.6`;
    default:
      return `Mozilla/5.0 (compatible; MSIE 9.0; AOL 9.${between(f, 1, 7)}; AOLBuild 4337.${between(f, 30, 99)}; ${win})`;
  }
}

/** A file name `dir/name.ext` (each part chosen when not given). */
export function fileName(f: Faker, dir?: string, name?: string, ext?: string, sep?: string): string {
  const d = dir || f.word.noun();
  const n = name || f.word.noun();
  const e = ext || f.system.commonFileExt();
  return `${d}${sep || "/"}${n}.${e}`;
}

/** Shapes of US-style licence plates (`?` a capital letter, `#` a digit). */
export const LICENSE_PLATES: readonly string[] = ["???-####", "### ???", "#??-###", "????###"];

/** A US-style licence plate. */
export const licensePlate = (f: Faker): string => bothify(f, pick(f, LICENSE_PLATES), true);

/** A vehicle identification number (17 characters, no I, O or Q). */
export const vin = (f: Faker): string => f.vehicle.vin();
