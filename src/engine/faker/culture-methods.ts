import type { FakerEntry } from "./faker-entry.ts";
import { countArg, upTo } from "./faker-size.ts";
import { fromList, joinedLists, localeList } from "./list-entries.ts";
import { type Draw, digitRun, hexRun, joinDraws, pickDraw, pickFrom } from "./locale-draw.ts";
import { between, boolArg, digits, hex, intArg, localeWords, pick, stripAccents } from "./table-support.ts";
import { twitterUsernameDraw } from "./twitter-username-draw.ts";
import * as w from "./word-lists.ts";

/** The expression table's culture and media: Book, Music, Artist, Color, Superhero, Team, Twitter, Emoji, Hipster, Zodiac, Marketing and Subscription. */

export const CULTURE_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Book.author": localeList("book.author", (f) => f.book.author()),
  "Book.title": localeList("book.title", (f) => f.book.title()),
  "Book.publisher": localeList("book.publisher", (f) => f.book.publisher()),
  "Book.genre": localeList("book.genre", (f) => f.book.genre()),
  "Music.instrument": fromList(w.MUSIC.instrument),
  "Music.key": fromList(w.MUSIC.key),
  "Music.chord": joinedLists("", w.MUSIC.key, w.MUSIC.chordQuality),
  "Music.genre": localeList("music.genre", (f) => f.music.genre()),
  "Artist.name": localeList("music.artist", (f) => f.music.artist()),
  "Color.name": localeList("color.human", (f) => f.color.human()),
  "Color.hex": {
    arity: [0, 1],
    usage: "'includeHashSign'",
    size: upTo(7),
    faker: (f, a) => `${boolArg(a, 0, true) ? "#" : ""}${hex(f, 6)}`,
    compiled: (_k, a) => joinDraws(boolArg(a, 0, true) ? "#" : "", hexRun(6)),
  },
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
  "Emoji.smiley": fromList(w.EMOJI.smiley),
  "Emoji.cat": fromList(w.EMOJI.cat),
  "Emoji.vehicle": fromList(w.EMOJI.vehicle),
  "Hipster.word": {
    faker: (f) => stripAccents(f.word.adjective()),
    compiled: (k) => k.withText("plain", stripAccents).list("word.adjective"),
  },
  "Zodiac.sign": localeList("person.western_zodiac_sign", (f) => f.person.zodiacSign()),
  "Marketing.buzzwords": fromList(w.MISC.marketingBuzzwords),
  "Subscription.plans": fromList(w.SUBSCRIPTION.plans),
  "Subscription.statuses": fromList(w.SUBSCRIPTION.statuses),
  "Subscription.paymentMethods": fromList(w.SUBSCRIPTION.paymentMethods),
  "Subscription.subscriptionTerms": fromList(w.SUBSCRIPTION.terms),
  "Subscription.paymentTerms": fromList(w.SUBSCRIPTION.paymentTerms),
};
