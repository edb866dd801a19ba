import type { OptionHelper } from "./helper-types.ts";
import { readFlag, stringOrKeyHelper } from "./string-or-key.ts";

const DOMAIN = /^[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
const ANY_EMAIL = "#{Internet.emailAddress}";

export const emailHelper = stringOrKeyHelper(
  "email",
  "domain",
  'write email: "" (any address), email: "company.com" or email: {domain: "company.com"}',
  (domain, invalid) => {
    if (domain === undefined) return { expression: ANY_EMAIL };
    if (DOMAIN.test(domain)) return { expression: `#{Name.first_name}.#{Name.last_name}@${domain}` };
    invalid(`"${domain}" is not a domain name like "example.com" or "mail.example.com"`);
    return { expression: ANY_EMAIL };
  },
);

/**
 * A helper choosing an expression by name from `expressions` (`fallback` by default; names read
 * in the case `caseOf` gives them); another name is reported as `unsupported` says and read as
 * the fallback.
 */
const choiceHelper = (
  name: string,
  key: string,
  hint: string,
  expressions: Readonly<Record<string, string>>,
  fallback: string,
  caseOf: (text: string) => string,
  unsupported: (choice: string) => string,
) =>
  stringOrKeyHelper(name, key, hint, (text, invalid) => {
    const choice = text === undefined ? fallback : caseOf(text);
    const expression = expressions[choice];
    if (expression !== undefined) return { expression };
    invalid(unsupported(choice));
    return { expression: expressions[fallback] };
  });

export const phoneHelper = choiceHelper(
  "phone",
  "format",
  'write phone: "US", "UK" or "AU" (default "US"), or phone: {format: "UK"}',
  { US: "#{PhoneNumber.cellPhone}", UK: "#{PhoneNumber.phoneNumber}", AU: "#{PhoneNumber.phoneNumber}" },
  "US",
  (text) => text.toUpperCase(),
  (format) => `unsupported phone format "${format}"; use US, UK or AU`,
);

export const urlHelper = choiceHelper(
  "url",
  "protocol",
  'write url: "https" (default) or "http", or url: {protocol: "http"}',
  { https: "https://#{Internet.domainName}", http: "http://#{Internet.domainName}" },
  "https",
  (text) => text.toLowerCase(),
  (protocol) => `unsupported protocol "${protocol}"; use http or https`,
);

const CARD_EXPRESSIONS: Readonly<Record<string, string>> = {
  visa: "#{Finance.creditCard 'VISA'}",
  mastercard: "#{Finance.creditCard 'MASTERCARD'}",
  amex: "#{Finance.creditCard 'AMEX'}",
};

// Card types without a dedicated pattern fall back to any card type, as users expect from "etc."
export const creditCardHelper = stringOrKeyHelper(
  "creditCard",
  "cardType",
  'write creditCard: "visa" (default), "mastercard" or "amex" (other names give any card type), or creditCard: {cardType: "amex"}',
  (text) => ({ expression: CARD_EXPRESSIONS[text?.toLowerCase() ?? "visa"] ?? "#{Finance.creditCard}" }),
);

const flagHelper = (name: string, patch: Readonly<Record<string, unknown>>, what: string): OptionHelper => ({
  name,
  hint: `write ${name}: true to generate ${what} (false switches it off)`,
  expand: (value, scope) => (readFlag(value, scope) ? patch : {}),
});

export const uuidPatternHelper = flagHelper("uuidPattern", { sql: "UUID()" }, "random version 4 UUIDs");
export const ipv4Helper = flagHelper("ipv4", { expression: "#{Internet.ipV4Address}" }, "IPv4 addresses");
export const ipv6Helper = flagHelper("ipv6", { expression: "#{Internet.ipV6Address}" }, "IPv6 addresses");
export const ssnPatternHelper = flagHelper(
  "ssnPattern",
  { regex: "[0-9]{3}-[0-9]{2}-[0-9]{4}" },
  "US social security numbers (123-45-6789)",
);
