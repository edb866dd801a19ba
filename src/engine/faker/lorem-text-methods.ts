import type { Faker } from "@faker-js/faker";
import type { FakerEntry } from "./faker-entry.ts";
import {
  countArg,
  counted,
  listLength,
  paragraphLength,
  sentenceLength,
  upTo,
  wordListLength,
} from "./faker-size.ts";
import { UPPER } from "./id-draws.ts";
import { javaList } from "./java-text.ts";
import { columnOf, localeList } from "./list-entries.ts";
import { charRun } from "./locale-draw.ts";
import { listDraw, mapWords, paragraphDraw, randomTextDraw, sentenceDraw } from "./table-draws.ts";
import { boolArg, intArg, intArgOr, isIntText, randomText } from "./table-support.ts";
import { charactersArgs, charactersSize, textArgs } from "./text-entry-args.ts";
import * as w from "./word-lists.ts";

/** The expression table's texts: Lorem, Text, Word and Verb. */

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

export const LOREM_TEXT_METHODS: Readonly<Record<string, FakerEntry>> = {
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
};
