import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allLocales } from "@faker-js/faker";
import { RowRandom } from "../rng/index.ts";
import { BUILTINS } from "./builtins.ts";
import { isbn10CheckChar, isIbanValid, isLuhnValid, isVinValid } from "./check-digits.ts";
import { compileFakerExpression } from "./compile-faker-expression.ts";
import { fakerHandle } from "./faker-locale.ts";
import { FIXED_CALL_LENGTH } from "./faker-size.ts";
import { FAKER_TABLE } from "./faker-table.ts";
import { localeKernels } from "./locale-kernels.ts";

/** Arguments of the past/future methods: an amount, maybe a minimum, a unit, maybe a pattern. */
const offsets = (longPattern: string): string[][] => [
  ["10", "DAYS"],
  ["10", "2", "HOURS"],
  ["10", "DAYS", "yyyy-MM-dd"],
  ["10", "2", "DAYS", longPattern],
];
const BETWEEN = [
  ["2020-01-01", "2020-12-31"],
  ["2020-01-01", "2020-12-31", "yyyy"],
];
const BIRTHDAY = [["yyyy-MM-dd"], ["20", "30"], ["20", "30", "dd/MM/yyyy"]];

/** Arguments for every argument count an entry accepts besides none. */
const SAMPLES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "Address.streetAddress": [["true"]],
  "Address.zipCodeByState": [["CA"]],
  "Address.latLon": [["|"]],
  "Address.lonLat": [["|"]],
  "Internet.emailAddress": [["jane.doe"]],
  "Internet.safeEmailAddress": [["jane.doe"]],
  "Internet.image": [
    ["200", "100"],
    ["200", "100", "abc"],
  ],
  "Internet.password": [
    ["true"],
    ["10", "12"],
    ["10", "12", "true"],
    ["10", "12", "true", "true"],
    ["10", "12", "true", "true", "false"],
  ],
  "Internet.macAddress": [["aa:bb"]],
  "Internet.userAgent": [["FIREFOX"]],
  "Internet.botUserAgent": [["BINGBOT"]],
  "PhoneNumber.subscriberNumber": [["6"]],
  "Finance.creditCard": [["AMERICAN_EXPRESS"]],
  "Finance.iban": [["DE"]],
  "Commerce.price": [["10", "20"]],
  "Commerce.promotionCode": [["3"]],
  "Lorem.character": [["true"]],
  "Lorem.characters": [
    ["true"],
    ["10"],
    ["5", "10"],
    ["5", "true"],
    ["5", "10", "true"],
    ["5", "10", "true", "false"],
  ],
  "Lorem.words": [["4"]],
  "Lorem.sentence": [["5"], ["5", "0"]],
  "Lorem.sentences": [["2"]],
  "Lorem.paragraph": [["2"]],
  "Lorem.paragraphs": [["2"]],
  "Lorem.fixedString": [["12"]],
  "Lorem.maxLengthSentence": [["20"]],
  "Text.text": [
    ["true"],
    ["12"],
    ["5", "10"],
    ["5", "10", "true"],
    ["5", "10", "true", "true"],
    ["5", "10", "true", "true", "true"],
  ],
  "Number.numberBetween": [
    ["1", "10"],
    ["0.5", "1.5"],
  ],
  "Number.randomNumber": [["5"], ["5", "true"]],
  "Number.randomDouble": [["2", "1", "10"]],
  "Number.digits": [["5"]],
  "Options.option": [["only"], ["a", "b", "c"]],
  "Date.past": offsets("yyyy-MM-dd HH:mm"),
  "Date.future": offsets("yyyy-MM-dd HH:mm"),
  "Date.between": BETWEEN,
  "Date.birthday": BIRTHDAY,
  "TimeAndDate.past": offsets("yyyy"),
  "TimeAndDate.future": offsets("yyyy"),
  "TimeAndDate.between": BETWEEN,
  "TimeAndDate.birthday": BIRTHDAY,
  "Code.isbn10": [["true"]],
  "Code.isbn13": [["true"]],
  "Color.hex": [["false"]],
  "File.fileName": [["docs", "report", "pdf", "\\"]],
  "Weather.temperatureCelsius": [["0", "10"]],
  "Weather.temperatureFahrenheit": [["0", "10"]],
  "Twitter.twitterId": [["12"]],
};

