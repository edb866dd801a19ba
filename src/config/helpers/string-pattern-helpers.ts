import type { OptionHelper } from "./helper-types.ts";
import { readFlag, readStringOrKey } from "./string-or-key.ts";

const DOMAIN = /^[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
const ANY_EMAIL = "#{Internet.emailAddress}";

export const emailHelper: OptionHelper = {
  name: "email",
  hint: 'write email: "" (any address), email: "company.com" or email: {domain: "company.com"}',
  expand(value, scope) {
    const r = readStringOrKey(value, "domain", scope);
    if (r.kind === "off") return {};
    if (r.kind === "default") return { expression: ANY_EMAIL };
    if (!DOMAIN.test(r.text)) {
      scope.invalid(`"${r.text}" is not a domain name like "example.com" or "mail.example.com"`, r.sub);
      return { expression: ANY_EMAIL };
    }
    return { expression: `#{Name.first_name}.#{Name.last_name}@${r.text}` };
  },
};

const PHONE_EXPRESSIONS: Readonly<Record<string, string>> = {
  US: "#{PhoneNumber.cellPhone}",
  UK: "#{PhoneNumber.phoneNumber}",
  AU: "#{PhoneNumber.phoneNumber}",
};

export const phoneHelper: OptionHelper = {
  name: "phone",
  hint: 'write phone: "US", "UK" or "AU" (default "US"), or phone: {format: "UK"}',
  expand(value, scope) {
    const r = readStringOrKey(value, "format", scope);
    if (r.kind === "off") return {};
    const format = r.kind === "text" ? r.text.toUpperCase() : "US";
    const expression = PHONE_EXPRESSIONS[format];
    if (expression !== undefined) return { expression };
    scope.invalid(`unsupported phone format "${format}"; use US, UK or AU`, r.kind === "text" ? r.sub : []);
    return { expression: PHONE_EXPRESSIONS.US };
  },
};

export const urlHelper: OptionHelper = {
  name: "url",
  hint: 'write url: "https" (default) or "http", or url: {protocol: "http"}',
  expand(value, scope) {
    const r = readStringOrKey(value, "protocol", scope);
    if (r.kind === "off") return {};
    let protocol = r.kind === "text" ? r.text.toLowerCase() : "https";
    if (protocol !== "http" && protocol !== "https") {
      scope.invalid(`unsupported protocol "${protocol}"; use http or https`, r.kind === "text" ? r.sub : []);
      protocol = "https";
    }
    return { expression: `${protocol}://#{Internet.domainName}` };
  },
};

const CARD_EXPRESSIONS: Readonly<Record<string, string>> = {
  visa: "#{Finance.creditCard 'VISA'}",
  mastercard: "#{Finance.creditCard 'MASTERCARD'}",
  amex: "#{Finance.creditCard 'AMEX'}",
};

export const creditCardHelper: OptionHelper = {
  name: "creditCard",
  hint: 'write creditCard: "visa" (default), "mastercard" or "amex" (other names give any card type), or creditCard: {cardType: "amex"}',
  expand(value, scope) {
    const r = readStringOrKey(value, "cardType", scope);
    if (r.kind === "off") return {};
    const card = r.kind === "text" ? r.text.toLowerCase() : "visa";
    // Card types without a dedicated pattern fall back to any card type, as users expect from "etc."
    return { expression: CARD_EXPRESSIONS[card] ?? "#{Finance.creditCard}" };
  },
};

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
