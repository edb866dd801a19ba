import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { allLocales } from "@faker-js/faker";
import { isRowforgeError, type RowforgeError } from "../../errors/index.ts";
import { compileRegex } from "../regex/index.ts";
import { RowRandom } from "../rng/index.ts";
import {
  compileFakerExpression,
  type FakerExpression,
  fillPool,
  poolValue,
} from "./compile-faker-expression.ts";
import { fakerHandle } from "./faker-locale.ts";
import { listFakerMethods } from "./faker-lookup.ts";
import { FIXED_CALL_LENGTH } from "./faker-size.ts";

/** Every expression found in users' example plans, and the forms the documentation shows. */
const CORPUS = [
  "#{Name.firstName}",
  "#{Name.name}",
  "#{Name.lastName}",
  "#{Internet.emailAddress}",
  "#{Address.city}",
  "#{Name.username}",
  "#{PhoneNumber.phoneNumber}",
  "#{Company.name}",
  "#{Address.zipCode}",
  "#{PhoneNumber.cellPhone}",
  "#{Name.last_name}",
  "#{Name.fullName}",
  "#{Name.first_name}",
  "#{Internet.userAgentAny}",
  "#{Internet.url}",
  "#{Internet.ipV4Address}",
  "#{Internet.domainName}",
  "#{IdNumber.valid}",
  "#{Demographic.maritalStatus}",
  "#{Date.past}",
  "#{Commerce.productName}",
  "#{Address.streetAddress}",
  "#{Address.state}",
  "#{Address.fullAddress}",
  "#{Address.country}",
  "#{Address.countryCode}",
  "#{Address.city}/#{Demographic.maritalStatus}",
  "#{Name.first_name}.#{Name.last_name}@example.com",
  "https://#{Internet.domainName}",
  "#{Internet.ipV6Address}",
  "#{regexify '[A-Z]{3}'}",
  "#{numerify '###-##'}",
  "#{bothify '??##'}",
  "#{Finance.creditCard 'VISA'}",
  "#{Finance.creditCard 'MASTERCARD'}",
  "#{Finance.creditCard 'AMERICAN_EXPRESS'}",
  "#{Options.option 'a','b','c'}",
  "#{Number.numberBetween '1','10'}",
];

const rows = (e: FakerExpression, n: number, key = 11): string[] => {
  const rnd = new RowRandom(key);
  return Array.from({ length: n }, (_, i) => e.generate(rnd.at(i)));
};

function errorOf(expr: string, options = {}): RowforgeError {
  try {
    compileFakerExpression(expr, options);
  } catch (e) {
    assert.ok(isRowforgeError(e), String(e));
    return e;
  }
  assert.fail(`expected "${expr}" to be rejected`);
}

