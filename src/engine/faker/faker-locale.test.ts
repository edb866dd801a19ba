import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allLocales } from "@faker-js/faker";
import { isRowforgeError } from "../../errors/index.ts";
import { fakerHandle, localeChain, resolveFakerLocale } from "./faker-locale.ts";
import { FAKER_LOCALE_IDS } from "./faker-locale-ids.ts";

describe("resolveFakerLocale", () => {
  it("maps the forms users write onto locale ids", () => {
    assert.equal(resolveFakerLocale(undefined), "en");
    assert.equal(resolveFakerLocale(""), "en");
    assert.equal(resolveFakerLocale("en"), "en");
    assert.equal(resolveFakerLocale("en_US"), "en_US");
    assert.equal(resolveFakerLocale("en-GB"), "en_GB");
    assert.equal(resolveFakerLocale("EN-gb"), "en_GB");
    assert.equal(resolveFakerLocale("de"), "de");
    assert.equal(resolveFakerLocale("de_DE"), "de");
    assert.equal(resolveFakerLocale("de-AT"), "de_AT");
    assert.equal(resolveFakerLocale("fr_FR"), "fr");
    assert.equal(resolveFakerLocale("ja"), "ja");
    assert.equal(resolveFakerLocale("ja_JP"), "ja");
  });

  it("falls back to a regional variant or a current code for the language", () => {
    assert.equal(resolveFakerLocale("pt"), "pt_BR");
    assert.equal(resolveFakerLocale("zh"), "zh_CN");
    assert.equal(resolveFakerLocale("no"), "nb_NO");
    assert.equal(resolveFakerLocale("iw"), "he");
  });

  it("rejects unknown locales, naming the nearest", () => {
    assert.throws(
      () => resolveFakerLocale("dee"),
      (e) =>
        isRowforgeError(e) && e.code === "RF_VALUE_INVALID" && /"dee"/.test(e.message) && /"de"/.test(e.hint),
    );
    assert.throws(() => resolveFakerLocale("xx_YY"), isRowforgeError);
  });
});

describe("localeChain and fakerHandle", () => {
  it("searches the locale, then its language, then English", () => {
    const titles = (id: string): string[] => localeChain(id).map((d) => d.metadata?.code ?? "base");
    assert.deepEqual(titles("de_AT"), ["de_AT", "de", "en", "base"]);
    assert.deepEqual(titles("en_US"), ["en_US", "en", "base"]);
    assert.deepEqual(titles("en"), ["en", "base"]);
    assert.deepEqual(titles("ja"), ["ja", "en", "base"]);
  });

  it("builds one faker per locale", () => {
    assert.equal(fakerHandle("de"), fakerHandle("de"));
    assert.notEqual(fakerHandle("de"), fakerHandle("en"));
  });
});

describe("FAKER_LOCALE_IDS", () => {
  it("lists every locale of the Faker data set but base", () => {
    assert.deepEqual(
      [...FAKER_LOCALE_IDS].sort(),
      Object.keys(allLocales)
        .filter((k) => k !== "base")
        .sort(),
    );
  });
});
