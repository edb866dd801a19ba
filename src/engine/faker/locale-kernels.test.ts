import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { de, en } from "@faker-js/faker";
import { RowRandom } from "../rng/index.ts";
import { compileFakerExpression } from "./compile-faker-expression.ts";
import { compileFakePattern } from "./fake-pattern.ts";
import { fakerHandle } from "./faker-locale.ts";
import { FAKER_TABLE } from "./faker-table.ts";
import { constant, digitRun, symbolFormat } from "./locale-draw.ts";
import { localeKernels } from "./locale-kernels.ts";

const values = (expr: string, rows: number, key = 1, locale = "en"): string[] => {
  const e = compileFakerExpression(expr, { locale });
  const rnd = new RowRandom(key);
  return Array.from({ length: rows }, (_, i) => e.generate(rnd.at(i)));
};

/** Every word of a `{ generic, female, male }` definition (or a plain list). */
const words = (def: unknown): Set<string> =>
  new Set(Array.isArray(def) ? def : Object.values(def as Record<string, string[]>).flat());

const FIRST = words(en.person?.first_name);
const LAST = words(en.person?.last_name);

describe("compiled faker methods", () => {
  it("give faker-level variety: 100,000 rows of a first and last name are nearly all distinct", () => {
    const rows = values("#{Name.firstName} #{Name.lastName}", 100_000);
    const distinct = new Set(rows).size;
    // ~3,200 first names times ~470 last names (5% of them doubled): a faker loop gives ~97,000.
    assert.ok(distinct > 95_000, `${distinct} distinct names in 100,000 rows`);
  });

  it("draw their words from the locale's lists", () => {
    for (const v of values("#{Name.firstName}|#{Name.lastName}", 2_000)) {
      const [first = "", last = ""] = v.split("|");
      assert.ok(FIRST.has(first), `"${first}" is not an en first name`);
      assert.ok(
        last.split("-").every((part) => LAST.has(part)),
        `"${last}" is not an en last name`,
      );
    }
    const deFirst = words(de.person?.first_name);
    for (const v of values("#{Name.firstName}", 500, 3, "de")) assert.ok(deFirst.has(v), v);
  });

  it("compile the locale's patterns: a city is a city name or has a prefix or suffix", () => {
    const prefixes = en.location?.city_prefix ?? [];
    const suffixes = en.location?.city_suffix ?? [];
    const names = new Set(en.location?.city_name ?? []);
    for (const city of values("#{Address.city}", 2_000)) {
      assert.ok(
        names.has(city) ||
          prefixes.some((p) => city.startsWith(`${p} `)) ||
          suffixes.some((s) => city.endsWith(s)),
        `"${city}" does not follow en's city patterns`,
      );
    }
    const formats = en.phone_number?.format?.human ?? [];
    const shapes = new Set(formats.map((f) => f.replace(/[#!\d]/g, "9")));
    for (const phone of values("#{PhoneNumber.phoneNumber}", 500)) {
      assert.ok(shapes.has(phone.replace(/\d/g, "9")), `"${phone}" has no en phone format`);
    }
  });

  it("keep the locale's own data: numbers of its patterns are drawn, English only where it has none", () => {
    for (const v of values("#{Address.streetAddress}", 200, 1, "ja")) assert.match(v, /^\d丁目\d番\d号/);
    const english = new Set(en.location?.state ?? []);
    for (const v of values("#{Address.state}", 200, 1, "az")) assert.ok(english.has(v), v);
  });

  it("depend only on the key and the row: the same seed gives the same values, another seed others", () => {
    for (const expr of ["#{Name.name}", "#{Internet.emailAddress}", "#{Address.fullAddress}"]) {
      assert.deepEqual(values(expr, 300, 9), values(expr, 300, 9));
      assert.notDeepEqual(values(expr, 300, 9), values(expr, 300, 10));
    }
  });

  it("draw without a Faker: the locale's randomizer is not read while compiled values are made", () => {
    const e = compileFakerExpression("#{Name.name} #{Address.city} #{Company.name}");
    const handle = fakerHandle("en");
    const untouched = new RowRandom(77).at(0);
    handle.randomizer.source = untouched;
    const rnd = new RowRandom(5);
    for (let i = 0; i < 1_000; i++) e.generate(rnd.at(i));
    assert.equal(handle.randomizer.source, untouched);
  });

  it("keep users' usernames and e-mail addresses in lower case without spaces or accents", () => {
    for (const v of values("#{Internet.emailAddress}", 1_000, 2, "fr")) {
      assert.ok(v === v.toLowerCase() && !/\s/.test(v) && !/\p{M}/u.test(v.normalize("NFD")), v);
      assert.match(v, /^[^@]+@[a-z.]+$/, v);
    }
    for (const v of values("#{Name.username}", 1_000)) assert.equal(v, v.toLowerCase().replace(/['\s]/g, ""));
  });

  it("are declared by the methods users write most", () => {
    const en = localeKernels(fakerHandle("en").faker);
    for (const name of [
      "Name.name",
      "Name.firstName",
      "Name.lastName",
      "Name.username",
      "Internet.emailAddress",
      "Address.city",
      "Address.streetAddress",
      "Address.zipCode",
      "Address.state",
      "Address.country",
      "Address.countryCode",
      "Company.name",
      "PhoneNumber.phoneNumber",
      "Commerce.productName",
      "Lorem.word",
      "Job.title",
      "Color.name",
    ]) {
      const entry = FAKER_TABLE[name];
      assert.ok(entry?.compiled?.(en, [], 0), `${name} has no compiled path in en`);
    }
  });
});

describe("locale patterns", () => {
  it("join literal text and references; a reference that cannot be compiled gives none", () => {
    const draw = compileFakePattern("{{a.b}} and {{c.d}}!", (r) => constant(r.toUpperCase()));
    assert.equal(draw?.(new RowRandom(1).at(0)), "A.B and C.D!");
    assert.equal(
      compileFakePattern("{{a.b}} {{x.y}}", (r) => (r === "a.b" ? constant("a") : undefined)),
      undefined,
    );
  });

  it("replace symbols: digit runs without a leading zero where asked, letters, digits 2-9", () => {
    const rnd = new RowRandom(4);
    for (let i = 0; i < 500; i++) {
      assert.match(digitRun(5, false)(rnd.at(i)), /^[1-9]\d{4}$/);
      assert.match(digitRun(12)(rnd.at(i)), /^\d{12}$/);
      assert.match(symbolFormat("!##-??#", "#!?")(rnd.at(i)), /^[2-9]\d\d-[A-Z]{2}\d$/);
    }
  });
});
