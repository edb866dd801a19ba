import { en_US, type Faker } from "@faker-js/faker";
import { RowforgeError } from "../../errors/index.ts";
import { MILLIS_PER_DAY } from "../../util/calendar.ts";
import type { FakerEntry } from "./faker-entry.ts";
import {
  countArg,
  counted,
  datePattern,
  type FakerSize,
  FIXED_CALL_LENGTH,
  listLength,
  oneOfArgs,
  paragraphLength,
  sentenceLength,
  upTo,
  withArgs,
  wordListLength,
} from "./faker-size.ts";
import * as g from "./generators.ts";
import {
  anyCreditCardDraw,
  anyIbanDraw,
  creditCardDraw,
  gtinDraw,
  ibanDraw,
  imeiDraw,
  isbnDraw,
  isbnRegistrantDraw,
  UPPER,
  UPPER_DIGITS,
  usRoutingDraw,
  uuidDraw,
  uuidV7Draw,
} from "./id-draws.ts";
import {
  compileJavaDate,
  formatJavaDate,
  instantText,
  javaDouble,
  javaList,
  localDateText,
  timestampText,
} from "./java-text.ts";
import {
  charRun,
  constant,
  type Draw,
  digitBetween,
  digitRun,
  hexRun,
  joinDraws,
  joinWith,
  pickDraw,
  pickFrom,
  symbolFormat,
  weightedDraw,
} from "./locale-draw.ts";
import {
  distinctWords,
  emailDraw,
  ipv4Draw,
  listDraw,
  mapWords,
  numberText,
  paragraphDraw,
  randomTextDraw,
  sentenceDraw,
  ssnDraw,
  usernameDraw,
  zipCodeDraw,
} from "./table-draws.ts";
import {
  between,
  boolArg,
  bothify,
  choiceArg,
  dateArg,
  digits,
  flagEmoji,
  futureMs,
  hex,
  intArg,
  intArgOr,
  isIntText,
  localeWords,
  now,
  numArg,
  numerify,
  offsetSpan,
  pastMs,
  pick,
  randomText,
  stripAccents,
  unitArg,
  username,
  zipCode,
} from "./table-support.ts";
import {
  domainNameDraw,
  domainWordDraw,
  ipv6Draw,
  macDraw,
  privateIpv4Draw,
  publicIpv4Draw,
  urlDraw,
  userAgentDraw,
  webdomainDraw,
} from "./web-draws.ts";
import * as w from "./word-lists.ts";

/**
 * THE expression table: `Provider.method` as users write it → how rowforge makes the value.
 * Lookup ignores case and underscores (`Name.first_name` = `name.firstName`), see
 * faker-lookup.ts. Values are strings; numbers, dates and lists are rendered as users' files
 * expect (see java-text.ts). Dates count back or forward from the run's reference date.
 */

const DAY_MS = MILLIS_PER_DAY;
const YEAR_MS = 365 * DAY_MS;

type DateRender = (ms: number) => string;

/** A method whose value is one of a word list's. */
const fromList = (list: readonly string[]): FakerEntry => ({
  faker: (f) => pick(f, list),
  compiled: () => pickFrom(list),
});

/** A method whose value is a faker-js locale list (`location.state`), drawn from the list when compiled. */
const localeList = (path: string, faker: (f: Faker) => string, doc?: string): FakerEntry => ({
  faker,
  compiled: (k) => k.list(path),
  ...(doc === undefined ? {} : { doc }),
});

/** One column of a table of rowforge's (`[name, code]` rows), `map` applied to it: a row picked, its column given. */
const columnOf = (
  rows: readonly (readonly string[])[],
  column: number,
  map: (s: string) => string = (s) => s,
): FakerEntry => ({
  faker: (f) => map(pick(f, rows)[column] ?? ""),
  compiled: () => pickFrom(rows.map((r) => map(r[column] ?? ""))),
});

/** One column of the country table. */
const countryColumn = (column: number): FakerEntry => columnOf(w.COUNTRIES, column);

/** A field of a faker-js locale list of records (`finance.currency`'s `code`). */
const localeColumn = (
  path: string,
  key: string,
  faker: (f: Faker) => string,
  nonEmpty = false,
): FakerEntry => ({
  faker,
  compiled: (k) => k.column(path, key, nonEmpty),
});

/** One word of each list joined by `separator` (`key` + `quality`, `brand style`). */
const joinedLists = (separator: string, ...lists: readonly (readonly string[])[]): FakerEntry => ({
  faker: (f) => lists.map((l) => pick(f, l)).join(separator),
  compiled: () => joinWith(separator, lists.map(pickFrom)),
});

/** The arguments of past/future read: the span in ms, the minimum distance from the run date, the pattern. */
interface Offset {
  readonly atMost: number;
  readonly minimum: number;
  readonly pattern: string | undefined;
}

/** past/future's argument forms (), ('atMost','UNIT'), ('atMost','minimum','UNIT'), (..., 'pattern'). */
function offsetArgs(a: readonly string[]): Offset {
  if (a.length < 2) return { atMost: YEAR_MS, minimum: 0, pattern: undefined };
  const withMinimum = a.length === 4 || (a.length === 3 && isIntText(a[1]));
  const unit = unitArg(a, withMinimum ? 2 : 1);
  const atMost = intArg(a, 0) * unit;
  const minimum = withMinimum ? intArg(a, 1) * unit : 0;
  const pattern = a.length === 4 ? a[3] : a.length === 3 && !withMinimum ? a[2] : undefined;
  if (minimum >= atMost) {
    throw new RowforgeError("RF_RANGE_INVERTED", `minimum ${a[1]} is not below atMost ${a[0]}`);
  }
  return { atMost, minimum, pattern };
}

/** The pattern's formatter when one is given, else the method's own rendering. */
const renderWith = (pattern: string | undefined, render: DateRender): DateRender =>
  pattern === undefined ? render : compileJavaDate(pattern);

/** past/future with the argument forms of offsetArgs. */
function relativeDate(direction: "past" | "future", render: DateRender): FakerEntry {
  return {
    arity: [0, 2, 3, 4],
    usage: "'atMost','UNIT' or 'atMost','minimum','UNIT', optionally followed by a 'pattern'",
    size: datePattern(3, 2),
    doc: `a moment in the ${direction} of the run date (within 365 days when no arguments are given)`,
    faker: (f, a) => {
      const { atMost, minimum, pattern } = offsetArgs(a);
      const ms =
        direction === "past" ? pastMs(f, now(f), atMost, minimum) : futureMs(f, now(f), atMost, minimum);
      return pattern === undefined ? render(ms) : formatJavaDate(ms, pattern);
    },
    compiled: (_k, a, ref) => {
      const { atMost, minimum, pattern } = offsetArgs(a);
      const out = renderWith(pattern, render);
      // The moments pastMs/futureMs give: `span` of them, counted away from the run date.
      const span = offsetSpan(atMost, minimum);
      if (direction === "past") {
        const latest = ref - minimum - 1;
        return (rnd) => out(latest - rnd.int(span));
      }
      const earliest = ref + minimum + 1;
      return (rnd) => out(earliest + rnd.int(span));
    },
  };
}

/** The arguments of between read: the first moment, how many follow it, the pattern. */
function betweenArgs(a: readonly string[]): { from: number; span: number; pattern: string | undefined } {
  const from = dateArg(a, 0);
  const to = dateArg(a, 1);
  if (to < from)
    throw new RowforgeError("RF_RANGE_INVERTED", `date range ${a[0]} .. ${a[1]} ends before it starts`);
  return { from, span: to - from, pattern: a.length === 3 ? (a[2] ?? "") : undefined };
}

function betweenDates(render: DateRender): FakerEntry {
  return {
    arity: [2, 3],
    usage: "'from','to' (dates such as '2024-01-31 00:00:00'), optionally a 'pattern'",
    size: datePattern(2),
    doc: "a moment between two dates",
    faker: (f, a) => {
      const { from, span, pattern } = betweenArgs(a);
      const ms = span === 0 ? from : from + f.number.int(span - 1);
      return pattern === undefined ? render(ms) : formatJavaDate(ms, pattern);
    },
    compiled: (_k, a) => {
      const { from, span, pattern } = betweenArgs(a);
      const out = renderWith(pattern, render);
      return span === 0 ? constant(out(from)) : (rnd) => out(from + rnd.int(span));
    },
  };
}

/** The arguments of birthday read against the run date: the first day (epoch days), how many follow, the pattern. */
function birthdayArgs(
  a: readonly string[],
  ref: number,
): { first: number; days: number; pattern: string | undefined } {
  const ranged = a.length >= 2;
  const minAge = ranged ? intArg(a, 0) : 18;
  const maxAge = ranged ? intArg(a, 1) : 65;
  if (maxAge < minAge)
    throw new RowforgeError("RF_RANGE_INVERTED", `age range ${minAge}..${maxAge} is inverted`);
  const d = new Date(ref);
  const yearsBack = (y: number): number =>
    Math.floor(Date.UTC(d.getUTCFullYear() - y, d.getUTCMonth(), d.getUTCDate()) / DAY_MS);
  const first = yearsBack(maxAge);
  const pattern = a.length === 1 ? a[0] : a.length === 3 ? a[2] : undefined;
  return { first, days: Math.max(0, yearsBack(minAge) - first), pattern };
}

