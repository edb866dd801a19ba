import type { Faker } from "@faker-js/faker";
import { compileFakePattern } from "./fake-pattern.ts";
import { constant, type Draw, pickDraw, pickFrom, symbolFormat, weightedDraw } from "./locale-draw.ts";

type Sex = "female" | "male";
const SEXES: readonly Sex[] = ["female", "male"];

interface Weighted {
  readonly value: unknown;
  readonly weight: number;
}

const isWeighted = (v: unknown): v is Weighted =>
  typeof v === "object" && v !== null && "value" in v && typeof (v as Weighted).weight === "number";

/**
 * The faker-js methods rowforge's table uses, compiled against one locale's definitions (the
 * locale chain merged, as the Faker of that locale sees them): list picks, weighted picks,
 * locale patterns as concatenations and digit runs, with the same lists and weights as faker's
 * own methods, drawn with the row's counter RNG instead of a Faker per row. Every method gives
 * undefined when the locale lacks the data or shapes it in a way not compiled here; callers
 * then use faker itself.
 */
export class LocaleKernels {
  private readonly cache = new Map<string, Draw | undefined>();
  /** References of locale patterns that name faker methods, as compiled here. */
  private readonly methods: Readonly<Record<string, () => Draw | undefined>> = {
    "person.firstName": () => this.firstName(),
    "person.lastName": () => this.lastName(),
    "person.middleName": () => this.middleName(),
    "person.prefix": () => this.prefix(),
    "person.suffix": () => this.list("person.suffix"),
    "person.fullName": () => this.fullName(),
    "person.jobTitle": () => this.jobTitle(),
    "person.jobDescriptor": () => this.list("person.job_descriptor"),
    "person.jobArea": () => this.list("person.job_area"),
    "person.jobType": () => this.list("person.job_type"),
    "location.city": () => this.city(),
    "location.cityName": () => this.list("location.city_name"),
    "location.street": () => this.street(),
    "location.streetAddress": () => this.streetAddress(false),
    "location.buildingNumber": () => this.buildingNumber(),
    "location.secondaryAddress": () => this.secondaryAddress(),
    "location.zipCode": () => this.zipCode(),
    "location.state": () => this.list("location.state"),
    "location.country": () => this.list("location.country"),
    "location.county": () => this.list("location.county"),
    "company.name": () => this.companyName(),
    "commerce.productName": () => this.productName(),
    "commerce.department": () => this.list("commerce.department"),
    "commerce.productAdjective": () => this.list("commerce.product_name.adjective"),
    "commerce.productMaterial": () => this.list("commerce.product_name.material"),
    "commerce.product": () => this.list("commerce.product_name.product"),
    "lorem.word": () => this.list("lorem.word"),
    "internet.domainSuffix": () => this.list("internet.domain_suffix"),
    "food.adjective": () => this.list("food.adjective"),
    "food.ethnicCategory": () => this.list("food.ethnic_category"),
    "food.fruit": () => this.list("food.fruit"),
    "food.ingredient": () => this.list("food.ingredient"),
    "food.meat": () => this.list("food.meat"),
    "food.spice": () => this.list("food.spice"),
    "food.vegetable": () => this.list("food.vegetable"),
  };

  private readonly definitions: Readonly<Record<string, unknown>>;
  private readonly faker: Faker;
  /** Applied to every word and literal text (see withText). */
  private readonly text: (s: string) => string;
  private readonly variants = new Map<string, LocaleKernels>();

  constructor(
    definitions: Readonly<Record<string, unknown>>,
    faker: Faker,
    text: (s: string) => string = (s) => s,
  ) {
    this.definitions = definitions;
    this.faker = faker;
    this.text = text;
  }

  /**
   * The same methods with `text` applied to each word and literal once, at compile time, rather
   * than to each value: for rules that work character by character (lower case, characters
   * removed), as usernames and e-mail addresses need. `name` identifies the rule.
   */
  withText(name: string, text: (s: string) => string): LocaleKernels {
    let k = this.variants.get(name);
    if (!k) {
      k = new LocaleKernels(this.definitions, this.faker, (s) => text(this.text(s)));
      this.variants.set(name, k);
    }
    return k;
  }

  private memo(key: string, make: () => Draw | undefined): Draw | undefined {
    if (this.cache.has(key)) return this.cache.get(key);
    // Marked before it is made, so a pattern that refers to itself ends as undefined.
    this.cache.set(key, undefined);
    const draw = make();
    this.cache.set(key, draw);
    return draw;
  }

  /** The locale data at a dotted path (`location.city_prefix`), null or undefined when absent. */
  private data(path: string): unknown {
    let v: unknown = this.definitions;
    for (const k of path.split(".")) {
      if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
      v = (v as Record<string, unknown>)[k];
    }
    return v;
  }

