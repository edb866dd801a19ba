/**
 * THE table of labels: what a field that comes without a generator (a column read from a
 * table, a document field with only a type) is generated as, by its name and type, as Data
 * Caterer's labels choose generators for metadata fields. A new pattern is one row.
 *
 * Names are matched in snake form (`customerEmail`, `Customer-Email` and `CUSTOMER_EMAIL` are
 * all `customer_email`), rows in order, the first that fits wins: a row fits when its pattern
 * matches, it has a generator for the field's kind of type, the field is wide enough for its
 * values (`minWidth`; longer values are cut to the field's width) and, for a unique field,
 * its values can be unique. Faker expressions follow the plan's locale.
 */

import type { LabelMake, NameLabel } from "./name-label.ts";

/** `(^|_)(a|b)$`: a name ending in one of the words (`customer_email`, `email`). */
const endsWith = (words: string): RegExp => new RegExp(`(^|_)(?:${words})$`);

const text = (expression: string): { text: LabelMake } => ({ text: { expression } });

/** A coordinate in degrees from -limit to limit (6 decimals as a float), or its text from the faker. */
const coordinate = (
  label: string,
  names: string,
  limit: number,
  expression: string,
  minWidth: number,
): NameLabel => ({
  label,
  name: endsWith(names),
  make: {
    float: { min: -limit, max: limit, round: 6 },
    decimal: { min: -limit, max: limit },
    text: { expression },
  },
  minWidth,
});
const PAST = { min: "now-730d", max: "now" };
const FUTURE = { min: "today", max: "today+52w" };
const DATE_TIME = "yyyy-MM-dd HH:mm:ss";
const money = (min: number, max: number): { number: LabelMake } => ({ number: { min, max, round: 2 } });