function birthday(render: DateRender): FakerEntry {
  return {
    arity: [0, 1, 2, 3],
    usage: "'minAge','maxAge' and/or a 'pattern'",
    size: (a) => datePattern(a.length === 1 ? 0 : 2)(a),
    doc: "a date of birth for an age of 18-65 years (or the range given), at midnight",
    faker: (f, a) => {
      const { first, days, pattern } = birthdayArgs(a, now(f));
      const day = days > 0 ? first + f.number.int(days - 1) : first;
      return pattern === undefined ? render(day * DAY_MS) : formatJavaDate(day * DAY_MS, pattern);
    },
    compiled: (_k, a, ref) => {
      const { first, days, pattern } = birthdayArgs(a, ref);
      const out = renderWith(pattern, render);
      return days > 0 ? (rnd) => out((first + rnd.int(days)) * DAY_MS) : constant(out(first * DAY_MS));
    },
  };
}

/** A number of words joined into a sentence with a capital and a full stop. */
function sentence(f: Faker, wordCount: number, extra: number): string {
  const total = wordCount + (extra > 0 ? f.number.int(extra - 1) : 0);
  const words = Array.from({ length: Math.max(1, total) }, () => f.lorem.word());
  const first = words[0] ?? "";
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(" ")}.`;
}

const paragraph = (f: Faker, sentences: number): string =>
  Array.from({ length: sentences + f.number.int(2) }, () => sentence(f, 3, 6)).join(" ");

/** The longest value of Lorem.characters in each of its overloads (see charactersFrom). */
const charactersSize: FakerSize = (a) =>
  isIntText(a[0]) ? Math.max(countArg(a, 0, 0), isIntText(a[1]) ? countArg(a, 1, 0) : 0) : 255;

/** -90..90 and -180..180 with 8 decimals. */
const LATITUDE: Draw = (rnd) => (rnd.float() * 180 - 90).toFixed(8);
const LONGITUDE: Draw = (rnd) => (rnd.float() * 360 - 180).toFixed(8);

/** The arguments of randomText: min, max, upper case, symbols, digits. */
type TextArgs = [min: number, max: number, upper: boolean, special: boolean, digit: boolean];

/** Internet.password's forms: ('includeDigit') or ('min','max'[,'upper'[,'special'[,'digit']]]). */
const passwordArgs = (a: readonly string[]): TextArgs =>
  a.length === 1
    ? [8, 16, false, false, boolArg(a, 0)]
    : [intArgOr(a, 0, 8), intArgOr(a, 1, 16), boolArg(a, 2), boolArg(a, 3), boolArg(a, 4, true)];

/** Text.text's forms: (), ('includeDigit'), ('length'), ('min','max'[,'upper'[,'special'[,'digit']]]). */
function textArgs(a: readonly string[]): TextArgs {
  if (a.length === 0) return [20, 80, false, false, false];
  if (a.length === 1 && !isIntText(a[0])) return [20, 80, false, false, boolArg(a, 0)];
  const min = intArg(a, 0);
  return [min, a.length === 1 ? min : intArg(a, 1), boolArg(a, 2), boolArg(a, 3), boolArg(a, 4)];
}

/** Lorem.characters' forms: (), (upper), (n), (min,max), (n,upper), (min,max,upper), (n,upper,digit), (min,max,upper,digit). */
function charactersArgs(a: readonly string[]): TextArgs {
  if (a.length === 0) return [255, 255, false, false, true];
  if (!isIntText(a[0])) return [255, 255, boolArg(a, 0), false, true];
  const ranged = isIntText(a[1]);
  const min = intArg(a, 0);
  const rest = ranged ? 2 : 1;
  return [min, ranged ? intArg(a, 1) : min, boolArg(a, rest), false, boolArg(a, rest + 1, true)];
}

/** Number.randomNumber's digit count, 1-18. */
function digitCountArg(a: readonly string[]): number {
  const n = intArg(a, 0);
  if (n < 1 || n > 18) throw new RowforgeError("RF_VALUE_INVALID", `numberOfDigits must be 1..18, got ${n}`);
  return n;
}

/** A whole number from `min` to `max` as text; an inverted range is an error. */
function rangeText(min: number, max: number): Draw {
  if (max < min) throw new RowforgeError("RF_RANGE_INVERTED", `range ${min}..${max} is inverted`);
  return numberText(min, max);
}

/** An image address of picsum.photos as faker's image.url makes it: a seed of 5-10 letters and digits, a width, a height. */
const picsumDraw = (width: Draw, height: Draw): Draw =>
  joinDraws(
    "https://picsum.photos/seed/",
    pickDraw([5, 6, 7, 8, 9, 10].map((n) => charRun(ALPHANUMERIC, n))),
    "/",
    width,
    "/",
    height,
  ) as Draw;
const ALPHANUMERIC = `${UPPER}${UPPER.toLowerCase()}0123456789`;

/** The card kinds of Business.creditCardNumber. */
const BUSINESS_CARDS = ["VISA", "MASTERCARD", "AMERICAN_EXPRESS", "DISCOVER"];

/** How far after the run date a card's expiry date can be. */
const EXPIRY_MS = 5 * YEAR_MS;

/** The card kind Finance.creditCard's argument names (AMEX and DINERS are short names), or undefined without one. */
function cardKindArg(a: readonly string[]): string | undefined {
  if (a.length === 0) return undefined;
  const short: Readonly<Record<string, string>> = { AMEX: "AMERICAN_EXPRESS", DINERS: "DINERS_CLUB" };
  const given = (a[0] ?? "").trim().toUpperCase();
  return short[given] ?? choiceArg(a, 0, g.creditCardKinds());
}

/** Java's `Integer.MIN_VALUE` .. `MAX_VALUE` bounds for int-typed methods. */
const INT_MAX = 2_147_483_647;

export const FAKER_TABLE: Readonly<Record<string, FakerEntry>> = {
  // ─── Name ────────────────────────────────────────────────────────────────────
  "Name.name": {
    faker: (f) => f.person.fullName(),
    compiled: (k) => k.fullName(),
    doc: "full name, sometimes with a prefix or suffix",
  },
  "Name.fullName": {
    faker: (f) => f.person.fullName(),
    compiled: (k) => k.fullName(),
    doc: "same as Name.name",
  },
  "Name.nameWithMiddle": {
    faker: (f) => `${f.person.firstName()} ${f.person.middleName()} ${f.person.lastName()}`,
    compiled: (k) => joinDraws(k.firstName(), " ", k.middleName(), " ", k.lastName()),
    doc: "first, middle and last name",
  },
  "Name.firstName": { faker: (f) => f.person.firstName(), compiled: (k) => k.firstName(), doc: "given name" },
  "Name.femaleFirstName": {
    faker: (f) => f.person.firstName("female"),
    compiled: (k) => k.firstName("female"),
    doc: "female given name",
  },
  "Name.maleFirstName": {
    faker: (f) => f.person.firstName("male"),
    compiled: (k) => k.firstName("male"),
    doc: "male given name",
  },
  "Name.lastName": { faker: (f) => f.person.lastName(), compiled: (k) => k.lastName(), doc: "family name" },
  "Name.prefix": { faker: (f) => f.person.prefix(), compiled: (k) => k.prefix(), doc: "Mr., Mrs., Dr., ..." },
  "Name.suffix": localeList("person.suffix", (f) => f.person.suffix(), "Jr., Sr., PhD, ..."),
  "Name.title": {
    faker: (f) => f.person.jobTitle(),
    compiled: (k) => k.jobTitle(),
    doc: "job title such as Lead Solutions Specialist",
  },
  "Name.username": { faker: username, compiled: usernameDraw, doc: "first.last in lower case" },

  // ─── Address ─────────────────────────────────────────────────────────────────
  "Address.streetName": { faker: (f) => f.location.street(), compiled: (k) => k.street() },
  "Address.streetAddressNumber": {
    faker: (f) => String(f.number.int(999)),
    compiled: () => (rnd) => String(rnd.int(1000)),
    doc: "0-999",
  },
  "Address.streetAddress": {
    arity: [0, 1],
    usage: "'includeSecondary' (true/false)",
    size: upTo(FIXED_CALL_LENGTH),
    faker: (f, a) => f.location.streetAddress(boolArg(a, 0)),
    compiled: (k, a) => k.streetAddress(boolArg(a, 0)),
  },
  "Address.secondaryAddress": {
    faker: (f) => f.location.secondaryAddress(),
    compiled: (k) => k.secondaryAddress(),
    doc: "Apt. 123, Suite 456",
  },
  "Address.zipCode": { faker: zipCode, compiled: zipCodeDraw, doc: "postal code" },
  "Address.postcode": { faker: zipCode, compiled: zipCodeDraw, doc: "postal code" },
  "Address.zipCodePlus4": {
    faker: (f) => numerify(f, "#####-####"),
    compiled: () => symbolFormat("#####-####", "#"),
    doc: "ZIP+4",
  },
  "Address.zipCodeByState": {
    arity: [1],
    usage: "'stateAbbr' such as 'CA'",
    size: upTo(16),
    doc: "a ZIP code of the given US state",
    faker: (f, a) => {
      const st = (a[0] ?? "").trim().toUpperCase();
      const pattern = en_US.location?.postcode_by_state?.[st];
      if (pattern === undefined) {
        throw new RowforgeError("RF_VALUE_INVALID", `"${a[0]}" is not a US state abbreviation`);
      }
      return f.helpers.fake(pattern).padStart(5, "0");
    },
  },
  "Address.streetSuffix": localeList(
    "location.street_suffix",
    (f) => pick(f, f.definitions.location.street_suffix),
    "Street, Avenue, ...",
  ),
  "Address.citySuffix": localeList("location.city_suffix", (f) =>
    pick(f, f.definitions.location.city_suffix),
  ),
  "Address.cityPrefix": localeList("location.city_prefix", (f) =>
    pick(f, f.definitions.location.city_prefix),
  ),
  "Address.city": { faker: (f) => f.location.city(), compiled: (k) => k.city() },
  "Address.cityName": localeList("location.city_name", (f) => pick(f, f.definitions.location.city_name)),
  "Address.state": localeList("location.state", (f) => f.location.state()),
  "Address.stateAbbr": localeList("location.state_abbr", (f) => f.location.state({ abbreviated: true })),
  "Address.latitude": {
    faker: (f) => (f.number.float() * 180 - 90).toFixed(8),
    compiled: () => LATITUDE,
    doc: "-90..90, 8 decimals",
  },
  "Address.longitude": {
    faker: (f) => (f.number.float() * 360 - 180).toFixed(8),
    compiled: () => LONGITUDE,
    doc: "-180..180, 8 decimals",
  },
  "Address.latLon": {
    arity: [0, 1],
    usage: "'delimiter'",
    size: withArgs(32),
    faker: (f, a) =>
      `${(f.number.float() * 180 - 90).toFixed(8)}${a[0] ?? ","}${(f.number.float() * 360 - 180).toFixed(8)}`,
    compiled: (_k, a) => joinDraws(LATITUDE, a[0] ?? ",", LONGITUDE),
  },
  "Address.lonLat": {
    arity: [0, 1],
    usage: "'delimiter'",
    size: withArgs(32),
    faker: (f, a) =>
      `${(f.number.float() * 360 - 180).toFixed(8)}${a[0] ?? ","}${(f.number.float() * 180 - 90).toFixed(8)}`,
    compiled: (_k, a) => joinDraws(LONGITUDE, a[0] ?? ",", LATITUDE),
  },
  "Address.timeZone": localeList(
    "location.time_zone",
    (f) => f.location.timeZone(),
    "IANA zone such as Europe/Berlin",
  ),
  "Address.country": localeList("location.country", (f) => f.location.country()),
  "Address.countryCode": {
    faker: (f) => f.location.countryCode("alpha-2"),
    compiled: (k) => k.countryCode("alpha2"),
    doc: "ISO 3166 alpha-2",
  },
  "Address.buildingNumber": {
    faker: (f) => f.location.buildingNumber(),
    compiled: (k) => k.buildingNumber(),
  },
  "Address.fullAddress": {
    faker: (f) =>
      `${f.location.streetAddress(f.datatype.boolean(0.2))}, ${f.location.city()}, ${f.location.state({ abbreviated: true })} ${zipCode(f)}`,
    compiled: (k) => {
      const full = k.streetAddress(true);
      const normal = k.streetAddress(false);
      const street =
        full && normal
          ? weightedDraw([
              { weight: 0.2, draw: full },
              { weight: 0.8, draw: normal },
            ])
          : undefined;
      return joinDraws(street, ", ", k.city(), ", ", k.list("location.state_abbr"), " ", zipCodeDraw(k));
    },
    doc: "street, city, state abbreviation and postal code on one line",
  },
  "Address.mailBox": {
    faker: (f) => `PO Box ${digits(f, between(f, 2, 4))}`,
    compiled: () => joinDraws("PO Box ", pickDraw([digitRun(2), digitRun(3), digitRun(4)])),
  },

  // ─── Company ─────────────────────────────────────────────────────────────────
  "Company.name": { faker: (f) => f.company.name(), compiled: (k) => k.companyName() },
  "Company.suffix": localeList(
    "company.legal_entity_type",
    (f) => pick(f, localeWords(f, "company", "legal_entity_type")),
    "Inc, LLC, Group, ...",
  ),
  "Company.industry": fromList(w.COMPANY.industry),
  "Company.profession": fromList(w.COMPANY.profession),
  "Company.buzzword": {
    faker: (f) =>
      pick(f, [
        f.company.catchPhraseAdjective(),
        f.company.catchPhraseDescriptor(),
        f.company.catchPhraseNoun(),
      ]),
    compiled: (k) => {
      const lists = [k.list("company.adjective"), k.list("company.descriptor"), k.list("company.noun")];
      return lists.every((d) => d !== undefined) ? pickDraw(lists) : undefined;
    },
  },
  "Company.catchPhrase": {
    faker: (f) => f.company.catchPhrase(),
    compiled: (k) =>
      joinDraws(k.list("company.adjective"), " ", k.list("company.descriptor"), " ", k.list("company.noun")),
  },
  "Company.bs": {
    faker: (f) => f.company.buzzPhrase(),
    compiled: (k) =>
      joinDraws(
        k.list("company.buzz_verb"),
        " ",
        k.list("company.buzz_adjective"),
        " ",
        k.list("company.buzz_noun"),
      ),
    doc: "business speak: verb, adjective, noun",
  },
  "Company.logo": {
    faker: (f) => f.image.url({ width: 128, height: 128 }),
    compiled: () => picsumDraw(constant("128"), constant("128")),
    doc: "image URL",
  },
  "Company.url": {
    faker: (f) => `www.${g.domainWord(f)}.${f.internet.domainSuffix()}`,
    compiled: (k) => joinDraws("www.", domainWordDraw(k), ".", k.list("internet.domain_suffix")),
  },

  // ─── Internet ────────────────────────────────────────────────────────────────
  "Internet.username": { faker: username, compiled: usernameDraw, doc: "first.last in lower case" },
  "Internet.emailAddress": {
    arity: [0, 1],
    usage: "'localPart'",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.email(f, a[0]),
    compiled: (k, a) => emailDraw(k, a[0], k.list("internet.free_email")),
    doc: "first.last@free-mail domain",
  },
  "Internet.safeEmailAddress": {
    arity: [0, 1],
    usage: "'localPart'",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.email(f, a[0], true),
    compiled: (k, a) => emailDraw(k, a[0], pickFrom(g.SAFE_EMAIL_DOMAINS)),
    doc: "address at example.com/org/net",
  },
  "Internet.emailSubject": fromList(w.MISC.emailSubject),
  "Internet.domainName": { faker: g.domainName, compiled: domainNameDraw, doc: "lastname.suffix" },
  "Internet.domainWord": { faker: g.domainWord, compiled: domainWordDraw },
  "Internet.domainSuffix": localeList("internet.domain_suffix", (f) => f.internet.domainSuffix()),
  "Internet.url": {
    faker: g.url,
    compiled: urlDraw,
    doc: "http(s)://www.first-last.suffix with optional port, path, query, anchor",
  },
  "Internet.webdomain": { faker: g.webdomain, compiled: webdomainDraw },
  "Internet.image": {
    arity: [0, 2, 3],
    usage: "'width','height' and optionally a 'seed'",
    size: withArgs(64),
    faker: (f, a) => {
      if (a.length === 0) return f.image.url();
      const size = `${intArg(a, 0)}/${intArg(a, 1)}`;
      return a.length === 3 ? `https://picsum.photos/seed/${a[2]}/${size}` : `https://picsum.photos/${size}`;
    },
    compiled: (_k, a) => {
      if (a.length === 0) return picsumDraw(numberText(1, 3999), numberText(1, 3999));
      const size = `${intArg(a, 0)}/${intArg(a, 1)}`;
      return constant(
        a.length === 3 ? `https://picsum.photos/seed/${a[2]}/${size}` : `https://picsum.photos/${size}`,
      );
    },
  },
  "Internet.httpMethod": {
    faker: (f) => f.internet.httpMethod(),
    compiled: () => pickFrom(["GET", "POST", "PUT", "DELETE", "PATCH"]),
  },
  "Internet.password": {
    arity: [0, 1, 2, 3, 4, 5],
    usage: "'includeDigit' or 'min','max'[,'upper'[,'special'[,'digit']]]",
    size: (a) => (a.length === 1 ? 16 : Math.max(countArg(a, 0, 8), countArg(a, 1, 16))),
    doc: "8-16 characters by default",
    faker: (f, a) => randomText(f, ...passwordArgs(a)),
    compiled: (_k, a) => randomTextDraw(...passwordArgs(a)),
  },
  "Internet.port": { faker: (f) => String(f.number.int(65535)), compiled: () => numberText(0, 65535) },
  "Internet.macAddress": {
    arity: [0, 1],
    usage: "'prefix'",
    size: withArgs(17),
    faker: (f, a) => g.macAddress(f, a[0]),
    compiled: (_k, a) => macDraw(a[0]),
  },
  "Internet.ipV4Address": { faker: g.ipv4, compiled: ipv4Draw },
  "Internet.privateIpV4Address": { faker: g.privateIpv4, compiled: privateIpv4Draw },
  "Internet.publicIpV4Address": { faker: g.publicIpv4, compiled: publicIpv4Draw },
  "Internet.ipV4Cidr": {
    faker: (f) => `${g.ipv4(f)}/${between(f, 1, 31)}`,
    compiled: () => joinDraws(ipv4Draw(), "/", numberText(1, 31)),
  },
  "Internet.ipV6Address": { faker: g.ipv6, compiled: ipv6Draw },
  "Internet.ipV6Cidr": {
    faker: (f) => `${g.ipv6(f)}/${between(f, 1, 127)}`,
    compiled: () => joinDraws(ipv6Draw(), "/", numberText(1, 127)),
  },
  "Internet.slug": {
    faker: (f) => `${f.lorem.word()}_${f.lorem.word()}`,
    compiled: (k) => mapWords(k, (word) => joinDraws(word, "_", word) as Draw),
    doc: "two words joined by _",
  },
  "Internet.uuid": {
    faker: (f) => g.uuidWithVersion(f, 4),
    compiled: () => uuidDraw(4),
    doc: "version-4 UUID",
  },
  "Internet.uuidv3": { faker: (f) => g.uuidWithVersion(f, 3), compiled: () => uuidDraw(3) },
  "Internet.uuidv4": { faker: (f) => g.uuidWithVersion(f, 4), compiled: () => uuidDraw(4) },
  "Internet.uuidv7": {
    faker: (f) => g.uuidV7(f, now(f)),
    compiled: (_k, _a, ref) => uuidV7Draw(ref),
    doc: "time-ordered UUID from the year before the run date",
  },
  "Internet.userAgent": {
    arity: [0, 1],
    usage: `'browser' (${w.USER_AGENT_BROWSERS.join(", ")})`,
    size: upTo(FIXED_CALL_LENGTH),
    faker: (f, a) => g.userAgent(f, a.length ? choiceArg(a, 0, w.USER_AGENT_BROWSERS) : undefined),
    compiled: (_k, a) => userAgentDraw(a.length ? choiceArg(a, 0, w.USER_AGENT_BROWSERS) : undefined),
  },
  "Internet.userAgentAny": {
    faker: (f) => g.userAgent(f),
    compiled: () => userAgentDraw(),
    doc: "older name of Internet.userAgent",
  },
  "Internet.botUserAgent": {
    arity: [1],
    usage: `'vendor' (${Object.keys(w.BOT_USER_AGENTS).join(", ")})`,
    size: upTo(FIXED_CALL_LENGTH),
    faker: (_f, a) => w.BOT_USER_AGENTS[choiceArg(a, 0, Object.keys(w.BOT_USER_AGENTS))] ?? "",
    compiled: (_k, a) => constant(w.BOT_USER_AGENTS[choiceArg(a, 0, Object.keys(w.BOT_USER_AGENTS))] ?? ""),
  },
  "Internet.botUserAgentAny": fromList(Object.values(w.BOT_USER_AGENTS)),

  // ─── PhoneNumber ─────────────────────────────────────────────────────────────
  "PhoneNumber.phoneNumber": {
    faker: (f) => f.phone.number({ style: "human" }),
    compiled: (k) => k.phoneNumber("human"),
  },
  "PhoneNumber.cellPhone": {
    faker: (f) => {
      const format = pick(f, localeWords(f, "cell_phone", "formats"));
      return numerify(f, format.includes("{{") ? f.helpers.fake(format) : format).replace(/!/g, () =>
        String(between(f, 2, 9)),
      );
    },
  },
  "PhoneNumber.cellPhoneInternational": {
    faker: (f) => f.phone.number({ style: "international" }),
    compiled: (k) => k.phoneNumber("international"),
  },
  "PhoneNumber.phoneNumberInternational": {
    faker: (f) => f.phone.number({ style: "international" }),
    compiled: (k) => k.phoneNumber("international"),
  },
  "PhoneNumber.phoneNumberNational": {
    faker: (f) => f.phone.number({ style: "national" }),
    compiled: (k) => k.phoneNumber("national"),
  },
  "PhoneNumber.extension": { faker: (f) => digits(f, 4), compiled: () => digitRun(4) },
  "PhoneNumber.subscriberNumber": {
    arity: [0, 1],
    usage: "'length'",
    size: counted(0, 4, 1),
    faker: (f, a) => digits(f, intArgOr(a, 0, 4)),
    compiled: (_k, a) => digitRun(intArgOr(a, 0, 4)),
  },

  // ─── Finance / Business / Stock / Money / Currency ───────────────────────────
  "Finance.creditCard": {
    arity: [0, 1],
    usage: `'type' (${g.creditCardKinds().join(", ")})`,
    size: upTo(32),
    doc: "Luhn-valid card number in groups, e.g. 4123-4567-8901-2345",
    faker: (f, a) => g.creditCard(f, cardKindArg(a) ?? pick(f, g.creditCardKinds())),
    compiled: (_k, a) => {
      const kind = cardKindArg(a);
      return kind === undefined ? anyCreditCardDraw(g.creditCardKinds()) : creditCardDraw(kind);
    },
  },
  "Finance.bic": { faker: (f) => f.finance.bic() },
  "Finance.iban": {
    arity: [0, 1],
    usage: "'countryCode'",
    size: upTo(34),
    faker: (f, a) => g.iban(f, a[0]),
    compiled: (_k, a) => (a[0] === undefined ? anyIbanDraw() : ibanDraw(a[0].toUpperCase())),
  },
  "Finance.usRoutingNumber": { faker: g.usRoutingNumber, compiled: usRoutingDraw },
  "Finance.nasdaqTicker": fromList(w.MISC.nasdaq),
  "Finance.nyseTicker": fromList(w.MISC.nyse),
  "Finance.stockMarket": fromList(w.MISC.stockExchange),
  "Business.creditCardNumber": {
    faker: (f) => g.creditCard(f, pick(f, BUSINESS_CARDS)),
    compiled: () => anyCreditCardDraw(BUSINESS_CARDS),
  },
  "Business.creditCardType": fromList(["visa", "mastercard", "american_express", "discover", "jcb"]),
  "Business.creditCardExpiry": {
    faker: (f) => localDateText(now(f) + f.number.int(EXPIRY_MS)),
    compiled: (_k, _a, ref) => (rnd) => localDateText(ref + rnd.int(EXPIRY_MS + 1)),
    doc: "a date within five years after the run date",
  },
  "Business.securityCode": { faker: (f) => f.finance.creditCardCVV(), compiled: () => digitRun(3) },
  "Stock.nsdqSymbol": fromList(w.MISC.nasdaq),
  "Stock.nyseSymbol": fromList(w.MISC.nyse),
  "Stock.nseSymbol": fromList(w.MISC.nse),
  "Stock.lseSymbol": fromList(w.MISC.lse),
  "Stock.exchanges": fromList(w.MISC.stockExchange),
  "Money.currency": localeColumn("finance.currency", "name", (f) => f.finance.currencyName()),
  "Money.currencyCode": localeColumn("finance.currency", "code", (f) => f.finance.currencyCode()),
  "Money.currencyNumericCode": localeColumn("finance.currency", "numericCode", (f) =>
    f.finance.currencyNumericCode(),
  ),
  "Money.currencySymbol": localeColumn(
    "finance.currency",
    "symbol",
    (f) => f.finance.currencySymbol() || f.finance.currencyCode(),
    true,
  ),
  "Currency.name": localeColumn("finance.currency", "name", (f) => f.finance.currencyName()),
  "Currency.code": localeColumn("finance.currency", "code", (f) => f.finance.currencyCode()),
  "CryptoCoin.coin": fromList(w.MISC.cryptoCoin),

  // ─── Commerce ────────────────────────────────────────────────────────────────
  "Commerce.department": localeList("commerce.department", (f) => f.commerce.department()),
  "Commerce.productName": {
    faker: (f) => f.commerce.productName(),
    compiled: (k) => k.productName(),
    doc: "adjective, material and product",
  },
  "Commerce.material": localeList("commerce.product_name.material", (f) => f.commerce.productMaterial()),
  "Commerce.brand": fromList(w.COMMERCE.brand),
  "Commerce.vendor": fromList(w.COMMERCE.vendor),
  "Commerce.price": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(32),
    doc: "0.00-100.00 by default, two decimals",
    faker: (f, a) => {
      const min = a.length ? numArg(a, 0) : 0;
      const max = a.length ? numArg(a, 1) : 100;
      return (min + f.number.float() * (max - min)).toFixed(2);
    },
    compiled: (_k, a) => {
      const min = a.length ? numArg(a, 0) : 0;
      const max = a.length ? numArg(a, 1) : 100;
      return (rnd) => (min + rnd.float() * (max - min)).toFixed(2);
    },
  },
  "Commerce.promotionCode": {
    arity: [0, 1],
    usage: "'digits'",
    size: counted(0, 6, 1, 64),
    faker: (f, a) =>
      `${pick(f, w.COMMERCE.promoAdjective)}${pick(f, w.COMMERCE.promoNoun)}${digits(f, intArgOr(a, 0, 6))}`,
    compiled: (_k, a) =>
      joinDraws(
        pickFrom(w.COMMERCE.promoAdjective),
        pickFrom(w.COMMERCE.promoNoun),
        digitRun(intArgOr(a, 0, 6)),
      ),
  },

  // ─── Lorem / Text / Word / Verb ──────────────────────────────────────────────
  "Lorem.character": {
    arity: [0, 1],
    usage: "'includeUppercase'",
    size: upTo(1),
    faker: (f, a) => randomText(f, 1, 1, boolArg(a, 0), false, true),
    compiled: (_k, a) => randomTextDraw(1, 1, boolArg(a, 0), false, true),
  },
  "Lorem.characters": {
    arity: [0, 1, 2, 3, 4],
    usage: "'length' or 'min','max', then 'includeUppercase','includeDigit'",
    size: charactersSize,
    doc: "255 lower-case letters and digits by default",
    faker: (f, a) => randomText(f, ...charactersArgs(a)),
    compiled: (_k, a) => randomTextDraw(...charactersArgs(a)),
  },
  "Lorem.word": localeList("lorem.word", (f) => f.lorem.word()),
  "Lorem.words": {
    arity: [0, 1],
    usage: "'count'",
    size: (a) => wordListLength(countArg(a, 0, 3)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArgOr(a, 0, 3) }, () => f.lorem.word())),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      return mapWords(k, (word) => (rnd) => javaList(Array.from({ length: count }, () => word(rnd))));
    },
  },
  "Lorem.sentence": {
    arity: [0, 1, 2],
    usage: "'wordCount'[,'randomWordsToAdd']",
    size: (a) => sentenceLength(countArg(a, 0, 3), countArg(a, 1, 6)),
    faker: (f, a) => sentence(f, intArgOr(a, 0, 3), intArgOr(a, 1, 6)),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      const extra = intArgOr(a, 1, 6);
      return mapWords(k, (word) => sentenceDraw(word, count, extra));
    },
  },
  "Lorem.sentences": {
    arity: [1],
    usage: "'count'",
    size: (a) => listLength(countArg(a, 0, 0), sentenceLength(3, 6)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArg(a, 0) }, () => sentence(f, 3, 6))),
    compiled: (k, a) => {
      const count = intArg(a, 0);
      return mapWords(k, (word) => listDraw(sentenceDraw(word, 3, 6), count));
    },
  },
  "Lorem.paragraph": {
    arity: [0, 1],
    usage: "'sentenceCount'",
    size: (a) => paragraphLength(countArg(a, 0, 3)),
    faker: (f, a) => paragraph(f, intArgOr(a, 0, 3)),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      return mapWords(k, (word) => paragraphDraw(word, count));
    },
  },
  "Lorem.paragraphs": {
    arity: [1],
    usage: "'count'",
    size: (a) => listLength(countArg(a, 0, 0), paragraphLength(3)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArg(a, 0) }, () => paragraph(f, 3))),
    compiled: (k, a) => {
      const count = intArg(a, 0);
      return mapWords(k, (word) => listDraw(paragraphDraw(word, 3), count));
    },
  },
  "Lorem.fixedString": {
    arity: [1],
    usage: "'length'",
    size: counted(0, 0, 1),
    faker: (f, a) => {
      const n = intArg(a, 0);
      let s = "";
      while (s.length < n) s += sentence(f, 3, 6);
      return s.slice(0, n);
    },
    compiled: (k, a) => {
      const n = intArg(a, 0);
      return mapWords(k, (word) => {
        const next = sentenceDraw(word, 3, 6);
        return (rnd) => {
          let s = "";
          while (s.length < n) s += next(rnd);
          return s.slice(0, n);
        };
      });
    },
  },
  "Lorem.maxLengthSentence": {
    arity: [1],
    usage: "'maxLength'",
    size: counted(0, 0, 1),
    // The value of sentence(f, n, 0) cut to n characters, with the same n draws, holding only n + 1 characters.
    faker: (f, a) => {
      const n = intArg(a, 0);
      let s = "";
      for (let i = 0; i < Math.max(1, n); i++) {
        const word = f.lorem.word();
        if (s.length > n) continue;
        s += i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : ` ${word}`;
      }
      s += ".";
      return s.length > n ? s.slice(0, n).trimEnd() : s;
    },
    // The same value without the draws past n characters: the words stop once the text is long enough.
    compiled: (k, a) => {
      const n = intArg(a, 0);
      return mapWords(k, (word) => (rnd) => {
        let s = "";
        for (let i = 0; i < Math.max(1, n) && s.length <= n; i++) {
          const w = word(rnd);
          s += i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : ` ${w}`;
        }
        s += ".";
        return s.length > n ? s.slice(0, n).trimEnd() : s;
      });
    },
  },
  "Text.character": {
    faker: (f) => f.string.alpha({ length: 1, casing: "mixed" }),
    compiled: () => charRun(`${UPPER}${UPPER.toLowerCase()}`, 1),
  },
  "Text.uppercaseCharacter": {
    faker: (f) => f.string.alpha({ length: 1, casing: "upper" }),
    compiled: () => charRun(UPPER, 1),
  },
  "Text.lowercaseCharacter": {
    faker: (f) => f.string.alpha({ length: 1, casing: "lower" }),
    compiled: () => charRun(UPPER.toLowerCase(), 1),
  },
  "Text.text": {
    arity: [0, 1, 2, 3, 4, 5],
    usage: "'includeDigit' or 'length' or 'min','max'[,'upper'[,'special'[,'digit']]]",
    size: (a) => (isIntText(a[0]) ? Math.max(countArg(a, 0, 0), a.length > 1 ? countArg(a, 1, 0) : 0) : 80),
    doc: "20-80 lower-case letters by default",
    faker: (f, a) => randomText(f, ...textArgs(a)),
    compiled: (_k, a) => randomTextDraw(...textArgs(a)),
  },
  "Word.adjective": localeList("word.adjective", (f) => f.word.adjective()),
  "Word.adverb": localeList("word.adverb", (f) => f.word.adverb()),
  "Word.conjunction": localeList("word.conjunction", (f) => f.word.conjunction()),
  "Word.interjection": localeList("word.interjection", (f) => f.word.interjection()),
  "Word.noun": localeList("word.noun", (f) => f.word.noun()),
  "Word.preposition": localeList("word.preposition", (f) => f.word.preposition()),
  "Word.verb": localeList("word.verb", (f) => f.word.verb()),
  "Verb.base": columnOf(w.VERB_FORMS, 0),
  "Verb.past": columnOf(w.VERB_FORMS, 1),
  "Verb.pastParticiple": columnOf(w.VERB_FORMS, 2),
  "Verb.simplePresent": columnOf(w.VERB_FORMS, 3),
  "Verb.ingForm": columnOf(w.VERB_FORMS, 4),

  // ─── Number / Bool / Options / Coin ──────────────────────────────────────────
  "Number.randomDigit": { faker: (f) => String(f.number.int(9)), compiled: () => digitBetween(0, 9) },
  "Number.randomDigitNotZero": { faker: (f) => String(between(f, 1, 9)), compiled: () => digitBetween(1, 9) },
  "Number.positive": {
    faker: (f) => String(between(f, 1, INT_MAX - 1)),
    compiled: () => (rnd) => String(1 + rnd.int(INT_MAX - 1)),
  },
  "Number.negative": {
    faker: (f) => String(between(f, -INT_MAX - 1, -1)),
    compiled: () => (rnd) => String(-1 - rnd.int(INT_MAX + 1)),
  },
  "Number.numberBetween": {
    arity: [2],
    usage: "'min','max' (max exclusive for whole numbers)",
    size: upTo(32),
    doc: "whole numbers give an integer in [min, max); decimals give a double",
    faker: (f, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const hi = Math.max(intArg(a, 0), intArg(a, 1));
        return String(lo === hi ? lo : lo + f.number.int(hi - lo - 1));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return javaDouble(lo + f.number.float() * (hi - lo));
    },
    compiled: (_k, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const span = Math.max(intArg(a, 0), intArg(a, 1)) - lo;
        return span === 0 ? constant(String(lo)) : (rnd) => String(lo + rnd.int(span));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return (rnd) => javaDouble(lo + rnd.float() * (hi - lo));
    },
  },
  "Number.randomNumber": {
    arity: [0, 1, 2],
    usage: "'numberOfDigits'",
    size: upTo(20),
    doc: "any 64-bit integer, or one with exactly the given number of digits",
    faker: (f, a) => {
      if (a.length === 0) return f.number.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).toString();
      const lo = 10n ** BigInt(digitCountArg(a) - 1);
      return f.number.bigInt({ min: lo, max: lo * 10n - 1n }).toString();
    },
    // Any 64-bit integer from two 32-bit draws; n digits as a first digit 1-9 and n - 1 digits.
    compiled: (_k, a) =>
      a.length === 0
        ? (rnd) => BigInt.asIntN(64, (BigInt(rnd.u32()) << 32n) | BigInt(rnd.u32())).toString()
        : digitRun(digitCountArg(a), false),
  },
  "Number.randomDouble": {
    arity: [3],
    usage: "'maxNumberOfDecimals','min','max'",
    size: upTo(32),
    faker: (f, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return javaDouble(Number((lo + f.number.float() * (hi - lo)).toFixed(dec)));
    },
    compiled: (_k, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return (rnd) => javaDouble(Number((lo + rnd.float() * (hi - lo)).toFixed(dec)));
    },
  },
  "Number.digits": {
    arity: [1],
    usage: "'count'",
    size: counted(0, 0, 1),
    faker: (f, a) => digits(f, intArg(a, 0)),
    compiled: (_k, a) => digitRun(intArg(a, 0)),
  },
  "Number.digit": { faker: (f) => digits(f, 1), compiled: () => digitRun(1) },
  "Bool.bool": {
    faker: (f) => String(f.datatype.boolean()),
    compiled: () => pickFrom(["true", "false"]),
    doc: "true or false",
  },
  "Options.option": {
    arity: [1],
    variadic: true,
    usage: "'a','b','c'",
    size: oneOfArgs,
    doc: "one of the arguments",
    faker: (f, a) => pick(f, a),
    compiled: (_k, a) => pickFrom(a),
  },
  "Coin.flip": fromList(w.MISC.coin),

  // ─── Date / TimeAndDate ──────────────────────────────────────────────────────
  "Date.past": relativeDate("past", timestampText),
  "Date.future": relativeDate("future", timestampText),
  "Date.between": betweenDates(timestampText),
  "Date.birthday": birthday(timestampText),
  "TimeAndDate.past": relativeDate("past", instantText),
  "TimeAndDate.future": relativeDate("future", instantText),
  "TimeAndDate.between": betweenDates(instantText),
  "TimeAndDate.birthday": birthday(localDateText),

  // ─── IdNumber / Passport / Code / Barcode ────────────────────────────────────
  "IdNumber.valid": { faker: g.ssnValid, compiled: ssnDraw, doc: "US social security number" },
  "IdNumber.invalid": {
    faker: g.ssnInvalid,
    compiled: () => pickDraw(g.INVALID_SSN_FORMATS.map((f) => symbolFormat(f, "#"))),
  },
  "IdNumber.ssnValid": { faker: g.ssnValid, compiled: ssnDraw },
  "Passport.valid": {
    faker: (f) => `${f.string.alpha({ length: 1, casing: "upper" })}${digits(f, 8)}`,
    compiled: () => joinDraws(charRun(UPPER, 1), digitRun(8)),
  },
  "Code.isbnGs1": fromList(["978", "979"]),
  "Code.isbnGroup": fromList(["0", "1"]),
  "Code.isbnRegistrant": {
    faker: g.isbnRegistrant,
    compiled: isbnRegistrantDraw,
    doc: "registrant and publication parts, 8 digits",
  },
  "Code.isbn10": {
    arity: [0, 1],
    usage: "'separator'",
    size: upTo(13),
    faker: (f, a) => g.isbn10(f, boolArg(a, 0)),
    compiled: (_k, a) => isbnDraw(false, boolArg(a, 0)),
  },
  "Code.isbn13": {
    arity: [0, 1],
    usage: "'separator'",
    size: upTo(17),
    faker: (f, a) => g.isbn13(f, boolArg(a, 0)),
    compiled: (_k, a) => isbnDraw(true, boolArg(a, 0)),
  },
  "Code.asin": { faker: g.asin, compiled: () => joinDraws("B0", charRun(UPPER_DIGITS, 8)) },
  "Code.imei": { faker: g.imei, compiled: imeiDraw },
  "Code.ean8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Code.gtin8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Code.ean13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Code.gtin13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.ean8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Barcode.ean13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.gtin8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Barcode.gtin12": { faker: (f) => g.gtin(f, 12), compiled: () => gtinDraw(12) },
  "Barcode.gtin13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.gtin14": { faker: (f) => g.gtin(f, 14), compiled: () => gtinDraw(14) },
  "Barcode.type": fromList(w.MISC.barcodeType),

  // ─── Hashing (also reachable as Crypto) ──────────────────────────────────────
  "Hashing.md2": { faker: (f) => hex(f, 32), compiled: () => hexRun(32) },
  "Hashing.md5": { faker: (f) => hex(f, 32), compiled: () => hexRun(32) },
  "Hashing.sha1": { faker: (f) => hex(f, 40), compiled: () => hexRun(40) },
  "Hashing.sha256": { faker: (f) => hex(f, 64), compiled: () => hexRun(64) },
  "Hashing.sha384": { faker: (f) => hex(f, 96), compiled: () => hexRun(96) },
  "Hashing.sha512": { faker: (f) => hex(f, 128), compiled: () => hexRun(128) },

  // ─── Color / Job / Demographic / Gender / BloodType ──────────────────────────
  "Color.name": localeList("color.human", (f) => f.color.human()),
  "Color.hex": {
    arity: [0, 1],
    usage: "'includeHashSign'",
    size: upTo(7),
    faker: (f, a) => `${boolArg(a, 0, true) ? "#" : ""}${hex(f, 6)}`,
    compiled: (_k, a) => joinDraws(boolArg(a, 0, true) ? "#" : "", hexRun(6)),
  },
  "Job.field": fromList(w.JOB.field),
  "Job.seniority": localeList("person.job_descriptor", (f) => f.person.jobDescriptor()),
  "Job.position": localeList("person.job_type", (f) => f.person.jobType()),
  "Job.keySkills": fromList(w.JOB.keySkills),
  "Job.title": { faker: (f) => f.person.jobTitle(), compiled: (k) => k.jobTitle() },
  "Demographic.race": fromList(w.DEMOGRAPHIC.race),
  "Demographic.educationalAttainment": fromList(w.DEMOGRAPHIC.education),
  "Demographic.demonym": countryColumn(6),
  "Demographic.sex": fromList(w.DEMOGRAPHIC.sex),
  "Demographic.maritalStatus": fromList(w.DEMOGRAPHIC.maritalStatus),
  "Gender.types": fromList(w.GENDER.types),
  "Gender.binaryTypes": fromList(w.GENDER.binary),
  "Gender.shortBinaryTypes": fromList(w.GENDER.short),
  "BloodType.aboTypes": fromList(w.BLOOD.abo),
  "BloodType.rhTypes": fromList(w.BLOOD.rh),
  "BloodType.pTypes": fromList(w.BLOOD.p),
  "BloodType.bloodGroup": {
    faker: (f) => `${pick(f, w.BLOOD.abo)}${pick(f, w.BLOOD.rh)}`,
    compiled: () => joinDraws(pickFrom(w.BLOOD.abo), pickFrom(w.BLOOD.rh)),
  },

  // ─── Book / Music / Food / drinks ────────────────────────────────────────────
  "Book.author": localeList("book.author", (f) => f.book.author()),
  "Book.title": localeList("book.title", (f) => f.book.title()),
  "Book.publisher": localeList("book.publisher", (f) => f.book.publisher()),
  "Book.genre": localeList("book.genre", (f) => f.book.genre()),
  "Music.instrument": fromList(w.MUSIC.instrument),
  "Music.key": fromList(w.MUSIC.key),
  "Music.chord": joinedLists("", w.MUSIC.key, w.MUSIC.chordQuality),
  "Music.genre": localeList("music.genre", (f) => f.music.genre()),
  "Food.ingredient": localeList("food.ingredient", (f) => f.food.ingredient()),
  "Food.spice": localeList("food.spice", (f) => f.food.spice()),
  "Food.dish": { faker: (f) => f.food.dish() },
  "Food.fruit": localeList("food.fruit", (f) => f.food.fruit()),
  "Food.vegetable": localeList("food.vegetable", (f) => f.food.vegetable()),
  "Food.sushi": fromList(w.FOOD.sushi),
  "Food.allergen": fromList(w.FOOD.allergen),
  "Food.measurement": joinedLists(" ", w.FOOD.measurement, w.FOOD.measurementUnit),
  "Beer.brand": fromList(w.DRINKS.beerBrand),
  "Beer.name": joinedLists(" ", w.DRINKS.beerBrand, w.DRINKS.beerStyle),
  "Beer.style": fromList(w.DRINKS.beerStyle),
  "Beer.hop": fromList(w.DRINKS.hop),
  "Beer.yeast": fromList(w.DRINKS.yeast),
  "Beer.malt": fromList(w.DRINKS.malt),
  "Coffee.country": fromList(w.DRINKS.coffeeCountry),
  "Coffee.variety": fromList(w.DRINKS.coffeeVariety),
  "Coffee.notes": {
    faker: (f) => f.helpers.arrayElements(w.DRINKS.coffeeNote, { min: 2, max: 3 }).join(", "),
    compiled: () => distinctWords(w.DRINKS.coffeeNote, 2, 3, ", "),
  },
  "Coffee.body": fromList(w.DRINKS.coffeeBody),
  "Coffee.blendName": joinedLists(" ", w.DRINKS.coffeeName, w.DRINKS.coffeeBlend),
  "Tea.variety": fromList(w.DRINKS.teaVariety),
  "Tea.type": fromList(w.DRINKS.teaType),
  "Dessert.variety": fromList(w.DRINKS.dessertVariety),
  "Dessert.topping": fromList(w.DRINKS.dessertTopping),
  "Dessert.flavor": fromList(w.DRINKS.dessertFlavor),

  // ─── Animal / Cat / Dog ──────────────────────────────────────────────────────
  "Animal.name": localeList("animal.type", (f) => f.animal.type()),
  "Animal.scientificName": fromList(w.ANIMAL_SPECIES.map((r) => r.join(" "))),
  "Animal.genus": columnOf(w.ANIMAL_SPECIES, 0),
  "Animal.species": columnOf(w.ANIMAL_SPECIES, 1),
  "Cat.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Cat.breed": localeList("animal.cat", (f) => f.animal.cat()),
  "Cat.registry": fromList(w.PETS.catRegistry),
  "Dog.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Dog.breed": localeList("animal.dog", (f) => f.animal.dog()),
  "Dog.sound": fromList(w.PETS.dogSound),
  "Dog.age": fromList(w.PETS.dogAge),
  "Dog.size": fromList(w.PETS.dogSize),
  "Dog.coatLength": fromList(w.PETS.dogCoat),
  "Dog.gender": fromList(w.PETS.petGender),

  // ─── Nation / Country ────────────────────────────────────────────────────────
  "Nation.nationality": countryColumn(6),
  "Nation.language": localeColumn("location.language", "name", (f) => f.location.language().name),
  "Nation.capitalCity": countryColumn(3),
  "Nation.flag": { ...columnOf(w.COUNTRIES, 1, flagEmoji), doc: "flag emoji" },
  "Nation.isoLanguage": localeColumn("location.language", "alpha2", (f) => f.location.language().alpha2),
  "Nation.isoCountry": {
    faker: (f) => f.location.countryCode("alpha-2"),
    compiled: (k) => k.countryCode("alpha2"),
  },
  "Country.name": countryColumn(0),
  "Country.countryCode2": columnOf(w.COUNTRIES, 1, (s) => s.toLowerCase()),
  "Country.countryCode3": columnOf(w.COUNTRIES, 2, (s) => s.toLowerCase()),
  "Country.capital": countryColumn(3),
  "Country.currency": countryColumn(4),
  "Country.currencyCode": countryColumn(5),
  "Country.flag": {
    ...columnOf(w.COUNTRIES, 1, (code) => `https://flagcdn.com/w40/${code.toLowerCase()}.png`),
    doc: "flag image URL",
  },

  // ─── App / Hacker / Computer / Device / File / Programming ───────────────────
  "App.name": localeList("app.name", (f) => pick(f, localeWords(f, "app", "name"))),
  "App.version": { faker: (f) => numerify(f, pick(f, localeWords(f, "app", "version"))) },
  "App.author": {
    faker: (f) => (f.datatype.boolean() ? f.person.fullName() : f.company.name()),
    compiled: (k) => {
      const person = k.fullName();
      const company = k.companyName();
      return person && company && pickDraw([person, company]);
    },
  },
  "Hacker.abbreviation": localeList("hacker.abbreviation", (f) => f.hacker.abbreviation()),
  "Hacker.adjective": localeList("hacker.adjective", (f) => f.hacker.adjective()),
  "Hacker.noun": localeList("hacker.noun", (f) => f.hacker.noun()),
  "Hacker.verb": localeList("hacker.verb", (f) => f.hacker.verb()),
  "Hacker.ingverb": localeList("hacker.ingverb", (f) => f.hacker.ingverb()),
  "Computer.type": fromList(w.COMPUTER.type),
  "Computer.platform": fromList(w.COMPUTER.platform),
  "Computer.operatingSystem": fromList([...w.COMPUTER.linux, ...w.COMPUTER.macos, ...w.COMPUTER.windows]),
  "Computer.linux": fromList(w.COMPUTER.linux),
  "Computer.macos": fromList(w.COMPUTER.macos),
  "Computer.windows": fromList(w.COMPUTER.windows),
  "Computer.brand": fromList(w.COMPUTER.brand),
  "Device.modelName": fromList(w.DEVICE.model),
  "Device.platform": fromList(w.DEVICE.platform),
  "Device.manufacturer": fromList(w.DEVICE.manufacturer),
  "Device.serial": {
    faker: (f) => f.string.alphanumeric({ length: 12, casing: "upper" }),
    compiled: () => charRun(UPPER_DIGITS, 12),
  },
  "File.extension": { faker: (f) => f.system.commonFileExt() },
  "File.mimeType": { faker: (f) => f.system.mimeType(), compiled: (k) => k.keys("system.mime_type") },
  "File.fileName": {
    arity: [0, 4],
    usage: "'dir','name','extension','separator' (empty for random)",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.fileName(f, a[0], a[1], a[2], a[3]),
  },
  "ProgrammingLanguage.name": columnOf(w.PROGRAMMING_LANGUAGES, 0),
  "ProgrammingLanguage.creator": columnOf(w.PROGRAMMING_LANGUAGES, 1),

  // ─── Vehicle / Aviation ──────────────────────────────────────────────────────
  "Vehicle.vin": { faker: g.vin },
  "Vehicle.manufacturer": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.make": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.model": localeList("vehicle.model", (f) => f.vehicle.model()),
  "Vehicle.makeAndModel": {
    faker: (f) => f.vehicle.vehicle(),
    compiled: (k) => joinDraws(k.list("vehicle.manufacturer"), " ", k.list("vehicle.model")),
  },
  "Vehicle.style": fromList(w.VEHICLE.style),
  "Vehicle.color": localeList("color.human", (f) => f.vehicle.color()),
  "Vehicle.upholsteryColor": fromList(w.VEHICLE.upholsteryColor),
  "Vehicle.upholsteryFabric": fromList(w.VEHICLE.upholsteryFabric),
  "Vehicle.upholstery": joinedLists(" ", w.VEHICLE.upholsteryColor, w.VEHICLE.upholsteryFabric),
  "Vehicle.transmission": fromList(w.VEHICLE.transmission),
  "Vehicle.driveType": fromList(w.VEHICLE.driveType),
  "Vehicle.fuelType": localeList("vehicle.fuel", (f) => f.vehicle.fuel()),
  "Vehicle.carType": localeList("vehicle.type", (f) => f.vehicle.type()),
  "Vehicle.engine": joinedLists(" ", w.VEHICLE.engineCylinders, ["Cylinder Engine"]),
  "Vehicle.doors": fromList(w.VEHICLE.doors),
  "Vehicle.licensePlate": {
    faker: g.licensePlate,
    compiled: () => pickDraw(g.LICENSE_PLATES.map((f) => symbolFormat(f, "#?"))),
    doc: "US-style plate such as ABC-1234",
  },
  "Aviation.aircraft": localeColumn("airline.airplane", "name", (f) => f.airline.airplane().name),
  "Aviation.airport": localeColumn("airline.airport", "iataCode", (f) => f.airline.airport().iataCode),
  "Aviation.airportName": localeColumn("airline.airport", "name", (f) => f.airline.airport().name),
  "Aviation.airline": localeColumn("airline.airline", "name", (f) => f.airline.airline().name),
  "Aviation.flight": { faker: (f) => `${f.airline.airline().iataCode}${f.airline.flightNumber()}` },

  // ─── Weather / University / Educator / Science / Space ───────────────────────
  "Weather.description": fromList(w.WEATHER.description),
  "Weather.temperatureCelsius": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -30), intArgOr(a, 1, 38))}°C`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -30), intArgOr(a, 1, 38)), "°C"),
  },
  "Weather.temperatureFahrenheit": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -22), intArgOr(a, 1, 100))}°F`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -22), intArgOr(a, 1, 100)), "°F"),
  },
  "University.name": {
    faker: (f) =>
      pick(f, [
        () => `${pick(f, w.UNIVERSITY.prefix)} ${f.location.state()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `University of ${f.location.city()}`,
      ])(),
    compiled: (k) => {
      const suffix = pickFrom(w.UNIVERSITY.suffix);
      const forms = [
        joinDraws(pickFrom(w.UNIVERSITY.prefix), " ", k.list("location.state"), " ", suffix),
        joinDraws(k.lastName(), " ", suffix),
        joinDraws("University of ", k.city()),
      ];
      return forms.every((d) => d !== undefined) ? pickDraw(forms) : undefined;
    },
  },
  "University.degree": fromList(w.UNIVERSITY.degree),
  "University.prefix": fromList(w.UNIVERSITY.prefix),
  "University.suffix": fromList(w.UNIVERSITY.suffix),
  "University.place": localeList("location.state", (f) => f.location.state()),
  "Educator.university": {
    faker: (f) => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
    compiled: (k) => joinDraws(k.lastName(), " ", pickFrom(w.UNIVERSITY.suffix)),
  },
  "Educator.course": fromList(w.UNIVERSITY.course),
  "Educator.subjectWithNumber": {
    faker: (f) => `${pick(f, w.UNIVERSITY.subject)} ${between(f, 100, 499)}`,
    compiled: () => joinDraws(pickFrom(w.UNIVERSITY.subject), " ", numberText(100, 499)),
  },
  "Educator.secondarySchool": {
    faker: (f) => `${f.location.city()} ${pick(f, w.UNIVERSITY.schoolSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.UNIVERSITY.schoolSuffix)),
  },
  "Educator.campus": joinedLists(" ", w.UNIVERSITY.campus, ["Campus"]),
  "Science.element": localeColumn(
    "science.chemical_element",
    "name",
    (f) => f.science.chemicalElement().name,
  ),
  "Science.elementSymbol": localeColumn(
    "science.chemical_element",
    "symbol",
    (f) => f.science.chemicalElement().symbol,
  ),
  "Science.unit": localeColumn("science.unit", "name", (f) => f.science.unit().name),
  "Science.scientist": fromList(w.SCIENCE.scientist),
  "Science.tool": fromList(w.SCIENCE.tool),
  "Science.quark": fromList(w.SCIENCE.quark),
  "Science.leptons": fromList(w.SCIENCE.lepton),
  "Science.bosons": fromList(w.SCIENCE.boson),
  "Space.planet": fromList(w.SPACE.planet),
  "Space.moon": fromList(w.SPACE.moon),
  "Space.galaxy": fromList(w.SPACE.galaxy),
  "Space.nebula": fromList(w.SPACE.nebula),
  "Space.starCluster": fromList(w.SPACE.starCluster),
  "Space.constellation": fromList(w.SPACE.constellation),
  "Space.star": fromList(w.SPACE.star),
  "Space.agency": columnOf(w.SPACE.agency, 0),
  "Space.agencyAbbreviation": columnOf(w.SPACE.agency, 1),
  "Space.nasaSpaceCraft": fromList(w.SPACE.spacecraft),
  "Space.company": fromList(w.SPACE.company),
  "Space.distanceMeasurement": {
    faker: (f) => `${between(f, 1, 1000)} ${pick(f, w.SPACE.distance)}`,
    compiled: () => joinDraws(numberText(1, 1000), " ", pickFrom(w.SPACE.distance)),
  },
  "Space.meteorite": fromList(w.SPACE.meteorite),
  "Zodiac.sign": localeList("person.western_zodiac_sign", (f) => f.person.zodiacSign()),

  // ─── Medical / Measurement ───────────────────────────────────────────────────
  "Medical.medicineName": fromList(w.MEDICAL.medicine),
  "Medical.diseaseName": fromList(w.MEDICAL.disease),
  "Medical.hospitalName": {
    faker: (f) => `${f.location.city()} ${pick(f, w.MEDICAL.hospitalSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.MEDICAL.hospitalSuffix)),
  },
  "Medical.symptoms": fromList(w.MEDICAL.symptom),
  "Medical.diagnosisCode": {
    faker: (f) => bothify(f, "?##.#", true),
    compiled: () => symbolFormat("?##.#", "#?"),
    doc: "ICD-10 shaped code",
  },
  "Medical.procedureCode": {
    faker: (f) => bothify(f, "##?#?#?", true),
    compiled: () => symbolFormat("##?#?#?", "#?"),
    doc: "ICD-10-PCS shaped code",
  },
  "Medical.medicalProfession": fromList(w.MEDICAL.profession),
  "Measurement.height": fromList(w.MEASUREMENT.height),
  "Measurement.length": fromList(w.MEASUREMENT.length),
  "Measurement.volume": fromList(w.MEASUREMENT.volume),
  "Measurement.weight": fromList(w.MEASUREMENT.weight),
  "Measurement.metricHeight": fromList(w.MEASUREMENT.metricHeight),
  "Measurement.metricLength": fromList(w.MEASUREMENT.metricLength),
  "Measurement.metricVolume": fromList(w.MEASUREMENT.metricVolume),
  "Measurement.metricWeight": fromList(w.MEASUREMENT.metricWeight),

  // ─── People and the rest ─────────────────────────────────────────────────────
  "Superhero.name": {
    faker: (f) =>
      f.datatype.boolean()
        ? `${pick(f, w.SUPERHERO.prefix)} ${pick(f, w.SUPERHERO.descriptor)}`
        : `${pick(f, w.SUPERHERO.descriptor)} ${pick(f, w.SUPERHERO.suffix)}`,
    compiled: () =>
      pickDraw([
        joinDraws(pickFrom(w.SUPERHERO.prefix), " ", pickFrom(w.SUPERHERO.descriptor)) as Draw,
        joinDraws(pickFrom(w.SUPERHERO.descriptor), " ", pickFrom(w.SUPERHERO.suffix)) as Draw,
      ]),
  },
  "Superhero.prefix": fromList(w.SUPERHERO.prefix),
  "Superhero.suffix": fromList(w.SUPERHERO.suffix),
  "Superhero.power": fromList(w.SUPERHERO.power),
  "Superhero.descriptor": fromList(w.SUPERHERO.descriptor),
  "Team.name": localeList("team.name", (f) => f.helpers.fake(localeWords(f, "team", "name"))),
  "Team.creature": localeList("team.creature", (f) => pick(f, localeWords(f, "team", "creature"))),
  "Team.state": localeList("location.state", (f) => f.location.state()),
  "Team.sport": fromList(w.TEAM_SPORTS),
  "Twitter.userName": {
    faker: (f) =>
      f.internet
        .username()
        .replace(/[^A-Za-z0-9]+/g, "_")
        .slice(0, 15)
        .replace(/_+$/, ""),
    doc: "up to 15 letters, digits and underscores",
  },
  "Twitter.userId": {
    faker: (f) => String(between(f, 1, 9)) + digits(f, 18),
    compiled: () => digitRun(19, false),
  },
  "Twitter.twitterId": {
    arity: [1],
    usage: "'length'",
    size: (a) => Math.max(1, countArg(a, 0, 0)),
    faker: (f, a) => String(between(f, 1, 9)) + digits(f, Math.max(0, intArg(a, 0) - 1)),
    compiled: (_k, a) => digitRun(Math.max(1, intArg(a, 0)), false),
  },
  "Subscription.plans": fromList(w.SUBSCRIPTION.plans),
  "Subscription.statuses": fromList(w.SUBSCRIPTION.statuses),
  "Subscription.paymentMethods": fromList(w.SUBSCRIPTION.paymentMethods),
  "Subscription.subscriptionTerms": fromList(w.SUBSCRIPTION.terms),
  "Subscription.paymentTerms": fromList(w.SUBSCRIPTION.paymentTerms),
  "Relationships.direct": fromList(w.RELATIONSHIP.direct),
  "Relationships.extended": fromList(w.RELATIONSHIP.extended),
  "Relationships.inLaw": fromList(w.RELATIONSHIP.inLaw),
  "Relationships.spouse": fromList(w.RELATIONSHIP.spouse),
  "Relationships.parent": fromList(w.RELATIONSHIP.parent),
  "Relationships.sibling": fromList(w.RELATIONSHIP.sibling),
  "Relationships.any": fromList(Object.values(w.RELATIONSHIP).flat()),
  "Pronouns.subjective": fromList(w.PRONOUNS.subjective),
  "Pronouns.objective": fromList(w.PRONOUNS.objective),
  "Pronouns.possessive": fromList(w.PRONOUNS.possessive),
  "Pronouns.reflexive": fromList(w.PRONOUNS.reflexive),
  "Military.armyRank": fromList(w.MILITARY.army),
  "Military.marinesRank": fromList(w.MILITARY.marines),
  "Military.navyRank": fromList(w.MILITARY.navy),
  "Military.airForceRank": fromList(w.MILITARY.airForce),
  "Military.dodPaygrade": fromList(w.MILITARY.paygrade),
  "Marketing.buzzwords": fromList(w.MISC.marketingBuzzwords),
  "Hobby.activity": fromList(w.MISC.hobby),
  "Mood.feeling": fromList(w.MISC.feeling),
  "Mood.emotion": fromList(w.MISC.emotion),
  "Mood.tone": fromList(w.MISC.tone),
  "Emoji.smiley": fromList(w.EMOJI.smiley),
  "Emoji.cat": fromList(w.EMOJI.cat),
  "Emoji.vehicle": fromList(w.EMOJI.vehicle),
  "Compass.word": fromList(w.MISC.compassWord),
  "Compass.abbreviation": fromList(w.MISC.compassAbbr),
  "Compass.azimuth": fromList(Array.from({ length: 16 }, (_, i) => String(i * 22.5))),
  "Construction.heavyEquipment": fromList(w.MISC.heavyEquipment),
  "Construction.materials": fromList(w.MISC.materials),
  "Construction.roles": fromList(w.MISC.roles),
  "Construction.trades": fromList(w.MISC.trades),
  "Restaurant.name": joinedLists(" ", w.MISC.restaurantPrefix, w.MISC.restaurantSuffix),
  "Restaurant.namePrefix": fromList(w.MISC.restaurantPrefix),
  "Restaurant.nameSuffix": fromList(w.MISC.restaurantSuffix),
  "Restaurant.type": fromList(w.MISC.restaurantType),
  "Mountain.name": fromList(w.MISC.mountain),
  "Mountain.range": fromList(w.MISC.mountainRange),
  "Artist.name": localeList("music.artist", (f) => f.music.artist()),
  "Hipster.word": {
    faker: (f) => stripAccents(f.word.adjective()),
    compiled: (k) => k.withText("plain", stripAccents).list("word.adjective"),
  },
};

/** Provider names users may write for a table provider. */
export const PROVIDER_ALIASES: Readonly<Record<string, string>> = {
  Crypto: "Hashing",
  DateAndTime: "Date",
  Relationship: "Relationships",
};
