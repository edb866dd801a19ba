/**
 * Generators for the string formats JSON Schema names. Each gives values the format's
 * validators accept; emails and UUIDs use rowforge's helpers, the others a regex.
 */
export const FORMATS: Readonly<Record<string, Record<string, unknown>>> = {
  email: { regex: "[a-z]{2,10}(\\.[a-z]{2,10})?@(example|mail|test)\\.(com|org|net)" },
  "idn-email": { regex: "[a-z]{2,10}@(example|mail|test)\\.(com|org|net)" },
  uuid: { uuid: "" },
  uri: { regex: "https://(www\\.)?[a-z]{3,12}\\.(com|org|net|io)(/[a-z0-9]{1,10}){0,3}" },
  "uri-reference": { regex: "/[a-z0-9]{1,10}(/[a-z0-9]{1,10}){0,2}" },
  iri: { regex: "https://[a-z]{3,12}\\.(com|org|net)(/[a-z0-9]{1,10}){0,3}" },
  url: { regex: "https://(www\\.)?[a-z]{3,12}\\.(com|org|net|io)(/[a-z0-9]{1,10}){0,3}" },
  ipv4: {
    regex:
      "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}",
  },
  ipv6: { regex: "[0-9a-f]{1,4}(:[0-9a-f]{1,4}){7}" },
  hostname: { regex: "[a-z][a-z0-9]{1,10}(\\.[a-z][a-z0-9]{1,10}){0,2}\\.(com|org|net)" },
  "idn-hostname": { regex: "[a-z][a-z0-9]{1,10}\\.(com|org|net)" },
  time: { regex: "([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z" },
  duration: { regex: "P[1-9][0-9]?D(T[1-9]H)?" },
  byte: { regex: "([A-Za-z0-9+/]{4}){1,8}" },
  "json-pointer": { regex: "(/[a-z0-9]{1,8}){0,3}" },
  "relative-json-pointer": { regex: "[0-9](/[a-z0-9]{1,8}){0,2}" },
  "uri-template": { regex: "https://[a-z]{3,12}\\.(com|org)/[a-z]{1,8}/\\{[a-z]{1,8}\\}" },
  "iri-reference": { regex: "/[a-z0-9]{1,10}(/[a-z0-9]{1,10}){0,2}" },
  regex: { regex: "[a-z]{1,8}(\\.\\*)?" },
};

/**
 * Formats whose values are judged as a whole, not by a regex (a regular expression compiles):
 * the strings of a pattern given beside them are kept when they pass.
 */
export const FORMAT_CHECKS: Readonly<Record<string, (v: string) => boolean>> = {
  regex: (v) => {
    try {
      new RegExp(v, "u");
      return true;
    } catch {
      return false;
    }
  },
};

/** Formats that are types of their own in rowforge. */
export const TYPED_FORMATS: Readonly<Record<string, string>> = { date: "date", "date-time": "timestamp" };
/** A value of each typed format as the JSON output writes it: a pattern it meets keeps the type. */
export const TYPED_SAMPLES: Readonly<Record<string, string>> = {
  date: "2026-03-11",
  "date-time": "2026-03-11T23:08:03.944Z",
};