  /** A pattern or a list of patterns and words, each picked as often (faker's helpers.fake). */
  private patterns(
    value: unknown,
    literal = (text: string): Draw => constant(this.text(text)),
  ): Draw | undefined {
    const items = typeof value === "string" ? [value] : value;
    if (!Array.isArray(items) || items.length === 0) return undefined;
    const draws: Draw[] = [];
    for (const item of items) {
      if (typeof item !== "string") return undefined;
      const draw = item.includes("{{")
        ? compileFakePattern(item, (r) => this.reference(r), literal)
        : literal(item);
      if (draw === undefined) return undefined;
      draws.push(draw);
    }
    return pickDraw(draws);
  }

  /** Weighted patterns (`{ value, weight }`) or plain ones. */
  private weightedPatterns(value: unknown, resolve: (r: string) => Draw | undefined): Draw | undefined {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const items: { weight: number; draw: Draw }[] = [];
    for (const item of value) {
      const text = isWeighted(item) ? item.value : item;
      if (typeof text !== "string") return undefined;
      const draw = compileFakePattern(text, resolve, (t) => constant(this.text(t)));
      if (draw === undefined) return undefined;
      items.push({ weight: isWeighted(item) ? item.weight : 1, draw });
    }
    return weightedDraw(items);
  }

  /** A `{{module.name}}` reference: a method compiled here, else locale data; never a faker method not compiled. */
  reference(ref: string): Draw | undefined {
    const method = this.methods[ref];
    if (method) return this.memo(ref, method);
    const int = /^number\.int\((\{[^()]*\})\)$/.exec(ref);
    if (int) return this.memo(ref, () => intRange(int[1] ?? ""));
    const [module = "", name = ""] = ref.split(".");
    const owner = (this.faker as unknown as Record<string, unknown>)[module];
    if (typeof owner === "object" && owner !== null && typeof Reflect.get(owner, name) === "function") {
      return undefined;
    }
    return this.memo(`data:${ref}`, () => this.patterns(this.data(ref)));
  }

  /** The words (or patterns) of a locale list, picked uniformly. */
  list(path: string): Draw | undefined {
    return this.memo(`list:${path}`, () => this.patterns(this.data(path)));
  }

  /**
   * Faker's choice among a definition split by sex (`{ generic, female, male }`): for a sex, its
   * own list or the generic one weighted 3√n to √n; without one, either sex half the time.
   */
  private bySex(
    path: string,
    sex: Sex | undefined,
    of: (value: unknown) => Draw | undefined,
  ): Draw | undefined {
    const def = this.data(path);
    if (Array.isArray(def)) return of(def);
    if (typeof def !== "object" || def === null) return undefined;
    const { generic, female, male } = def as Record<string, unknown>;
    const pick = (s: Sex): Draw | undefined => {
      const own = s === "female" ? female : male;
      if (own == null) return generic == null ? undefined : of(generic);
      if (generic == null) return of(own);
      const a = of(own);
      const b = of(generic);
      if (!a || !b || !Array.isArray(own) || !Array.isArray(generic)) return undefined;
      return weightedDraw([
        { weight: 3 * Math.sqrt(own.length), draw: a },
        { weight: Math.sqrt(generic.length), draw: b },
      ]);
    };
    if (sex !== undefined) return pick(sex);
    const both = SEXES.map(pick);
    return both.every((d) => d !== undefined) ? pickDraw(both as Draw[]) : undefined;
  }

  firstName(sex?: Sex): Draw | undefined {
    return this.memo(`firstName:${sex}`, () => this.bySex("person.first_name", sex, (v) => this.patterns(v)));
  }

  middleName(sex?: Sex): Draw | undefined {
    return this.memo(`middleName:${sex}`, () =>
      this.bySex("person.middle_name", sex, (v) => this.patterns(v)),
    );
  }

  prefix(sex?: Sex): Draw | undefined {
    return this.memo(`prefix:${sex}`, () => this.bySex("person.prefix", sex, (v) => this.patterns(v)));
  }

  /** A family name: from the locale's weighted last-name patterns when it has them, else its list. */
  lastName(sex?: Sex): Draw | undefined {
    return this.memo(`lastName:${sex}`, () =>
      this.data("person.last_name_pattern") != null
        ? this.bySex("person.last_name_pattern", sex, (v) =>
            this.weightedPatterns(v, (r) => this.reference(r)),
          )
        : this.bySex("person.last_name", sex, (v) => this.patterns(v)),
    );
  }

  /** A full name from the locale's weighted name patterns, its parts of one sex. */
  fullName(): Draw | undefined {
    return this.memo("fullName", () => {
      const bySex = SEXES.map((sex) => {
        const parts: Readonly<Record<string, () => Draw | undefined>> = {
          "person.prefix": () => this.prefix(sex),
          "person.firstName": () => this.firstName(sex),
          "person.middleName": () => this.middleName(sex),
          "person.lastName": () => this.lastName(sex),
          "person.suffix": () => this.list("person.suffix"),
        };
        return this.weightedPatterns(this.data("person.name"), (r) => parts[r]?.());
      });
      return bySex.every((d) => d !== undefined) ? pickDraw(bySex as Draw[]) : undefined;
    });
  }

  jobTitle(): Draw | undefined {
    return this.memo("jobTitle", () => this.patterns(this.data("person.job_title_pattern")));
  }

