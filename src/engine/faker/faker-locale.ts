import { createRequire } from "node:module";
import { base, en, en_US, Faker, type LocaleDefinition } from "@faker-js/faker";
import { nearestNames, RowforgeError } from "../../errors/index.ts";
import { FAKER_LOCALE_IDS } from "./faker-locale-ids.ts";
import { RowRandomizer } from "./row-randomizer.ts";

/** Old language codes still seen in configuration files, mapped to the current ones. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { iw: "he", in: "id", ji: "yi", no: "nb" };

const LOCALE_IDS = FAKER_LOCALE_IDS;

/** English and the base data travel with rowforge (in the bundle, only what is imported by name). */
const BUILT_IN: Readonly<Record<string, LocaleDefinition>> = { en, en_US, base };
let everyLocale: Readonly<Record<string, LocaleDefinition>> | undefined;

/**
 * A locale's definitions. Any other locale than English loads the whole data set once, at
 * first use (some 130 ms): plans in English never pay for the other 70 locales.
 */
function definitionOf(id: string): LocaleDefinition | undefined {
  const own = BUILT_IN[id];
  if (own) return own;
  everyLocale ??= (
    createRequire(import.meta.url)("@faker-js/faker") as { allLocales: Record<string, LocaleDefinition> }
  ).allLocales;
  return everyLocale[id];
}

/**
 * Maps a locale as users write it (`en`, `en_US`, `en-GB`, `de`, `fr_FR`, `ja`) to a locale
 * id of the data set: the exact locale, else its language, else the first regional variant
 * of the language (`pt` → `pt_BR`). Unknown languages are an error naming the nearest ids.
 */
export function resolveFakerLocale(locale: string | undefined): string {
  const text = (locale ?? "").trim().replace(/-/g, "_");
  if (text === "") return "en";
  const exact = LOCALE_IDS.find((id) => id.toLowerCase() === text.toLowerCase());
  if (exact) return exact;
  const rawLang = (text.split("_")[0] ?? "").toLowerCase();
  const lang = LANGUAGE_ALIASES[rawLang] ?? rawLang;
  if (LOCALE_IDS.includes(lang)) return lang;
  const regional = LOCALE_IDS.filter((id) => id.startsWith(`${lang}_`)).sort()[0];
  if (regional) return regional;
  const near = nearestNames(text, LOCALE_IDS);
  throw new RowforgeError("RF_VALUE_INVALID", `unknown locale "${locale}"`, {
    hint:
      near.length > 0
        ? `did you mean ${near.map((n) => `"${n}"`).join(" or ")}? Locales are written like en, en_US, de, fr_FR`
        : `use a locale such as en, en_US, en_GB, de, fr, ja (${LOCALE_IDS.length} are available)`,
  });
}

/** The definitions to search, most specific first, with English and the base data last. */
export function localeChain(id: string): LocaleDefinition[] {
  const ids = [id];
  const lang = id.split("_")[0] ?? id;
  if (lang !== id && LOCALE_IDS.includes(lang)) ids.push(lang);
  if (!ids.includes("en")) ids.push("en");
  ids.push("base");
  return ids.map((k) => definitionOf(k)).filter((d) => d !== undefined);
}

/** One Faker per locale with its row randomizer and the reference date its date methods use. */
export interface FakerHandle {
  readonly locale: string;
  readonly faker: Faker;
  readonly randomizer: RowRandomizer;
  /** Epoch milliseconds of "now" for the value being made; set before each value. */
  refDate: number;
}

const handles = new Map<string, FakerHandle>();

/** The cached handle of a resolved locale id (building a Faker is slow, so there is one per locale). */
export function fakerHandle(id: string): FakerHandle {
  let h = handles.get(id);
  if (!h) {
    const randomizer = new RowRandomizer();
    const faker = new Faker({ locale: localeChain(id), randomizer });
    const handle: FakerHandle = { locale: id, faker, randomizer, refDate: 0 };
    faker.setDefaultRefDate(() => new Date(handle.refDate));
    handles.set(id, handle);
    h = handle;
  }
  return h;
}

export const fakerLocaleIds = (): readonly string[] => LOCALE_IDS;