export const NAME_LABELS: readonly NameLabel[] = [
  // ─── People ────────────────────────────────────────────────────────────────
  {
    label: "email",
    name: endsWith("e_?mail(?:_?addr(?:ess)?)?(?:_?\\d)?"),
    make: text("#{Internet.emailAddress}"),
    minWidth: 20,
    unique: true,
  },
  {
    label: "phone",
    name: endsWith(
      "(?:phone|mobile|cell|cell_?phone|tele?phone|tel|fax|msisdn)(?:_?(?:no|num|number))?(?:_?\\d)?",
    ),
    make: text("#{PhoneNumber.cellPhone}"),
    minWidth: 14,
  },
  {
    label: "first name",
    name: endsWith("first_?name|given_?name|fname|forename"),
    make: text("#{Name.firstName}"),
    minWidth: 6,
  },
  { label: "middle name", name: endsWith("middle_?name"), make: text("#{Name.firstName}"), minWidth: 6 },
  {
    label: "last name",
    name: endsWith("last_?name|surname|family_?name|lname"),
    make: text("#{Name.lastName}"),
    minWidth: 6,
  },
  {
    label: "username",
    name: endsWith("user_?name|login(?:_?name)?|handle|screen_?name|nick_?name"),
    make: text("#{Name.username}"),
    minWidth: 8,
    unique: true,
  },
  {
    label: "full name",
    name: /^(?:(?:full|display|customer|client|person|contact|employee|owner|holder|account_?holder|card_?holder|recipient|sender|author|member|patient|student|passenger|guest|driver|manager)_)?name$/,
    make: text("#{Name.fullName}"),
    minWidth: 10,
  },
  {
    label: "full name",
    name: endsWith("full_?name|display_?name"),
    make: text("#{Name.fullName}"),
    minWidth: 10,
  },
  {
    label: "name prefix",
    name: endsWith("salutation|name_?prefix|honorific"),
    make: text("#{Name.prefix}"),
    minWidth: 4,
  },
  { label: "name suffix", name: endsWith("name_?suffix"), make: text("#{Name.suffix}"), minWidth: 3 },
  {
    label: "password",
    name: endsWith("password|passwd|pwd|pass_?word|password_?hash|pass_?hash"),
    make: text("#{Internet.password}"),
    minWidth: 8,
  },
  {
    label: "gender",
    name: endsWith("gender|sex"),
    make: { text: { oneOf: ["female", "male", "non-binary"] } },
  },
  { label: "gender", name: endsWith("gender|sex"), make: { text: { oneOf: ["F", "M", "X"] } } },
  { label: "age", name: endsWith("age|age_?years"), make: { number: { min: 18, max: 90 } } },
  {
    label: "birth date",
    name: endsWith("birth_?date|date_?of_?birth|dob|birthday|born_?on"),
    make: {
      date: { min: "today-32850d", max: "today-6570d" },
      timestamp: { min: "today-32850d", max: "today-6570d" },
      text: { expression: "#{Date.birthday '18','90','yyyy-MM-dd'}" },
    },
    minWidth: 10,
  },
  {
    label: "birth year",
    name: endsWith("birth_?year|year_?of_?birth"),
    make: { number: { min: 1936, max: 2008 } },
  },
  {
    label: "nationality",
    name: endsWith("nationality|citizenship"),
    make: text("#{Nation.nationality}"),
    minWidth: 6,
  },
  {
    label: "marital status",
    name: endsWith("marital_?status"),
    make: text("#{Demographic.maritalStatus}"),
    minWidth: 6,
  },
  {
    label: "blood type",
    name: endsWith("blood_?(?:type|group)"),
    make: text("#{BloodType.bloodGroup}"),
    minWidth: 3,
  },
  {
    label: "ssn",
    name: endsWith("ssn|social_?security(?:_?(?:no|num|number))?"),
    make: { text: { regex: "[0-9]{3}-[0-9]{2}-[0-9]{4}" } },
    minWidth: 11,
    unique: true,
  },
  // ─── Internet ──────────────────────────────────────────────────────────────
  {
    label: "ipv6",
    name: endsWith("ip_?v6(?:_?addr(?:ess)?)?"),
    make: text("#{Internet.ipV6Address}"),
    minWidth: 39,
    unique: true,
  },
  {
    label: "ip",
    name: endsWith(
      "ip|ip_?addr(?:ess)?|ip_?v4(?:_?addr(?:ess)?)?|(?:client|remote|source|src|dest|destination|host|server|user)_?ip",
    ),
    make: text("#{Internet.ipV4Address}"),
    minWidth: 15,
  },
  {
    label: "mac",
    name: endsWith("mac|mac_?addr(?:ess)?"),
    make: text("#{Internet.macAddress}"),
    minWidth: 17,
    unique: true,
  },
  {
    label: "url",
    name: endsWith(
      "url|uri|link|website|web_?site|home_?page|web_?url|site_?url|profile_?url|image_?url|avatar_?url|avatar|photo_?url|picture_?url|callback_?url",
    ),
    make: text("https://#{Internet.domainName}"),
    minWidth: 20,
  },
  {
    label: "domain",
    name: endsWith("domain|domain_?name|host_?name|host|fqdn"),
    make: text("#{Internet.domainName}"),
    minWidth: 10,
  },
  {
    label: "user agent",
    name: endsWith("user_?agent|ua"),
    make: text("#{Internet.userAgent}"),
    minWidth: 40,
  },
  { label: "slug", name: endsWith("slug"), make: text("#{Internet.slug}"), minWidth: 8 },
  { label: "uuid", name: endsWith("uuid|guid"), make: { text: { uuid: true } }, minWidth: 36, unique: true },
  {
    label: "mime type",
    name: endsWith("mime_?type|content_?type|media_?type"),
    make: text("#{File.mimeType}"),
    minWidth: 12,
  },
  { label: "file name", name: endsWith("file_?name"), make: text("#{File.fileName}"), minWidth: 10 },
  {
    label: "file extension",
    name: endsWith("file_?ext(?:ension)?|extension"),
    make: text("#{File.extension}"),
    minWidth: 3,
  },
  {
    label: "version",
    name: endsWith("version|app_?version|software_?version|semver"),
    make: text("#{App.version}"),
    minWidth: 5,
  },
  // ─── Work ──────────────────────────────────────────────────────────────────
  {
    label: "job title",
    name: endsWith("job_?title|job|occupation|profession|designation|position_?title"),
    make: text("#{Job.title}"),
    minWidth: 12,
  },
  {
    label: "company",
    name: endsWith("company|company_?name|employer|organi[sz]ation(?:_?name)?|org_?name|business_?name|firm"),
    make: text("#{Company.name}"),
    minWidth: 10,
  },
  {
    label: "department",
    name: endsWith("department|dept|department_?name"),
    make: text("#{Commerce.department}"),
    minWidth: 6,
  },
  { label: "industry", name: endsWith("industry|sector"), make: text("#{Company.industry}"), minWidth: 8 },
  {
    label: "salary",
    name: endsWith("salary|annual_?salary|income|annual_?income|wage|wages"),
    make: money(20_000, 200_000),
  },
  // ─── Places ────────────────────────────────────────────────────────────────
  {
    label: "street address",
    name: endsWith(
      "street_?address|street|address(?:_?line)?_?1?|addr(?:_?line)?_?1?|street_?line_?1?|address_?line_?one|(?:home|mailing|billing|shipping|postal|delivery)_?address",
    ),
    make: text("#{Address.streetAddress}"),
    minWidth: 12,
  },
  {
    label: "address line 2",
    name: endsWith(
      "address_?line_?2|addr(?:_?line)?_?2|address_?2|street_?line_?2|address_?line_?two|apartment|apt|suite",
    ),
    make: text("#{Address.secondaryAddress}"),
    minWidth: 8,
  },
  { label: "street name", name: endsWith("street_?name"), make: text("#{Address.streetName}"), minWidth: 8 },
  {
    label: "building number",
    name: endsWith("building_?(?:no|num|number)|house_?(?:no|num|number)|street_?(?:no|num|number)"),
    make: text("#{Address.buildingNumber}"),
    minWidth: 3,
  },
  {
    label: "full address",
    name: endsWith("full_?address|formatted_?address|location_?address"),
    make: text("#{Address.fullAddress}"),
    minWidth: 20,
  },
  {
    label: "city",
    name: endsWith("city|town|city_?name|municipality|locality"),
    make: text("#{Address.city}"),
    minWidth: 8,
  },
  {
    label: "state code",
    name: endsWith("state_?(?:code|abbr|abbreviation)|province_?code"),
    make: text("#{Address.stateAbbr}"),
    minWidth: 2,
  },
  {
    label: "state",
    name: endsWith("state|province|state_?name|province_?name"),
    make: text("#{Address.state}"),
    minWidth: 8,
  },
  { label: "state code", name: endsWith("state|province"), make: text("#{Address.stateAbbr}"), minWidth: 2 },
  {
    label: "postcode",
    name: endsWith("zip|zip_?code|post_?code|postal_?code|postal|pin_?code"),
    make: text("#{Address.zipCode}"),
    minWidth: 5,
  },
  {
    label: "country code",
    name: endsWith("country_?(?:code|iso|iso_?2|iso_?code|alpha_?2)|iso_?country(?:_?code)?"),
    make: text("#{Address.countryCode}"),
    minWidth: 2,
  },
  {
    label: "country",
    name: endsWith("country|country_?name|nation"),
    make: text("#{Address.country}"),
    minWidth: 12,
  },
  { label: "country code", name: endsWith("country"), make: text("#{Address.countryCode}"), minWidth: 2 },
  coordinate("latitude", "lat|latitude", 90, "#{Address.latitude}", 10),
  coordinate("longitude", "lon|lng|long|longitude", 180, "#{Address.longitude}", 11),
  { label: "time zone", name: endsWith("time_?zone|tz"), make: text("#{Address.timeZone}"), minWidth: 12 },
  {
    label: "language code",
    name: endsWith("(?:language|lang)_?code|locale"),
    make: text("#{Nation.isoLanguage}"),
    minWidth: 2,
  },
  {
    label: "language",
    name: endsWith("language|lang|language_?name"),
    make: text("#{Nation.language}"),
    minWidth: 8,
  },
  // ─── Money and commerce ────────────────────────────────────────────────────
  { label: "iban", name: endsWith("iban"), make: text("#{Finance.iban}"), minWidth: 28, unique: true },
  {
    label: "bic",
    name: endsWith("bic|swift|swift_?code|bic_?code"),
    make: text("#{Finance.bic}"),
    minWidth: 11,
  },
  {
    label: "credit card",
    name: endsWith("credit_?card(?:_?(?:no|num|number))?|card_?(?:no|num|number)|cc_?(?:no|num|number)|pan"),
    make: text("#{Finance.creditCard}"),
    minWidth: 19,
  },
  {
    label: "card type",
    name: endsWith("card_?(?:type|brand|network|scheme)"),
    make: text("#{Business.creditCardType}"),
    minWidth: 10,
  },
  {
    label: "card expiry",
    name: endsWith("card_?exp(?:iry|iration)?(?:_?date)?"),
    make: text("#{Business.creditCardExpiry}"),
    minWidth: 10,
  },
  {
    label: "card security code",
    name: endsWith("cvv|cvc|cvv_?2|security_?code|card_?verification(?:_?code)?"),
    make: { text: { regex: "[0-9]{3}" } },
    minWidth: 3,
  },
  {
    label: "currency code",
    name: endsWith("currency|currency_?code|ccy|iso_?currency"),
    make: text("#{Money.currencyCode}"),
    minWidth: 3,
  },
  { label: "currency name", name: endsWith("currency_?name"), make: text("#{Money.currency}"), minWidth: 10 },
  {
    label: "price",
    name: endsWith(
      "price|unit_?price|list_?price|sale_?price|amount|total|total_?amount|sub_?total|cost|unit_?cost|fee|fees|charge|payment|paid_?amount|tax|tax_?amount|shipping(?:_?cost)?|discount_?amount",
    ),
    make: money(1, 1000),
  },
  { label: "balance", name: endsWith("balance|account_?balance|credit_?limit"), make: money(0, 10_000) },
  {
    label: "quantity",
    name: endsWith("quantity|qty|units|unit_?count|item_?count|stock|stock_?quantity|in_?stock|inventory"),
    make: { number: { min: 1, max: 100 } },
  },
  { label: "rating", name: endsWith("rating|stars|star_?rating"), make: { number: { min: 1, max: 5 } } },
  {
    label: "percentage",
    name: endsWith("percent|percentage|pct|discount|discount_?(?:percent|pct)|tax_?rate|interest_?rate"),
    make: { number: { min: 0, max: 100, round: 2 } },
  },
  { label: "score", name: endsWith("score"), make: { number: { min: 0, max: 100 } } },
  {
    label: "product name",
    name: endsWith("product|product_?name|item_?name|product_?title"),
    make: text("#{Commerce.productName}"),
    minWidth: 12,
  },
  {
    label: "brand",
    name: endsWith("brand|brand_?name|manufacturer"),
    make: text("#{Commerce.brand}"),
    minWidth: 6,
  },
  {
    label: "category",
    name: endsWith("category|category_?name|product_?category"),
    make: text("#{Commerce.department}"),
    minWidth: 6,
  },
  {
    label: "sku",
    name: endsWith("sku|product_?code|item_?code|article_?(?:no|num|number)"),
    make: { text: { regex: "[A-Z]{3}-[0-9]{6}" } },
    minWidth: 10,
    unique: true,
  },
  {
    label: "ticker",
    name: endsWith("ticker|stock_?symbol|ticker_?symbol"),
    make: text("#{Finance.nasdaqTicker}"),
    minWidth: 4,
  },
  {
    label: "color",
    name: endsWith("colou?r_?(?:hex|code)|hex_?colou?r"),
    make: text("#{Color.hex}"),
    minWidth: 7,
  },
  { label: "color", name: endsWith("colou?r|colou?r_?name"), make: text("#{Color.name}"), minWidth: 6 },
  { label: "vin", name: endsWith("vin"), make: text("#{Vehicle.vin}"), minWidth: 17 },
  {
    label: "licence plate",
    name: endsWith("licen[cs]e_?plate|number_?plate|plate_?(?:no|num|number)"),
    make: text("#{Vehicle.licensePlate}"),
    minWidth: 8,
  },
  // ─── Text and states ───────────────────────────────────────────────────────
  {
    label: "description",
    name: endsWith(
      "description|desc|comment|comments|note|notes|remark|remarks|summary|bio|biography|about|message|feedback|review|review_?text|details",
    ),
    make: text("#{Lorem.sentence}"),
    minWidth: 10,
  },
  {
    label: "status",
    name: endsWith("status|account_?status|order_?status|payment_?status"),
    make: { text: { oneOf: ["active", "inactive", "pending", "suspended", "closed"] } },
  },
  { label: "status", name: endsWith("status"), make: { text: { oneOf: ["A", "I", "P"] } } },
  // ─── Times ─────────────────────────────────────────────────────────────────
  {
    label: "expiry date",
    name: endsWith(
      "(?:expir(?:y|es|ation|ed)|valid_?(?:until|to|thru)|due|deadline|renew(?:al|s)?|scheduled)(?:_?(?:at|on|date|time|ts))?",
    ),
    make: {
      date: FUTURE,
      timestamp: FUTURE,
      text: { expression: "#{Date.future '365','DAYS','yyyy-MM-dd'}" },
    },
    minWidth: 10,
  },
  {
    label: "past time",
    name: endsWith(
      "(?:created|updated|modified|deleted|inserted|registered|signed_?up|joined|occurred|logged|recorded|processed|submitted|completed|ordered|shipped|delivered|paid|cancell?ed|last_?(?:login|seen|modified|updated|activity))(?:_?(?:at|on|date|time|ts|timestamp|datetime))?",
    ),
    make: { date: PAST, timestamp: PAST, text: { expression: `#{Date.past '730','DAYS','${DATE_TIME}'}` } },
    minWidth: 19,
  },
  {
    label: "date",
    name: endsWith("date|on"),
    make: { text: { expression: "#{Date.past '365','DAYS','yyyy-MM-dd'}" } },
    minWidth: 10,
  },
  {
    label: "time",
    name: endsWith("at|time|ts|timestamp|date_?time"),
    make: { text: { expression: `#{Date.past '365','DAYS','${DATE_TIME}'}` } },
    minWidth: 19,
  },
  {
    label: "year",
    name: endsWith("year|yr|model_?year|fiscal_?year"),
    make: { integer: { min: 1990, max: 2030 } },
  },
  { label: "month", name: endsWith("month"), make: { integer: { min: 1, max: 12 } } },
];