  city(): Draw | undefined {
    return this.memo("city", () => this.patterns(this.data("location.city_pattern")));
  }

  street(): Draw | undefined {
    return this.memo("street", () => this.patterns(this.data("location.street_pattern")));
  }

  streetAddress(full: boolean): Draw | undefined {
    return this.memo(`streetAddress:${full}`, () =>
      this.patterns(this.data(`location.street_address.${full ? "full" : "normal"}`)),
    );
  }

  /** Building numbers: every run of `#` a number without a leading zero. */
  buildingNumber(): Draw | undefined {
    return this.memo("buildingNumber", () =>
      this.patterns(this.data("location.building_number"), (t) => symbolFormat(t, "#", false)),
    );
  }

  secondaryAddress(): Draw | undefined {
    return this.memo("secondaryAddress", () =>
      this.patterns(this.data("location.secondary_address"), (t) => symbolFormat(t, "#", false)),
    );
  }

  /**
   * A locale list of formats (`app.version`, `cell_phone.formats`), one picked uniformly, its
   * `symbols` drawn as symbolFormat draws them and its `{{...}}` references resolved.
   */
  formats(path: string, symbols: string): Draw | undefined {
    return this.memo(`formats:${path}:${symbols}`, () =>
      this.patterns(this.data(path), (t) => symbolFormat(t, symbols)),
    );
  }

  /** A postal code from the locale's formats (`#` digit, `?` letter, `*` either); `shape` may rewrite a format first. */
  zipCode(shape: (format: string) => string = (f) => f): Draw | undefined {
    const formats = this.data("location.postcode");
    const list = typeof formats === "string" ? [formats] : formats;
    if (!Array.isArray(list) || list.length === 0 || !list.every((f) => typeof f === "string")) {
      return undefined;
    }
    return pickDraw(list.map((f) => symbolFormat(shape(f), "#?*")));
  }

  /**
   * One field of a locale list of records (`finance.currency`'s `code`), the record picked
   * uniformly; with `nonEmpty`, records whose field is empty are passed over (faker draws again).
   */
  column(path: string, key: string, nonEmpty = false): Draw | undefined {
    return this.memo(`column:${path}:${key}:${nonEmpty}`, () => {
      const rows = this.data(path);
      if (!Array.isArray(rows) || rows.length === 0) return undefined;
      const values = rows.map((r) => (typeof r === "object" && r !== null ? Reflect.get(r, key) : undefined));
      if (!values.every((v) => typeof v === "string")) return undefined;
      const kept = (values as string[]).filter((v) => !nonEmpty || v !== "");
      return kept.length === 0 ? undefined : pickFrom(kept.map(this.text));
    });
  }

  /** One key of a locale record (`system.mime_type`'s types), each as often. */
  keys(path: string): Draw | undefined {
    return this.memo(`keys:${path}`, () => {
      const record = this.data(path);
      if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
      const keys = Object.keys(record);
      return keys.length === 0 ? undefined : pickFrom(keys.map(this.text));
    });
  }

  /** A country code of `variant` (`alpha2`, `alpha3`, `numeric`). */
  countryCode(variant: "alpha2" | "alpha3" | "numeric"): Draw | undefined {
    return this.column("location.country_code", variant);
  }

  /** A phone number in one of the locale's formats of `style` (`#` a digit, `!` a digit 2-9). */
  phoneNumber(style: "human" | "national" | "international"): Draw | undefined {
    return this.memo(`phone:${style}`, () => {
      const formats = this.data(`phone_number.format.${style}`);
      if (!Array.isArray(formats) || formats.length === 0) return undefined;
      if (!formats.every((f) => typeof f === "string" && !f.includes("{{"))) return undefined;
      return pickDraw(formats.map((f: string) => symbolFormat(f, "#!")));
    });
  }

  companyName(): Draw | undefined {
    return this.memo("companyName", () => this.patterns(this.data("company.name_pattern")));
  }

  productName(): Draw | undefined {
    return this.memo("productName", () => this.patterns(this.data("commerce.product_name.pattern")));
  }
}

/** `{{number.int({"min": 1, "max": 9})}}` of a locale pattern: a whole number in the range, as text. */
function intRange(json: string): Draw | undefined {
  let range: unknown;
  try {
    range = JSON.parse(json);
  } catch {
    return undefined;
  }
  const { min = 0, max } = range as { min?: unknown; max?: unknown };
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || (max as number) < (min as number)) {
    return undefined;
  }
  const low = min as number;
  const n = (max as number) - low + 1;
  return (rnd) => String(low + rnd.int(n));
}

const kernels = new WeakMap<Faker, LocaleKernels>();

/** The compiled methods of a Faker's locale, made once per Faker. */
export function localeKernels(faker: Faker): LocaleKernels {
  let k = kernels.get(faker);
  if (!k) {
    k = new LocaleKernels(faker.rawDefinitions as Readonly<Record<string, unknown>>, faker);
    kernels.set(faker, k);
  }
  return k;
}
