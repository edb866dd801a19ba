import { CULTURE_METHODS } from "./culture-methods.ts";
import { DATE_METHODS } from "./date-methods.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { FINANCE_ID_METHODS } from "./finance-id-methods.ts";
import { FOOD_METHODS } from "./food-methods.ts";
import { INTERNET_METHODS } from "./internet-methods.ts";
import { LOREM_TEXT_METHODS } from "./lorem-text-methods.ts";
import { NAME_ADDRESS_METHODS } from "./name-address-methods.ts";
import { NUMBER_METHODS } from "./number-methods.ts";
import { PEOPLE_METHODS } from "./people-methods.ts";
import { SCIENCE_METHODS } from "./science-methods.ts";
import { TRANSPORT_METHODS } from "./transport-methods.ts";

/**
 * THE expression table: `Provider.method` as users write it → how rowforge makes the value.
 * Lookup ignores case and underscores (`Name.first_name` = `name.firstName`), see
 * faker-lookup.ts. Values are strings; numbers, dates and lists are rendered as users' files
 * expect (see java-text.ts). Dates count back or forward from the run's reference date.
 */
export const FAKER_TABLE: Readonly<Record<string, FakerEntry>> = {
  ...NAME_ADDRESS_METHODS,
  ...INTERNET_METHODS,
  ...FINANCE_ID_METHODS,
  ...DATE_METHODS,
  ...LOREM_TEXT_METHODS,
  ...NUMBER_METHODS,
  ...PEOPLE_METHODS,
  ...FOOD_METHODS,
  ...TRANSPORT_METHODS,
  ...SCIENCE_METHODS,
  ...CULTURE_METHODS,
};

/** Provider names users may write for a table provider. */
export const PROVIDER_ALIASES: Readonly<Record<string, string>> = {
  Crypto: "Hashing",
  DateAndTime: "Date",
  Relationship: "Relationships",
};
