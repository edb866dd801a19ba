import { en_US } from "@faker-js/faker";
import { RowforgeError } from "../../errors/index.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { counted, FIXED_CALL_LENGTH, upTo, withArgs } from "./faker-size.ts";
import * as g from "./generators.ts";
import { columnOf, countryColumn, fromList, localeColumn, localeList } from "./list-entries.ts";
import {
  constant,
  type Draw,
  digitRun,
  joinDraws,
  pickDraw,
  symbolFormat,
  weightedDraw,
} from "./locale-draw.ts";
import { picsumDraw } from "./picsum-draw.ts";
import { numberText, usernameDraw, zipCodeDraw } from "./table-draws.ts";
import {
  between,
  boolArg,
  digits,
  flagEmoji,
  intArgOr,
  localeWords,
  numerify,
  pick,
  username,
  zipCode,
} from "./table-support.ts";
import { domainWordDraw } from "./web-draws.ts";
import * as w from "./word-lists.ts";

/** The expression table's people, places and contacts: Name, Address, Company, PhoneNumber, Nation, Country. */

/** -90..90 and -180..180 with 8 decimals. */
const LATITUDE: Draw = (rnd) => (rnd.float() * 180 - 90).toFixed(8);
const LONGITUDE: Draw = (rnd) => (rnd.float() * 360 - 180).toFixed(8);

/** The ZIP code patterns of the US state Address.zipCodeByState's argument names; another argument is an error. */
function statePostcodes(a: readonly string[]): string | readonly string[] {
  const st = (a[0] ?? "").trim().toUpperCase();
  const pattern = en_US.location?.postcode_by_state?.[st];
  if (pattern === undefined) {
    throw new RowforgeError("RF_VALUE_INVALID", `"${a[0]}" is not a US state abbreviation`);
  }
  return pattern;
}

/** A ZIP code pattern such as `{{number.int({"min": 90001,"max": 96162})}}` as five digits; undefined for another shape. */
function zipRangeDraw(pattern: string): Draw | undefined {
  const m = /^\{\{number\.int\((\{[^()]*\})\)\}\}$/.exec(pattern);
  let range: { min?: unknown; max?: unknown } = {};
  try {
    range = JSON.parse(m?.[1] ?? "{}") as typeof range;
  } catch {
    return undefined;
  }
  const { min, max } = range;
  if (typeof min !== "number" || typeof max !== "number" || !Number.isSafeInteger(min) || max < min) {
    return undefined;
  }
  return Number.isSafeInteger(max) ? numberText(min, max, 5) : undefined;
}

export const NAME_ADDRESS_METHODS: Readonly<Record<string, FakerEntry>> = {
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
    faker: (f, a) => f.helpers.fake(statePostcodes(a)).padStart(5, "0"),
    compiled: (_k, a) => {
      const patterns = statePostcodes(a);
      const draws = (typeof patterns === "string" ? [patterns] : patterns).map(zipRangeDraw);
      return draws.every((d) => d !== undefined) ? pickDraw(draws as Draw[]) : undefined;
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
  // ─── PhoneNumber ─────────────────────────────────────────────────────────────
  "PhoneNumber.phoneNumber": {
    faker: (f) => f.phone.number({ style: "human" }),
    compiled: (k) => k.phoneNumber("human"),
  },
  "PhoneNumber.cellPhone": {
    // `#` a digit, `Ø` a digit 1-9, `!` a digit 2-9, as numerify and the replacement below draw them.
    compiled: (k) => k.formats("cell_phone.formats", "#Ø!"),
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
};