const REF = Date.UTC(2025, 5, 15, 12);
const quote = (a: string): string => `'${a.replaceAll("'", "''")}'`;
const call = (name: string, args: readonly string[] = []): string =>
  `#{${name}${args.length ? ` ${args.map(quote).join(",")}` : ""}}`;

/** `n` values of an expression at rows 0..n-1 of stream 1. */
function values(expr: string, n = 50, locale = "en"): string[] {
  const e = compileFakerExpression(expr, { refDate: REF, locale });
  const rnd = new RowRandom(1);
  return Array.from({ length: n }, (_, i) => e.generate(rnd.at(i)));
}

describe("expression table", () => {
  it("maps at least 150 methods", () => {
    assert.ok(Object.keys(FAKER_TABLE).length >= 150, `${Object.keys(FAKER_TABLE).length} methods`);
  });

  it("has no two names that collide once case and underscores are ignored", () => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(FAKER_TABLE)) {
      const n = key.replace(/_/g, "").toLowerCase();
      assert.equal(seen.get(n), undefined, `${key} collides with ${seen.get(n)}`);
      seen.set(n, key);
    }
  });

  it("has sample arguments for every argument count an entry accepts", () => {
    for (const [name, entry] of Object.entries(FAKER_TABLE)) {
      const counts = (entry.arity ?? [0]).filter((c) => c > 0);
      const sampled = new Set((SAMPLES[name] ?? []).map((s) => s.length));
      for (const c of counts) assert.ok(sampled.has(c), `${name}: no sample with ${c} arguments`);
    }
  });

  it("calls every entry, in every argument form, and gets non-empty text", () => {
    let calls = 0;
    for (const [name, entry] of Object.entries(FAKER_TABLE)) {
      const forms = [...((entry.arity ?? [0]).includes(0) ? [[]] : []), ...(SAMPLES[name] ?? [])];
      for (const args of forms) {
        const expr = call(name, args);
        const out = values(expr, 3);
        for (const v of out) {
          assert.equal(typeof v, "string");
          assert.ok(v.trim().length > 0, `${expr} gave an empty value`);
          assert.ok(!/\bundefined\b|\[object|\bNaN\b/.test(v), `${expr} gave "${v}"`);
          assert.ok(!v.includes("{{"), `${expr} left a placeholder in "${v}"`);
        }
        calls++;
      }
    }
    assert.ok(calls > Object.keys(FAKER_TABLE).length);
  });
});

/** A value's shape: runs of letters `a`, runs of digits `9`, everything else as written. */
const shape = (v: string): string => v.replace(/\p{L}+/gu, "a").replace(/\d+/g, "9");

describe("compiled table methods", () => {
  it("make the same kind of values as their faker paths: the shapes faker gives, in every argument form", () => {
    const h = fakerHandle("en");
    let compared = 0;
    for (const [name, entry] of Object.entries(FAKER_TABLE)) {
      if (!entry.compiled) continue;
      const forms = [...((entry.arity ?? [0]).includes(0) ? [[]] : []), ...(SAMPLES[name] ?? [])];
      for (const args of forms) {
        const rnd = new RowRandom(11);
        const fakerShapes = new Set<string>();
        for (let i = 0; i < 1_000; i++) {
          h.randomizer.source = rnd.at(i);
          h.refDate = REF;
          fakerShapes.add(shape(entry.faker(h.faker, args)));
        }
        // Values of free-form shape (random text, sentences) are compared by the other tests.
        if (fakerShapes.size > 50) continue;
        const compiled = values(call(name, args), 500);
        const unseen = compiled.filter((v) => !fakerShapes.has(shape(v)));
        assert.ok(
          unseen.length <= 25,
          `${call(name, args)}: ${unseen.length} of 500 compiled values have shapes faker never gave, e.g. "${unseen[0]}"`,
        );
        compared++;
      }
    }
    assert.ok(compared > 300, `${compared} methods compared`);
  });
});

