import type { Faker } from "@faker-js/faker";
import { RowforgeError } from "../../errors/index.ts";
import type { FakerEntry } from "./faker-entry.ts";
import {
  countArg,
  counted,
  listLength,
  oneOfArgs,
  paragraphLength,
  sentenceLength,
  upTo,
  wordListLength,
} from "./faker-size.ts";
import * as g from "./generators.ts";
import { UPPER } from "./id-draws.ts";
import { javaDouble, javaList } from "./java-text.ts";
import { columnOf, countryColumn, fromList, joinedLists, localeColumn, localeList } from "./list-entries.ts";
import {
  charRun,
  constant,
  type Draw,
  digitBetween,
  digitRun,
  hexRun,
  joinDraws,
  pickDraw,
  pickFrom,
  symbolFormat,
} from "./locale-draw.ts";
import {
  distinctWords,
  listDraw,
  mapWords,
  numberText,
  paragraphDraw,
  randomTextDraw,
  sentenceDraw,
} from "./table-draws.ts";
import {
  between,
  boolArg,
  bothify,
  digits,
  hex,
  intArg,
  intArgOr,
  isIntText,
  localeWords,
  numArg,
  pick,
  randomText,
  stripAccents,
} from "./table-support.ts";
import { charactersArgs, charactersSize, textArgs } from "./text-entry-args.ts";
import { twitterUsernameDraw } from "./twitter-username-draw.ts";
import { vinDraw } from "./vin-draw.ts";
import * as w from "./word-lists.ts";

/** The expression table's texts, numbers and the remaining providers (Lorem, Text, Word, Number, Color, Book, Animal, Vehicle, Space, Medical and the rest). */