describe("compileFakerExpression", () => {
  it("compiles every corpus expression to varied, non-empty text", () => {
    for (const expr of CORPUS) {
      const out = rows(compileFakerExpression(expr), 40);
      for (const v of out) {
        assert.ok(v.trim().length > 0, `${expr} gave an empty value`);
        assert.ok(!v.includes("#{"), `${expr} left a call in "${v}"`);
      }
      assert.ok(new Set(out).size > 1, `${expr} always gave "${out[0]}"`);
    }
  });

  it("gives realistic values for common methods", () => {
    const en = allLocales.en;
    const firstNames = new Set(Object.values(en.person?.first_name ?? {}).flat());
    for (const v of rows(compileFakerExpression("#{Name.firstName}"), 50)) assert.ok(firstNames.has(v), v);
    for (const v of rows(compileFakerExpression("#{Demographic.maritalStatus}"), 20)) {
      assert.match(v, /^(Single|Married|Divorced|Widowed|Separated|Domestic Partnership)$/);
    }
    for (const v of rows(compileFakerExpression("#{Name.first_name}.#{Name.last_name}@example.com"), 50)) {
      assert.match(v, /^[A-Z][A-Za-z'-]*\.[A-Z][A-Za-z' -]*@example\.com$/);
    }
  });

  it("is deterministic for (key, row) across compilations", () => {
    for (const expr of ["#{Name.firstName}", "#{Address.city}, #{Address.state}", "#{regexify '[a-z]{5}'}"]) {
      assert.deepEqual(rows(compileFakerExpression(expr), 30), rows(compileFakerExpression(expr), 30));
      assert.notDeepEqual(
        rows(compileFakerExpression(expr), 30, 1),
        rows(compileFakerExpression(expr), 30, 2),
      );
    }
  });

  it("gives a row the same value whatever was generated before it", () => {
    const e = compileFakerExpression("#{Name.fullName} #{Internet.emailAddress}");
    const other = compileFakerExpression("#{Lorem.paragraph}");
    const rnd = new RowRandom(5);
    const first = e.generate(rnd.at(17));
    for (let i = 0; i < 50; i++) other.generate(rnd.at(i));
    assert.equal(e.generate(rnd.at(17)), first);
  });

  it("is not disturbed when library code reseeds the faker", () => {
    const e = compileFakerExpression("#{Name.firstName} #{Address.city}");
    const before = rows(e, 20);
    fakerHandle("en").faker.seed(12345);
    assert.deepEqual(rows(e, 20), before);
  });

  it("gives the same values in another process", () => {
    const url = new URL("./compile-faker-expression.ts", import.meta.url).href;
    const rngUrl = new URL("../rng/index.ts", import.meta.url).href;
    const script = `
      const { compileFakerExpression } = await import(${JSON.stringify(url)});
      const { RowRandom } = await import(${JSON.stringify(rngUrl)});
      const e = compileFakerExpression("#{Name.first_name}.#{Name.last_name}@example.com #{Date.past}", { locale: "de" });
      const r = new RowRandom(99);
      console.log(JSON.stringify([0, 1, 2, 1000000].map((i) => e.generate(r.at(i)))));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL(".", import.meta.url)),
      encoding: "utf8",
    });
    const e = compileFakerExpression("#{Name.first_name}.#{Name.last_name}@example.com #{Date.past}", {
      locale: "de",
    });
    const r = new RowRandom(99);
    assert.deepEqual(
      JSON.parse(out),
      [0, 1, 2, 1000000].map((i) => e.generate(r.at(i))),
    );
  });

  it("accepts camelCase, snake_case and any case for providers and methods", () => {
    const forms = ["#{Name.firstName}", "#{Name.first_name}", "#{name.firstname}", "#{NAME.FIRST_NAME}"];
    const [ref, ...rest] = forms.map((f) => rows(compileFakerExpression(f), 10));
    for (const r of rest) assert.deepEqual(r, ref);
  });

  it("accepts provider aliases", () => {
    assert.match(rows(compileFakerExpression("#{Crypto.sha256}"), 1)[0] ?? "", /^[0-9a-f]{64}$/);
    assert.ok(rows(compileFakerExpression("#{DateAndTime.birthday}"), 1)[0]);
  });

  it("mixes literal text and calls", () => {
    const e = compileFakerExpression("ID-#{numerify '####'}/#{Address.countryCode} (#{bothify '??','true'})");
    assert.equal(e.callCount, 3);
    assert.equal(e.parts.length, 7);
    for (const v of rows(e, 20)) assert.match(v, /^ID-\d{4}\/[A-Z]{2} \([A-Z]{2}\)$/);
  });

  it("treats text without calls as a constant", () => {
    const e = compileFakerExpression("just text");
    assert.equal(e.callCount, 0);
    assert.deepEqual(rows(e, 3), ["just text", "just text", "just text"]);
    assert.equal(compileFakerExpression("").generate(new RowRandom(1).at(0)), "");
  });

  it("parses arguments with quotes and commas", () => {
    const values = new Set(rows(compileFakerExpression("#{Options.option 'a,b','it''s','c'}"), 100));
    assert.deepEqual(values, new Set(["a,b", "it's", "c"]));
  });

  it("evaluates options that are expressions themselves", () => {
    const e = compileFakerExpression("#{Options.option '#{numerify ''##''}','none'}");
    const values = rows(e, 60);
    assert.ok(values.includes("none"));
    assert.ok(values.some((v) => /^\d\d$/.test(v)));
    for (const v of values) assert.match(v, /^(none|\d\d)$/);
  });

  it("generates regexify values with rowforge's regex generator", () => {
    const pattern = "[A-Z]{2}-\\d{3}";
    const e = compileFakerExpression(`#{regexify '${pattern}'}`);
    const gen = compileRegex(pattern);
    const rnd = new RowRandom(3);
    for (let i = 0; i < 30; i++) {
      const v = e.generate(rnd.at(i));
      assert.match(v, /^[A-Z]{2}-\d{3}$/);
      assert.equal(v, gen.generate(rnd.at(i)));
    }
  });

  it("names the nearest methods and providers for unknown names", () => {
    const m = errorOf("#{Name.fristName}");
    assert.equal(m.code, "RF_FAKER_UNKNOWN");
    assert.match(m.message, /unknown faker method "Name\.fristName"/);
    assert.match(m.hint, /"Name\.firstName"/);
    const p = errorOf("hello #{Adress.city}");
    assert.match(p.message, /unknown faker provider "Adress"/);
    assert.match(p.message, /character 7/);
    assert.match(p.hint, /"Address"/);
    assert.match(errorOf("#{regexfy '[a]'}").hint, /"regexify"/);
    assert.match(errorOf("#{Internet.emailAdress}").hint, /"Internet\.emailAddress"/);
  });

  it("rejects wrong argument counts and bad arguments when compiling", () => {
    assert.match(errorOf("#{Number.numberBetween '1'}").message, /takes 2 arguments.*got 1/);
    assert.match(errorOf("#{Name.firstName 'x'}").message, /takes 0 arguments/);
    assert.match(errorOf("#{Number.numberBetween 'a','b'}").message, /must be a number/);
    assert.match(errorOf("#{Finance.creditCard 'VISAA'}").message, /not one of/);
    assert.match(errorOf("#{Date.past '10','DAYZ'}").message, /not a time unit/);
    assert.match(errorOf("#{templatify 'abc','ab','x'}").message, /one character/);
  });

  it("rejects malformed templates with the position", () => {
    const e = errorOf("#{Name.firstName} #{Address.city");
    assert.match(e.message, /malformed faker expression/);
    assert.match(e.message, /character 19/);
  });

  it("changes output with the locale", () => {
    const en = rows(compileFakerExpression("#{Address.city}", { locale: "en" }), 100);
    const de = rows(compileFakerExpression("#{Address.city}", { locale: "de_DE" }), 100);
    const deCities = new Set(allLocales.de.location?.city_name ?? []);
    assert.ok(de.filter((c) => deCities.has(c)).length > 10, "German city names expected");
    assert.ok(en.filter((c) => deCities.has(c)).length < 5);
    const ja = rows(compileFakerExpression("#{Name.lastName}", { locale: "ja" }), 20);
    assert.ok(
      ja.every((v) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(v)),
      ja.join(","),
    );
  });

  it("counts dates from refDate", () => {
    const a = rows(compileFakerExpression("#{Date.birthday 'yyyy'}", { refDate: Date.UTC(2000, 0, 1) }), 30);
    const b = rows(compileFakerExpression("#{Date.birthday 'yyyy'}", { refDate: Date.UTC(2020, 0, 1) }), 30);
    for (const y of a) assert.ok(Number(y) >= 1934 && Number(y) <= 1982, y);
    for (const y of b) assert.ok(Number(y) >= 1954 && Number(y) <= 2002, y);
    assert.throws(() => compileFakerExpression("#{Date.past}", { refDate: Number.NaN }), isRowforgeError);
  });
});