describe("expression table across locales", () => {
  it("gives every method a value in locales whose data has gaps", () => {
    for (const locale of ["az", "ru", "ja", "en_HK", "cs_CZ", "sv", "ku_ckb", "pt_PT", "ro_MD"]) {
      for (const [name, entry] of Object.entries(FAKER_TABLE)) {
        const args = (entry.arity ?? [0]).includes(0) ? [] : (SAMPLES[name]?.[0] ?? []);
        const e = compileFakerExpression(call(name, args), { locale, refDate: REF });
        const rnd = new RowRandom(2);
        for (let i = 0; i < 3; i++) {
          const v = e.generate(rnd.at(i));
          assert.ok(v.trim().length > 0 && !v.includes("{{"), `${locale} ${name} gave "${v}"`);
        }
      }
    }
  });

  it("uses English data where the locale has none", () => {
    const states = new Set(allLocales.en.location?.state ?? []);
    const e = compileFakerExpression("#{Address.state}", { locale: "az" });
    const rnd = new RowRandom(4);
    for (let i = 0; i < 10; i++) assert.ok(states.has(e.generate(rnd.at(i))));
  });
});

describe("expression table values", () => {
  it("makes valid card numbers, IBANs, ISBNs, EANs and IMEIs", () => {
    for (const v of values("#{Finance.creditCard}")) assert.ok(isLuhnValid(v), v);
    for (const v of values("#{Finance.creditCard 'VISA'}")) assert.match(v, /^4\d{3}-\d{4}-\d{4}-\d{4}$/);
    for (const v of values("#{Finance.creditCard 'AMERICAN_EXPRESS'}"))
      assert.match(v, /^3[47]\d{2}-\d{6}-\d{5}$/);
    for (const v of values("#{Finance.creditCard 'amex'}")) assert.match(v, /^3[47]\d{2}-\d{6}-\d{5}$/);
    for (const v of values("#{Finance.iban}")) assert.ok(isIbanValid(v), v);
    for (const v of values("#{Finance.iban 'DE'}")) assert.match(v, /^DE\d{20}$/);
    for (const v of values("#{Code.isbn10}")) {
      assert.match(v, /^\d{9}[\dX]$/);
      assert.equal(isbn10CheckChar(v.slice(0, 9)), v.slice(9));
    }
    for (const v of values("#{Code.isbn13 'true'}")) assert.match(v, /^97[89]-[01]-\d+-\d+-\d$/);
    for (const v of values("#{Code.isbn13}")) assert.equal(v.length, 13);
    for (const v of values("#{Code.ean13}")) assert.match(v, /^\d{13}$/);
    for (const v of values("#{Code.imei}")) assert.ok(isLuhnValid(v) && v.length === 15, v);
  });

  it("makes identifiers and network values of the right shape", () => {
    for (const v of values("#{IdNumber.valid}"))
      assert.match(v, /^(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/);
    for (const v of values("#{Internet.uuid}"))
      assert.match(v, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const v of values("#{Internet.ipV4Address}")) {
      const parts = v.split(".").map(Number);
      assert.equal(parts.length, 4);
      for (const p of parts) assert.ok(p >= 0 && p <= 255);
    }
    for (const v of values("#{Internet.ipV6Address}")) assert.match(v, /^([0-9a-f]{4}:){7}[0-9a-f]{4}$/);
    for (const v of values("#{Internet.macAddress 'aa:bb'}")) assert.match(v, /^aa:bb(:[0-9a-f]{2}){4}$/);
    for (const v of values("#{Internet.emailAddress}"))
      assert.match(v, /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]+$/);
    for (const v of values("#{Internet.url}")) assert.match(v, /^https?:\/\/www\.[a-z0-9-]+\.[a-z]+/);
    for (const v of values("#{Internet.password}")) assert.ok(v.length >= 8 && v.length <= 16, v);
    for (const v of values("#{Color.hex}")) assert.match(v, /^#[0-9a-f]{6}$/);
    for (const v of values("#{Address.zipCodeByState 'CA'}")) assert.match(v, /^9\d{4}$/);
    for (const v of values("#{Address.zipCode}")) assert.match(v, /^\d{5}$/);
  });

  it("keeps numbers within their ranges", () => {
    for (const v of values("#{Number.numberBetween '1','10'}", 200)) {
      assert.match(v, /^\d+$/);
      assert.ok(Number(v) >= 1 && Number(v) < 10, v);
    }
    for (const v of values("#{Number.numberBetween '0.5','1.5'}"))
      assert.ok(Number(v) >= 0.5 && Number(v) < 1.5);
    for (const v of values("#{Number.randomNumber '5'}")) assert.match(v, /^[1-9]\d{4}$/);
    for (const v of values("#{Number.randomDouble '2','1','10'}")) assert.match(v, /^\d+\.\d{1,2}$/);
    for (const v of values("#{Commerce.price '10','20'}"))
      assert.ok(/^\d+\.\d\d$/.test(v) && Number(v) >= 10 && Number(v) <= 20);
    for (const v of values("#{Weather.temperatureCelsius '0','10'}"))
      assert.ok(Number(v.replace("°C", "")) <= 10);
    assert.deepEqual(new Set(values("#{Bool.bool}")), new Set(["true", "false"]));
  });

  it("counts dates from the run date, never the clock", () => {
    for (const v of values("#{Date.past}")) {
      const ms = Date.parse(`${v.replace(" ", "T")}Z`);
      assert.ok(ms < REF && ms > REF - 366 * 86_400_000, v);
      assert.match(v, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{1,3}$/);
    }
    for (const v of values("#{Date.future '10','DAYS'}")) {
      const ms = Date.parse(`${v.replace(" ", "T")}Z`);
      assert.ok(ms > REF && ms < REF + 10 * 86_400_000, v);
    }
    for (const v of values("#{Date.past '10','5','DAYS','yyyy-MM-dd'}"))
      assert.ok(v >= "2025-06-05" && v <= "2025-06-10", v);
    for (const v of values("#{TimeAndDate.past '1','HOURS'}"))
      assert.match(v, /^2025-06-15T11:[0-5]\d:[0-5]\d(\.\d{3})?Z$/);
    for (const v of values("#{TimeAndDate.birthday '20','30'}"))
      assert.ok(v >= "1995-06-15" && v <= "2005-06-15", v);
    for (const v of values("#{Date.between '2020-01-01','2020-12-31'}")) assert.match(v, /^2020-/);
  });

  it("draws dates over their whole range with per-row variety, counted from the expression's run date", () => {
    const day = 86_400_000;
    const past = values("#{Date.past}", 5_000).map((v) => Date.parse(`${v.replace(" ", "T")}Z`));
    assert.ok(new Set(past).size > 4_990, `${new Set(past).size} distinct past moments of 5,000`);
    assert.ok(Math.min(...past) < REF - 360 * day && Math.max(...past) > REF - 5 * day);
    const birthdays = values("#{TimeAndDate.birthday}", 5_000);
    for (const v of birthdays) assert.ok(v >= "1960-06-15" && v <= "2007-06-15", v);
    assert.ok(new Set(birthdays).size > 3_500, `${new Set(birthdays).size} distinct birthdays of 5,000`);
    for (const v of values("#{Date.birthday}", 100)) assert.match(v, / 00:00:00\.0$/);
    const later = compileFakerExpression("#{TimeAndDate.future '1','HOURS'}", {
      refDate: Date.UTC(2030, 0, 1),
    });
    const rnd = new RowRandom(1);
    for (let i = 0; i < 100; i++) assert.match(later.generate(rnd.at(i)), /^2030-01-01T00:/);
    assert.deepEqual(
      values("#{Date.between '2020-01-01','2020-01-01'}", 3),
      Array(3).fill("2020-01-01 00:00:00.0"),
    );
  });

  it("refuses a date pattern letter it cannot format when the expression is compiled", () => {
    assert.throws(
      () => compileFakerExpression("#{Date.past '10','DAYS','yyyy-qq'}"),
      /date pattern "yyyy-qq" uses the letter "q"/,
    );
    assert.throws(
      () => compileFakerExpression("#{Date.between '2020-02-01','2020-01-01'}"),
      /ends before it starts/,
    );
  });

  it("renders lists the way users' files expect", () => {
    for (const v of values("#{Lorem.words '4'}", 5)) assert.match(v, /^\[\w+(, \w+){3}\]$/);
  });
});

/** The sample arguments with every whole number ten times larger (counts and lengths grow with them). */
const scaled = (args: readonly string[]): string[] =>
  args.map((a) => (/^\d+$/.test(a) && Number(a) > 0 ? String(Number(a) * 10) : a));

describe("methods compiled from faker's own data", () => {
  const en = fakerHandle("en");
  const defs = en.faker.rawDefinitions;
  const compiledIn = (name: string, args: readonly string[] = []) =>
    FAKER_TABLE[name]?.compiled?.(localeKernels(en.faker), args, REF);
  const NAMES = [
    "Address.zipCodeByState",
    "PhoneNumber.cellPhone",
    "Finance.bic",
    "Food.dish",
    "App.version",
    "File.extension",
    "File.fileName",
    "Vehicle.vin",
    "Aviation.flight",
    "Twitter.userName",
  ];

  it("are compiled in English, with the same values for the same rows and variety across rows", () => {
    for (const name of NAMES) {
      const args = name === "Address.zipCodeByState" ? ["CA"] : [];
      assert.ok(compiledIn(name, args), `${name} has no compiled path`);
      const a = values(call(name, args), 2_000);
      assert.deepEqual(values(call(name, args), 2_000), a, name);
      const distinct = new Set(a).size;
      // File.extension draws among 24 extensions, App.version among ~2,000; the others among many more.
      const least = name === "File.extension" ? 20 : name === "App.version" ? 500 : 1_000;
      assert.ok(distinct >= least, `${name}: ${distinct} distinct of 2,000`);
    }
  });

  it("make valid VINs, BICs and ZIP codes of the state asked for", () => {
    for (const v of values("#{Vehicle.vin}", 1_000)) assert.ok(isVinValid(v), v);
    const countries = new Set([...(defs.location?.country_code ?? []).map((c) => c.alpha2), "XK"]);
    const bics = values("#{Finance.bic}", 1_000);
    for (const v of bics) {
      assert.match(v, /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      assert.ok(countries.has(v.slice(4, 6)), v);
    }
    const lengths = bics.map((v) => v.length);
    assert.ok(lengths.filter((n) => n === 8).length > 400 && bics.some((v) => v.endsWith("XXX")));
    for (const v of values("#{Address.zipCodeByState 'MA'}", 500)) {
      assert.match(v, /^0\d{4}$/);
      assert.ok(Number(v) >= 1001 && Number(v) <= 5544, v);
    }
    assert.throws(() => values("#{Address.zipCodeByState 'XX'}", 1), /not a US state abbreviation/);
  });

  it("draw from the locale's lists and formats", () => {
    const fruits = new Set(defs.food?.fruit);
    const dishes = new Set((defs.food?.dish ?? []).map((d) => d.replace(/(^| )\S/g, (c) => c.toUpperCase())));
    const dish = values("#{Food.dish}", 1_000);
    assert.ok(dish.filter((d) => dishes.has(d)).length > 400, "half the dishes come from the dish list");
    assert.ok(dish.every((d) => d.split(" ").every((w) => w.charAt(0) === w.charAt(0).toUpperCase())));
    assert.ok(dish.some((d) => / Pie$/.test(d) && fruits.has(d.slice(0, -4).toLowerCase())));
    for (const v of values("#{App.version}", 500)) assert.match(v, /^\d\.\d{1,2}(\.\d)?$/);
    for (const v of values("#{PhoneNumber.cellPhone}", 500))
      assert.match(v, /^(\d{3}-\d{3}-\d{4}|\(\d{3}\) \d{3}-\d{4}|1-\d{3}-\d{3}-\d{4}|\d{3}\.\d{3}\.\d{4})$/);
    const extensions = new Set([
      "pdf",
      "mp3",
      "mpga",
      "m2a",
      "m3a",
      "mp2",
      "mp2a",
      "wav",
      "png",
      "jpe",
      "jpeg",
    ]);
    for (const v of values("#{File.extension}", 500)) assert.match(v, /^[a-z0-9]{2,5}$/);
    assert.ok(values("#{File.extension}", 500).some((v) => extensions.has(v)));
    const nouns = new Set(defs.word?.noun);
    for (const v of values("#{File.fileName}", 200)) {
      const [dir = "", rest = ""] = v.split("/");
      assert.ok(nouns.has(dir) && nouns.has(rest.slice(0, rest.lastIndexOf("."))), v);
    }
    assert.deepEqual(
      new Set(values("#{File.fileName 'docs','report','pdf','\\'}", 5)),
      new Set(["docs\\report.pdf"]),
    );
    const iata = new Set((defs.airline?.airline ?? []).map((a) => a.iataCode));
    for (const v of values("#{Aviation.flight}", 500)) {
      const splits = [1, 2, 3].map((n) => [v.slice(0, n), v.slice(n)] as const);
      assert.ok(
        splits.some(([code, number]) => iata.has(code) && /^[1-9]\d{0,3}$/.test(number)),
        v,
      );
    }
  });

  it("cut Twitter user names as Twitter keeps them: 15 letters, digits and underscores at most", () => {
    const names = values("#{Twitter.userName}", 2_000);
    for (const v of names) assert.match(v, /^[A-Za-z0-9_]{1,15}$/);
    assert.ok(names.every((v) => !v.endsWith("_") && !v.includes("__")));
    assert.ok(
      names.some((v) => /^[A-Z][a-z]+_[A-Z]/.test(v)) && names.some((v) => /^[A-Z][a-z]+\d+$/.test(v)),
    );
    // Names of other scripts are transliterated as faker's usernames are: Юлия Шубина → Yuliya_Shubina.
    const ru = values("#{Twitter.userName}", 200, "ru");
    for (const v of ru) assert.match(v, /^[A-Za-z0-9_]{1,15}$/);
    assert.ok(ru.filter((v) => /^[A-Z][a-z]+(_[A-Z][a-z]+)?\d*$/.test(v)).length > 150, ru.join(" "));
  });
});

describe("expression table sizes", () => {
  it("every method that takes arguments declares the longest value it makes from them", () => {
    for (const [name, entry] of Object.entries(FAKER_TABLE)) {
      if (entry.arity === undefined) continue;
      assert.equal(typeof entry.size, "function", `${name} takes arguments but declares no size rule`);
    }
    for (const [name, builtin] of Object.entries(BUILTINS))
      assert.equal(typeof builtin.size, "function", `${name} declares no size rule`);
  });

  it("no value is longer than its method declares, in any argument form and locale", () => {
    let checked = 0;
    for (const [name, entry] of Object.entries(FAKER_TABLE)) {
      const given = SAMPLES[name] ?? [];
      const forms = [...((entry.arity ?? [0]).includes(0) ? [[]] : []), ...given, ...given.map(scaled)];
      for (const args of forms) {
        const bound = entry.size?.(args) ?? FIXED_CALL_LENGTH;
        for (const locale of ["en", "ru", "de", "ja"]) {
          let e: ReturnType<typeof compileFakerExpression>;
          try {
            e = compileFakerExpression(call(name, args), { locale, refDate: REF });
          } catch {
            continue; // a scaled argument out of the method's range (randomNumber's 1..18 digits)
          }
          const rnd = new RowRandom(3);
          for (let i = 0; i < 40; i++) {
            const v = e.generate(rnd.at(i));
            assert.ok(
              v.length <= bound,
              `${locale} ${call(name, args)} made ${v.length} > ${bound} characters`,
            );
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 10_000, `${checked} values checked`);
  });

  it("no built-in makes a value longer than it declares", () => {
    const forms: [string, string[]][] = [
      ["regexify", ["[a-z]{3,12}(-[0-9]{2}){0,4}"]],
      ["numerify", ["###-Ø##"]],
      ["letterify", ["??-??", "true"]],
      ["bothify", ["?#?#-##??"]],
      ["examplify", ["AB-123-xy"]],
      ["templatify", ["a-b-c-d", "-", "one", "three", ""]],
    ];
    for (const [name, args] of forms) {
      const bound = BUILTINS[name]!.size(args);
      for (const v of values(call(name, args), 100)) assert.ok(v.length <= bound, `${name} made "${v}"`);
    }
    assert.equal(BUILTINS.templatify!.size(["x".repeat(5000), "x", "y".repeat(300)]), 5000 + 5000 * 300);
  });
});