/** A number of words joined into a sentence with a capital and a full stop. */
function sentence(f: Faker, wordCount: number, extra: number): string {
  const total = wordCount + (extra > 0 ? f.number.int(extra - 1) : 0);
  const words = Array.from({ length: Math.max(1, total) }, () => f.lorem.word());
  const first = words[0] ?? "";
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(" ")}.`;
}

const paragraph = (f: Faker, sentences: number): string =>
  Array.from({ length: sentences + f.number.int(2) }, () => sentence(f, 3, 6)).join(" ");

/** Number.randomNumber's digit count, 1-18. */
function digitCountArg(a: readonly string[]): number {
  const n = intArg(a, 0);
  if (n < 1 || n > 18) throw new RowforgeError("RF_VALUE_INVALID", `numberOfDigits must be 1..18, got ${n}`);
  return n;
}

/** A whole number from `min` to `max` as text; an inverted range is an error. */
function rangeText(min: number, max: number): Draw {
  if (max < min) throw new RowforgeError("RF_RANGE_INVERTED", `range ${min}..${max} is inverted`);
  return numberText(min, max);
}

/** Java's `Integer.MIN_VALUE` .. `MAX_VALUE` bounds for int-typed methods. */
const INT_MAX = 2_147_483_647;

/** Every word's first letter in upper case, as faker's food.dish gives its dishes. */
const titleCase = (s: string): string =>
  s
    .split(" ")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export const LOREM_AND_OTHER_METHODS: Readonly<Record<string, FakerEntry>> = {
  // ─── Lorem / Text / Word / Verb ──────────────────────────────────────────────
  "Lorem.character": {
    arity: [0, 1],
    usage: "'includeUppercase'",
    size: upTo(1),
    faker: (f, a) => randomText(f, 1, 1, boolArg(a, 0), false, true),
    compiled: (_k, a) => randomTextDraw(1, 1, boolArg(a, 0), false, true),
  },
  "Lorem.characters": {
    arity: [0, 1, 2, 3, 4],
    usage: "'length' or 'min','max', then 'includeUppercase','includeDigit'",
    size: charactersSize,
    doc: "255 lower-case letters and digits by default",
    faker: (f, a) => randomText(f, ...charactersArgs(a)),
    compiled: (_k, a) => randomTextDraw(...charactersArgs(a)),
  },
  "Lorem.word": localeList("lorem.word", (f) => f.lorem.word()),
  "Lorem.words": {
    arity: [0, 1],
    usage: "'count'",
    size: (a) => wordListLength(countArg(a, 0, 3)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArgOr(a, 0, 3) }, () => f.lorem.word())),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      return mapWords(k, (word) => (rnd) => javaList(Array.from({ length: count }, () => word(rnd))));
    },
  },
  "Lorem.sentence": {
    arity: [0, 1, 2],
    usage: "'wordCount'[,'randomWordsToAdd']",
    size: (a) => sentenceLength(countArg(a, 0, 3), countArg(a, 1, 6)),
    faker: (f, a) => sentence(f, intArgOr(a, 0, 3), intArgOr(a, 1, 6)),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      const extra = intArgOr(a, 1, 6);
      return mapWords(k, (word) => sentenceDraw(word, count, extra));
    },
  },
  "Lorem.sentences": {
    arity: [1],
    usage: "'count'",
    size: (a) => listLength(countArg(a, 0, 0), sentenceLength(3, 6)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArg(a, 0) }, () => sentence(f, 3, 6))),
    compiled: (k, a) => {
      const count = intArg(a, 0);
      return mapWords(k, (word) => listDraw(sentenceDraw(word, 3, 6), count));
    },
  },
  "Lorem.paragraph": {
    arity: [0, 1],
    usage: "'sentenceCount'",
    size: (a) => paragraphLength(countArg(a, 0, 3)),
    faker: (f, a) => paragraph(f, intArgOr(a, 0, 3)),
    compiled: (k, a) => {
      const count = intArgOr(a, 0, 3);
      return mapWords(k, (word) => paragraphDraw(word, count));
    },
  },
  "Lorem.paragraphs": {
    arity: [1],
    usage: "'count'",
    size: (a) => listLength(countArg(a, 0, 0), paragraphLength(3)),
    doc: "a list, rendered [a, b, c]",
    faker: (f, a) => javaList(Array.from({ length: intArg(a, 0) }, () => paragraph(f, 3))),
    compiled: (k, a) => {
      const count = intArg(a, 0);
      return mapWords(k, (word) => listDraw(paragraphDraw(word, 3), count));
    },
  },
  "Lorem.fixedString": {
    arity: [1],
    usage: "'length'",
    size: counted(0, 0, 1),
    faker: (f, a) => {
      const n = intArg(a, 0);
      let s = "";
      while (s.length < n) s += sentence(f, 3, 6);
      return s.slice(0, n);
    },
    compiled: (k, a) => {
      const n = intArg(a, 0);
      return mapWords(k, (word) => {
        const next = sentenceDraw(word, 3, 6);
        return (rnd) => {
          let s = "";
          while (s.length < n) s += next(rnd);
          return s.slice(0, n);
        };
      });
    },
  },
  "Lorem.maxLengthSentence": {
    arity: [1],
    usage: "'maxLength'",
    size: counted(0, 0, 1),
    // The value of sentence(f, n, 0) cut to n characters, with the same n draws, holding only n + 1 characters.
    faker: (f, a) => {
      const n = intArg(a, 0);
      let s = "";
      for (let i = 0; i < Math.max(1, n); i++) {
        const word = f.lorem.word();
        if (s.length > n) continue;
        s += i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : ` ${word}`;
      }
      s += ".";
      return s.length > n ? s.slice(0, n).trimEnd() : s;
    },
    // The same value without the draws past n characters: the words stop once the text is long enough.
    compiled: (k, a) => {
      const n = intArg(a, 0);
      return mapWords(k, (word) => (rnd) => {
        let s = "";
        for (let i = 0; i < Math.max(1, n) && s.length <= n; i++) {
          const w = word(rnd);
          s += i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : ` ${w}`;
        }
        s += ".";
        return s.length > n ? s.slice(0, n).trimEnd() : s;
      });
    },
  },
  "Text.character": {
    faker: (f) => f.string.alpha({ length: 1, casing: "mixed" }),
    compiled: () => charRun(`${UPPER}${UPPER.toLowerCase()}`, 1),
  },
  "Text.uppercaseCharacter": {
    faker: (f) => f.string.alpha({ length: 1, casing: "upper" }),
    compiled: () => charRun(UPPER, 1),
  },
  "Text.lowercaseCharacter": {
    faker: (f) => f.string.alpha({ length: 1, casing: "lower" }),
    compiled: () => charRun(UPPER.toLowerCase(), 1),
  },
  "Text.text": {
    arity: [0, 1, 2, 3, 4, 5],
    usage: "'includeDigit' or 'length' or 'min','max'[,'upper'[,'special'[,'digit']]]",
    size: (a) => (isIntText(a[0]) ? Math.max(countArg(a, 0, 0), a.length > 1 ? countArg(a, 1, 0) : 0) : 80),
    doc: "20-80 lower-case letters by default",
    faker: (f, a) => randomText(f, ...textArgs(a)),
    compiled: (_k, a) => randomTextDraw(...textArgs(a)),
  },
  "Word.adjective": localeList("word.adjective", (f) => f.word.adjective()),
  "Word.adverb": localeList("word.adverb", (f) => f.word.adverb()),
  "Word.conjunction": localeList("word.conjunction", (f) => f.word.conjunction()),
  "Word.interjection": localeList("word.interjection", (f) => f.word.interjection()),
  "Word.noun": localeList("word.noun", (f) => f.word.noun()),
  "Word.preposition": localeList("word.preposition", (f) => f.word.preposition()),
  "Word.verb": localeList("word.verb", (f) => f.word.verb()),
  "Verb.base": columnOf(w.VERB_FORMS, 0),
  "Verb.past": columnOf(w.VERB_FORMS, 1),
  "Verb.pastParticiple": columnOf(w.VERB_FORMS, 2),
  "Verb.simplePresent": columnOf(w.VERB_FORMS, 3),
  "Verb.ingForm": columnOf(w.VERB_FORMS, 4),
  // ─── Number / Bool / Options / Coin ──────────────────────────────────────────
  "Number.randomDigit": { faker: (f) => String(f.number.int(9)), compiled: () => digitBetween(0, 9) },
  "Number.randomDigitNotZero": { faker: (f) => String(between(f, 1, 9)), compiled: () => digitBetween(1, 9) },
  "Number.positive": {
    faker: (f) => String(between(f, 1, INT_MAX - 1)),
    compiled: () => (rnd) => String(1 + rnd.int(INT_MAX - 1)),
  },
  "Number.negative": {
    faker: (f) => String(between(f, -INT_MAX - 1, -1)),
    compiled: () => (rnd) => String(-1 - rnd.int(INT_MAX + 1)),
  },
  "Number.numberBetween": {
    arity: [2],
    usage: "'min','max' (max exclusive for whole numbers)",
    size: upTo(32),
    doc: "whole numbers give an integer in [min, max); decimals give a double",
    faker: (f, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const hi = Math.max(intArg(a, 0), intArg(a, 1));
        return String(lo === hi ? lo : lo + f.number.int(hi - lo - 1));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return javaDouble(lo + f.number.float() * (hi - lo));
    },
    compiled: (_k, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const span = Math.max(intArg(a, 0), intArg(a, 1)) - lo;
        return span === 0 ? constant(String(lo)) : (rnd) => String(lo + rnd.int(span));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return (rnd) => javaDouble(lo + rnd.float() * (hi - lo));
    },
  },
  "Number.randomNumber": {
    arity: [0, 1, 2],
    usage: "'numberOfDigits'",
    size: upTo(20),
    doc: "any 64-bit integer, or one with exactly the given number of digits",
    faker: (f, a) => {
      if (a.length === 0) return f.number.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).toString();
      const lo = 10n ** BigInt(digitCountArg(a) - 1);
      return f.number.bigInt({ min: lo, max: lo * 10n - 1n }).toString();
    },
    // Any 64-bit integer from two 32-bit draws; n digits as a first digit 1-9 and n - 1 digits.
    compiled: (_k, a) =>
      a.length === 0
        ? (rnd) => BigInt.asIntN(64, (BigInt(rnd.u32()) << 32n) | BigInt(rnd.u32())).toString()
        : digitRun(digitCountArg(a), false),
  },
  "Number.randomDouble": {
    arity: [3],
    usage: "'maxNumberOfDecimals','min','max'",
    size: upTo(32),
    faker: (f, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return javaDouble(Number((lo + f.number.float() * (hi - lo)).toFixed(dec)));
    },
    compiled: (_k, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return (rnd) => javaDouble(Number((lo + rnd.float() * (hi - lo)).toFixed(dec)));
    },
  },
  "Number.digits": {
    arity: [1],
    usage: "'count'",
    size: counted(0, 0, 1),
    faker: (f, a) => digits(f, intArg(a, 0)),
    compiled: (_k, a) => digitRun(intArg(a, 0)),
  },
  "Number.digit": { faker: (f) => digits(f, 1), compiled: () => digitRun(1) },
  "Bool.bool": {
    faker: (f) => String(f.datatype.boolean()),
    compiled: () => pickFrom(["true", "false"]),
    doc: "true or false",
  },
  "Options.option": {
    arity: [1],
    variadic: true,
    usage: "'a','b','c'",
    size: oneOfArgs,
    doc: "one of the arguments",
    faker: (f, a) => pick(f, a),
    compiled: (_k, a) => pickFrom(a),
  },
  "Coin.flip": fromList(w.MISC.coin),
  // ─── Color / Job / Demographic / Gender / BloodType ──────────────────────────
  "Color.name": localeList("color.human", (f) => f.color.human()),
  "Color.hex": {
    arity: [0, 1],
    usage: "'includeHashSign'",
    size: upTo(7),
    faker: (f, a) => `${boolArg(a, 0, true) ? "#" : ""}${hex(f, 6)}`,
    compiled: (_k, a) => joinDraws(boolArg(a, 0, true) ? "#" : "", hexRun(6)),
  },
  "Job.field": fromList(w.JOB.field),
  "Job.seniority": localeList("person.job_descriptor", (f) => f.person.jobDescriptor()),
  "Job.position": localeList("person.job_type", (f) => f.person.jobType()),
  "Job.keySkills": fromList(w.JOB.keySkills),
  "Job.title": { faker: (f) => f.person.jobTitle(), compiled: (k) => k.jobTitle() },
  "Demographic.race": fromList(w.DEMOGRAPHIC.race),
  "Demographic.educationalAttainment": fromList(w.DEMOGRAPHIC.education),
  "Demographic.demonym": countryColumn(6),
  "Demographic.sex": fromList(w.DEMOGRAPHIC.sex),
  "Demographic.maritalStatus": fromList(w.DEMOGRAPHIC.maritalStatus),
  "Gender.types": fromList(w.GENDER.types),
  "Gender.binaryTypes": fromList(w.GENDER.binary),
  "Gender.shortBinaryTypes": fromList(w.GENDER.short),
  "BloodType.aboTypes": fromList(w.BLOOD.abo),
  "BloodType.rhTypes": fromList(w.BLOOD.rh),
  "BloodType.pTypes": fromList(w.BLOOD.p),
  "BloodType.bloodGroup": {
    faker: (f) => `${pick(f, w.BLOOD.abo)}${pick(f, w.BLOOD.rh)}`,
    compiled: () => joinDraws(pickFrom(w.BLOOD.abo), pickFrom(w.BLOOD.rh)),
  },
  // ─── Book / Music / Food / drinks ────────────────────────────────────────────
  "Book.author": localeList("book.author", (f) => f.book.author()),
  "Book.title": localeList("book.title", (f) => f.book.title()),
  "Book.publisher": localeList("book.publisher", (f) => f.book.publisher()),
  "Book.genre": localeList("book.genre", (f) => f.book.genre()),
  "Music.instrument": fromList(w.MUSIC.instrument),
  "Music.key": fromList(w.MUSIC.key),
  "Music.chord": joinedLists("", w.MUSIC.key, w.MUSIC.chordQuality),
  "Music.genre": localeList("music.genre", (f) => f.music.genre()),
  "Food.ingredient": localeList("food.ingredient", (f) => f.food.ingredient()),
  "Food.spice": localeList("food.spice", (f) => f.food.spice()),
  "Food.dish": {
    faker: (f) => f.food.dish(),
    // Half the time a dish of the pattern list, half the time one of the list, each word capitalised.
    compiled: (k) => {
      const pattern = k.list("food.dish_pattern");
      const dish = k.withText("title", titleCase).list("food.dish");
      return pattern && dish && pickDraw([(rnd) => titleCase(pattern(rnd)), dish]);
    },
  },
  "Food.fruit": localeList("food.fruit", (f) => f.food.fruit()),
  "Food.vegetable": localeList("food.vegetable", (f) => f.food.vegetable()),
  "Food.sushi": fromList(w.FOOD.sushi),
  "Food.allergen": fromList(w.FOOD.allergen),
  "Food.measurement": joinedLists(" ", w.FOOD.measurement, w.FOOD.measurementUnit),
  "Beer.brand": fromList(w.DRINKS.beerBrand),
  "Beer.name": joinedLists(" ", w.DRINKS.beerBrand, w.DRINKS.beerStyle),
  "Beer.style": fromList(w.DRINKS.beerStyle),
  "Beer.hop": fromList(w.DRINKS.hop),
  "Beer.yeast": fromList(w.DRINKS.yeast),
  "Beer.malt": fromList(w.DRINKS.malt),
  "Coffee.country": fromList(w.DRINKS.coffeeCountry),
  "Coffee.variety": fromList(w.DRINKS.coffeeVariety),
  "Coffee.notes": {
    faker: (f) => f.helpers.arrayElements(w.DRINKS.coffeeNote, { min: 2, max: 3 }).join(", "),
    compiled: () => distinctWords(w.DRINKS.coffeeNote, 2, 3, ", "),
  },
  "Coffee.body": fromList(w.DRINKS.coffeeBody),
  "Coffee.blendName": joinedLists(" ", w.DRINKS.coffeeName, w.DRINKS.coffeeBlend),
  "Tea.variety": fromList(w.DRINKS.teaVariety),
  "Tea.type": fromList(w.DRINKS.teaType),
  "Dessert.variety": fromList(w.DRINKS.dessertVariety),
  "Dessert.topping": fromList(w.DRINKS.dessertTopping),
  "Dessert.flavor": fromList(w.DRINKS.dessertFlavor),
  // ─── Animal / Cat / Dog ──────────────────────────────────────────────────────
  "Animal.name": localeList("animal.type", (f) => f.animal.type()),
  "Animal.scientificName": fromList(w.ANIMAL_SPECIES.map((r) => r.join(" "))),
  "Animal.genus": columnOf(w.ANIMAL_SPECIES, 0),
  "Animal.species": columnOf(w.ANIMAL_SPECIES, 1),
  "Cat.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Cat.breed": localeList("animal.cat", (f) => f.animal.cat()),
  "Cat.registry": fromList(w.PETS.catRegistry),
  "Dog.name": localeList("animal.pet_name", (f) => f.animal.petName()),
  "Dog.breed": localeList("animal.dog", (f) => f.animal.dog()),
  "Dog.sound": fromList(w.PETS.dogSound),
  "Dog.age": fromList(w.PETS.dogAge),
  "Dog.size": fromList(w.PETS.dogSize),
  "Dog.coatLength": fromList(w.PETS.dogCoat),
  "Dog.gender": fromList(w.PETS.petGender),
  // ─── Vehicle / Aviation ──────────────────────────────────────────────────────
  "Vehicle.vin": { faker: g.vin, compiled: vinDraw, doc: "17 characters with a valid check digit" },
  "Vehicle.manufacturer": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.make": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.model": localeList("vehicle.model", (f) => f.vehicle.model()),
  "Vehicle.makeAndModel": {
    faker: (f) => f.vehicle.vehicle(),
    compiled: (k) => joinDraws(k.list("vehicle.manufacturer"), " ", k.list("vehicle.model")),
  },
  "Vehicle.style": fromList(w.VEHICLE.style),
  "Vehicle.color": localeList("color.human", (f) => f.vehicle.color()),
  "Vehicle.upholsteryColor": fromList(w.VEHICLE.upholsteryColor),
  "Vehicle.upholsteryFabric": fromList(w.VEHICLE.upholsteryFabric),
  "Vehicle.upholstery": joinedLists(" ", w.VEHICLE.upholsteryColor, w.VEHICLE.upholsteryFabric),
  "Vehicle.transmission": fromList(w.VEHICLE.transmission),
  "Vehicle.driveType": fromList(w.VEHICLE.driveType),
  "Vehicle.fuelType": localeList("vehicle.fuel", (f) => f.vehicle.fuel()),
  "Vehicle.carType": localeList("vehicle.type", (f) => f.vehicle.type()),
  "Vehicle.engine": joinedLists(" ", w.VEHICLE.engineCylinders, ["Cylinder Engine"]),
  "Vehicle.doors": fromList(w.VEHICLE.doors),
  "Vehicle.licensePlate": {
    faker: g.licensePlate,
    compiled: () => pickDraw(g.LICENSE_PLATES.map((f) => symbolFormat(f, "#?"))),
    doc: "US-style plate such as ABC-1234",
  },
  "Aviation.aircraft": localeColumn("airline.airplane", "name", (f) => f.airline.airplane().name),
  "Aviation.airport": localeColumn("airline.airport", "iataCode", (f) => f.airline.airport().iataCode),
  "Aviation.airportName": localeColumn("airline.airport", "name", (f) => f.airline.airport().name),
  "Aviation.airline": localeColumn("airline.airline", "name", (f) => f.airline.airline().name),
  "Aviation.flight": {
    faker: (f) => `${f.airline.airline().iataCode}${f.airline.flightNumber()}`,
    // An airline's IATA code and a flight number of 1-4 digits, its first not 0.
    compiled: (k) =>
      joinDraws(
        k.column("airline.airline", "iataCode"),
        pickDraw([1, 2, 3, 4].map((n) => digitRun(n, false))),
      ),
  },
  // ─── Weather / University / Educator / Science / Space ───────────────────────
  "Weather.description": fromList(w.WEATHER.description),
  "Weather.temperatureCelsius": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -30), intArgOr(a, 1, 38))}°C`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -30), intArgOr(a, 1, 38)), "°C"),
  },
  "Weather.temperatureFahrenheit": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(24),
    faker: (f, a) => `${between(f, intArgOr(a, 0, -22), intArgOr(a, 1, 100))}°F`,
    compiled: (_k, a) => joinDraws(rangeText(intArgOr(a, 0, -22), intArgOr(a, 1, 100)), "°F"),
  },
  "University.name": {
    faker: (f) =>
      pick(f, [
        () => `${pick(f, w.UNIVERSITY.prefix)} ${f.location.state()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
        () => `University of ${f.location.city()}`,
      ])(),
    compiled: (k) => {
      const suffix = pickFrom(w.UNIVERSITY.suffix);
      const forms = [
        joinDraws(pickFrom(w.UNIVERSITY.prefix), " ", k.list("location.state"), " ", suffix),
        joinDraws(k.lastName(), " ", suffix),
        joinDraws("University of ", k.city()),
      ];
      return forms.every((d) => d !== undefined) ? pickDraw(forms) : undefined;
    },
  },
  "University.degree": fromList(w.UNIVERSITY.degree),
  "University.prefix": fromList(w.UNIVERSITY.prefix),
  "University.suffix": fromList(w.UNIVERSITY.suffix),
  "University.place": localeList("location.state", (f) => f.location.state()),
  "Educator.university": {
    faker: (f) => `${f.person.lastName()} ${pick(f, w.UNIVERSITY.suffix)}`,
    compiled: (k) => joinDraws(k.lastName(), " ", pickFrom(w.UNIVERSITY.suffix)),
  },
  "Educator.course": fromList(w.UNIVERSITY.course),
  "Educator.subjectWithNumber": {
    faker: (f) => `${pick(f, w.UNIVERSITY.subject)} ${between(f, 100, 499)}`,
    compiled: () => joinDraws(pickFrom(w.UNIVERSITY.subject), " ", numberText(100, 499)),
  },
  "Educator.secondarySchool": {
    faker: (f) => `${f.location.city()} ${pick(f, w.UNIVERSITY.schoolSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.UNIVERSITY.schoolSuffix)),
  },
  "Educator.campus": joinedLists(" ", w.UNIVERSITY.campus, ["Campus"]),
  "Science.element": localeColumn(
    "science.chemical_element",
    "name",
    (f) => f.science.chemicalElement().name,
  ),
  "Science.elementSymbol": localeColumn(
    "science.chemical_element",
    "symbol",
    (f) => f.science.chemicalElement().symbol,
  ),
  "Science.unit": localeColumn("science.unit", "name", (f) => f.science.unit().name),
  "Science.scientist": fromList(w.SCIENCE.scientist),
  "Science.tool": fromList(w.SCIENCE.tool),
  "Science.quark": fromList(w.SCIENCE.quark),
  "Science.leptons": fromList(w.SCIENCE.lepton),
  "Science.bosons": fromList(w.SCIENCE.boson),
  "Space.planet": fromList(w.SPACE.planet),
  "Space.moon": fromList(w.SPACE.moon),
  "Space.galaxy": fromList(w.SPACE.galaxy),
  "Space.nebula": fromList(w.SPACE.nebula),
  "Space.starCluster": fromList(w.SPACE.starCluster),
  "Space.constellation": fromList(w.SPACE.constellation),
  "Space.star": fromList(w.SPACE.star),
  "Space.agency": columnOf(w.SPACE.agency, 0),
  "Space.agencyAbbreviation": columnOf(w.SPACE.agency, 1),
  "Space.nasaSpaceCraft": fromList(w.SPACE.spacecraft),
  "Space.company": fromList(w.SPACE.company),
  "Space.distanceMeasurement": {
    faker: (f) => `${between(f, 1, 1000)} ${pick(f, w.SPACE.distance)}`,
    compiled: () => joinDraws(numberText(1, 1000), " ", pickFrom(w.SPACE.distance)),
  },
  "Space.meteorite": fromList(w.SPACE.meteorite),
  "Zodiac.sign": localeList("person.western_zodiac_sign", (f) => f.person.zodiacSign()),
  // ─── Medical / Measurement ───────────────────────────────────────────────────
  "Medical.medicineName": fromList(w.MEDICAL.medicine),
  "Medical.diseaseName": fromList(w.MEDICAL.disease),
  "Medical.hospitalName": {
    faker: (f) => `${f.location.city()} ${pick(f, w.MEDICAL.hospitalSuffix)}`,
    compiled: (k) => joinDraws(k.city(), " ", pickFrom(w.MEDICAL.hospitalSuffix)),
  },
  "Medical.symptoms": fromList(w.MEDICAL.symptom),
  "Medical.diagnosisCode": {
    faker: (f) => bothify(f, "?##.#", true),
    compiled: () => symbolFormat("?##.#", "#?"),
    doc: "ICD-10 shaped code",
  },
  "Medical.procedureCode": {
    faker: (f) => bothify(f, "##?#?#?", true),
    compiled: () => symbolFormat("##?#?#?", "#?"),
    doc: "ICD-10-PCS shaped code",
  },
  "Medical.medicalProfession": fromList(w.MEDICAL.profession),
  "Measurement.height": fromList(w.MEASUREMENT.height),
  "Measurement.length": fromList(w.MEASUREMENT.length),
  "Measurement.volume": fromList(w.MEASUREMENT.volume),
  "Measurement.weight": fromList(w.MEASUREMENT.weight),
  "Measurement.metricHeight": fromList(w.MEASUREMENT.metricHeight),
  "Measurement.metricLength": fromList(w.MEASUREMENT.metricLength),
  "Measurement.metricVolume": fromList(w.MEASUREMENT.metricVolume),
  "Measurement.metricWeight": fromList(w.MEASUREMENT.metricWeight),
  // ─── People and the rest ─────────────────────────────────────────────────────
  "Superhero.name": {
    faker: (f) =>
      f.datatype.boolean()
        ? `${pick(f, w.SUPERHERO.prefix)} ${pick(f, w.SUPERHERO.descriptor)}`
        : `${pick(f, w.SUPERHERO.descriptor)} ${pick(f, w.SUPERHERO.suffix)}`,
    compiled: () =>
      pickDraw([
        joinDraws(pickFrom(w.SUPERHERO.prefix), " ", pickFrom(w.SUPERHERO.descriptor)) as Draw,
        joinDraws(pickFrom(w.SUPERHERO.descriptor), " ", pickFrom(w.SUPERHERO.suffix)) as Draw,
      ]),
  },
  "Superhero.prefix": fromList(w.SUPERHERO.prefix),
  "Superhero.suffix": fromList(w.SUPERHERO.suffix),
  "Superhero.power": fromList(w.SUPERHERO.power),
  "Superhero.descriptor": fromList(w.SUPERHERO.descriptor),
  "Team.name": localeList("team.name", (f) => f.helpers.fake(localeWords(f, "team", "name"))),
  "Team.creature": localeList("team.creature", (f) => pick(f, localeWords(f, "team", "creature"))),
  "Team.state": localeList("location.state", (f) => f.location.state()),
  "Team.sport": fromList(w.TEAM_SPORTS),
  "Twitter.userName": {
    faker: (f) =>
      f.internet
        .username()
        .replace(/[^A-Za-z0-9]+/g, "_")
        .slice(0, 15)
        .replace(/_+$/, ""),
    compiled: twitterUsernameDraw,
    doc: "up to 15 letters, digits and underscores",
  },
  "Twitter.userId": {
    faker: (f) => String(between(f, 1, 9)) + digits(f, 18),
    compiled: () => digitRun(19, false),
  },
  "Twitter.twitterId": {
    arity: [1],
    usage: "'length'",
    size: (a) => Math.max(1, countArg(a, 0, 0)),
    faker: (f, a) => String(between(f, 1, 9)) + digits(f, Math.max(0, intArg(a, 0) - 1)),
    compiled: (_k, a) => digitRun(Math.max(1, intArg(a, 0)), false),
  },
  "Subscription.plans": fromList(w.SUBSCRIPTION.plans),
  "Subscription.statuses": fromList(w.SUBSCRIPTION.statuses),
  "Subscription.paymentMethods": fromList(w.SUBSCRIPTION.paymentMethods),
  "Subscription.subscriptionTerms": fromList(w.SUBSCRIPTION.terms),
  "Subscription.paymentTerms": fromList(w.SUBSCRIPTION.paymentTerms),
  "Relationships.direct": fromList(w.RELATIONSHIP.direct),
  "Relationships.extended": fromList(w.RELATIONSHIP.extended),
  "Relationships.inLaw": fromList(w.RELATIONSHIP.inLaw),
  "Relationships.spouse": fromList(w.RELATIONSHIP.spouse),
  "Relationships.parent": fromList(w.RELATIONSHIP.parent),
  "Relationships.sibling": fromList(w.RELATIONSHIP.sibling),
  "Relationships.any": fromList(Object.values(w.RELATIONSHIP).flat()),
  "Pronouns.subjective": fromList(w.PRONOUNS.subjective),
  "Pronouns.objective": fromList(w.PRONOUNS.objective),
  "Pronouns.possessive": fromList(w.PRONOUNS.possessive),
  "Pronouns.reflexive": fromList(w.PRONOUNS.reflexive),
  "Military.armyRank": fromList(w.MILITARY.army),
  "Military.marinesRank": fromList(w.MILITARY.marines),
  "Military.navyRank": fromList(w.MILITARY.navy),
  "Military.airForceRank": fromList(w.MILITARY.airForce),
  "Military.dodPaygrade": fromList(w.MILITARY.paygrade),
  "Marketing.buzzwords": fromList(w.MISC.marketingBuzzwords),
  "Hobby.activity": fromList(w.MISC.hobby),
  "Mood.feeling": fromList(w.MISC.feeling),
  "Mood.emotion": fromList(w.MISC.emotion),
  "Mood.tone": fromList(w.MISC.tone),
  "Emoji.smiley": fromList(w.EMOJI.smiley),
  "Emoji.cat": fromList(w.EMOJI.cat),
  "Emoji.vehicle": fromList(w.EMOJI.vehicle),
  "Compass.word": fromList(w.MISC.compassWord),
  "Compass.abbreviation": fromList(w.MISC.compassAbbr),
  "Compass.azimuth": fromList(Array.from({ length: 16 }, (_, i) => String(i * 22.5))),
  "Construction.heavyEquipment": fromList(w.MISC.heavyEquipment),
  "Construction.materials": fromList(w.MISC.materials),
  "Construction.roles": fromList(w.MISC.roles),
  "Construction.trades": fromList(w.MISC.trades),
  "Restaurant.name": joinedLists(" ", w.MISC.restaurantPrefix, w.MISC.restaurantSuffix),
  "Restaurant.namePrefix": fromList(w.MISC.restaurantPrefix),
  "Restaurant.nameSuffix": fromList(w.MISC.restaurantSuffix),
  "Restaurant.type": fromList(w.MISC.restaurantType),
  "Mountain.name": fromList(w.MISC.mountain),
  "Mountain.range": fromList(w.MISC.mountainRange),
  "Artist.name": localeList("music.artist", (f) => f.music.artist()),
  "Hipster.word": {
    faker: (f) => stripAccents(f.word.adjective()),
    compiled: (k) => k.withText("plain", stripAccents).list("word.adjective"),
  },
};