describe("the generation budget in faker expressions", () => {
  it("refuses a call whose arguments ask for more than maxStringLength before making any value", () => {
    const e = errorOf("#{Lorem.characters '100000000'}");
    assert.equal(e.code, "RF_BUDGET_EXCEEDED");
    assert.match(
      e.message,
      /the longest value of the call is 100000000, above the generation budget maxStringLength = 1048576/,
    );
    assert.match(e.hint, /maxStringLength/);
    const low = errorOf("#{Lorem.paragraph}", { maxStringLength: 100 });
    assert.equal(low.code, "RF_BUDGET_EXCEEDED");
    assert.match(low.message, /maxStringLength = 100\b/);
    assert.equal(rows(compileFakerExpression("#{Lorem.characters '300'}"), 1)[0]!.length, 300);
  });

  it("counts an argument that is itself an expression at its longest", () => {
    // The outer call picks an argument; the expression it names is evaluated in turn.
    const expr = "#{Options.option 'a','#{Lorem.characters ''50''}'}";
    const e = errorOf(expr, { maxStringLength: 40 });
    assert.equal(e.code, "RF_BUDGET_EXCEEDED");
    assert.ok(compileFakerExpression(expr, { maxStringLength: 100 }).maxLength >= 50);
  });

  it("refuses a long call's bad arguments when compiled: its compiled path reads them without making a value", () => {
    // An inverted length range, in a short call and in one whose values could be 100,000 characters long.
    assert.equal(errorOf("#{Lorem.characters '100','5'}").code, "RF_RANGE_INVERTED");
    const long = errorOf("#{Lorem.characters '100000','5'}");
    assert.equal(long.code, "RF_RANGE_INVERTED");
    assert.match(long.message, /Lorem\.characters/);
  });

  it("keeps the fast-mode values of short calls only; long ones are made again, the same", () => {
    const e = compileFakerExpression("#{Name.firstName}:#{Lorem.characters '5000'}");
    assert.equal(e.maxLength, FIXED_CALL_LENGTH + 1 + 5000);
    const [names, colon, long] = e.partPools(16, 3);
    assert.deepEqual([names!.keeps, colon!.keeps, long!.keeps], [true, true, false]);
    const once = poolValue(long!, 5);
    assert.equal(poolValue(long!, 5), once, "made again, the same value");
    assert.equal(long!.values[5], undefined, "not kept");
    assert.deepEqual(fillPool(long!), [], "nothing to send to another thread");
    assert.equal(fillPool(names!).length, 16);
  });
});

describe("pooled generation", () => {
  it("pool gives size values, deterministic by key", () => {
    const e = compileFakerExpression("#{Name.firstName}");
    const p = e.pool(64, 7);
    assert.equal(p.length, 64);
    assert.deepEqual(e.pool(64, 7), p);
    assert.notDeepEqual(e.pool(64, 8), p);
    assert.ok(new Set(p).size > 20);
    assert.throws(() => e.pool(0, 1), isRowforgeError);
  });

  it("draws pooled values only from the pools", () => {
    const e = compileFakerExpression("#{Name.firstName}");
    const pools = e.partPools(16, 3);
    const allowed = new Set(fillPool(pools[0]!));
    const rnd = new RowRandom(4);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const v = e.generatePooled(rnd.at(i), pools);
      assert.ok(allowed.has(v), v);
      seen.add(v);
    }
    assert.equal(seen.size, allowed.size);
  });

  it("combines per-part pools of a template row by row", () => {
    const e = compileFakerExpression("#{Name.first_name}.#{Name.last_name}@example.com");
    const pools = e.partPools(8, 5);
    assert.equal(pools.length, 4);
    assert.deepEqual(fillPool(pools[1]!), ["."]);
    assert.deepEqual(fillPool(pools[3]!), ["@example.com"]);
    const firsts = new Set(fillPool(pools[0]!));
    const lasts = new Set(fillPool(pools[2]!));
    const rnd = new RowRandom(6);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const v = e.generatePooled(rnd.at(i), pools);
      const m = /^(.*)\.(.*)@example\.com$/.exec(v);
      assert.ok(m && firsts.has(m[1] ?? "") && lasts.has(m[2] ?? ""), v);
      seen.add(v);
    }
    assert.ok(seen.size > 8, "combinations of the part pools expected");
    const again = new RowRandom(6);
    assert.equal(e.generatePooled(again.at(42), pools), e.generatePooled(rnd.at(42), pools));
  });

  it("rejects pools that do not belong to the expression", () => {
    const e = compileFakerExpression("#{Name.firstName} #{Name.lastName}");
    const x = { size: 1, maxLength: 1, keeps: true, values: ["x"], make: () => "x" };
    assert.throws(() => e.generatePooled(new RowRandom(1).at(0), [x]), isRowforgeError);
  });

  it("makes a pool value when it is first picked, the same value as a pool made at once", () => {
    const e = compileFakerExpression("#{Name.firstName} #{Address.city}");
    const lazy = e.partPools(64, 9);
    const rnd = new RowRandom(2);
    const rows = Array.from({ length: 20 }, (_, i) => e.generatePooled(rnd.at(i), lazy));
    assert.ok(lazy[0]!.values.filter((v) => v !== undefined).length <= 20, "only picked values are made");
    const whole = e.partPools(64, 9);
    for (const pool of whole) fillPool(pool);
    assert.deepEqual(
      Array.from({ length: 20 }, (_, i) => e.generatePooled(rnd.at(i), whole)),
      rows,
    );
    assert.deepEqual(fillPool(lazy[0]!), fillPool(whole[0]!));
  });
});

describe("listFakerMethods", () => {
  it("lists table methods and functions, sorted within each group", () => {
    const names = listFakerMethods();
    assert.ok(names.includes("Name.firstName"));
    assert.ok(names.includes("Address.city"));
    assert.ok(names.includes("regexify"));
    const table = names.filter((n) => n.includes("."));
    assert.deepEqual(table, [...table].sort());
    assert.ok(table.length >= 150);
  });
});
