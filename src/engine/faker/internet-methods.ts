import type { FakerEntry } from "./faker-entry.ts";
import { countArg, FIXED_CALL_LENGTH, upTo, withArgs } from "./faker-size.ts";
import { commonFileExtDraw, fileNameDraw } from "./file-name-draws.ts";
import * as g from "./generators.ts";
import { UPPER_DIGITS, uuidDraw, uuidV7Draw } from "./id-draws.ts";
import { columnOf, fromList, localeList } from "./list-entries.ts";
import { charRun, constant, type Draw, joinDraws, pickDraw, pickFrom } from "./locale-draw.ts";
import { picsumDraw } from "./picsum-draw.ts";
import { emailDraw, ipv4Draw, mapWords, numberText, randomTextDraw, usernameDraw } from "./table-draws.ts";
import {
  between,
  choiceArg,
  intArg,
  localeWords,
  now,
  numerify,
  pick,
  randomText,
  username,
} from "./table-support.ts";
import { passwordArgs } from "./text-entry-args.ts";
import {
  domainNameDraw,
  domainWordDraw,
  ipv6Draw,
  macDraw,
  privateIpv4Draw,
  publicIpv4Draw,
  urlDraw,
  userAgentDraw,
  webdomainDraw,
} from "./web-draws.ts";
import * as w from "./word-lists.ts";

/** The expression table's internet and computing methods: Internet, App, Hacker, Computer, Device, File, ProgrammingLanguage. */

export const INTERNET_METHODS: Readonly<Record<string, FakerEntry>> = {
  // ─── Internet ────────────────────────────────────────────────────────────────
  "Internet.username": { faker: username, compiled: usernameDraw, doc: "first.last in lower case" },
  "Internet.emailAddress": {
    arity: [0, 1],
    usage: "'localPart'",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.email(f, a[0]),
    compiled: (k, a) => emailDraw(k, a[0], k.list("internet.free_email")),
    doc: "first.last@free-mail domain",
  },
  "Internet.safeEmailAddress": {
    arity: [0, 1],
    usage: "'localPart'",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.email(f, a[0], true),
    compiled: (k, a) => emailDraw(k, a[0], pickFrom(g.SAFE_EMAIL_DOMAINS)),
    doc: "address at example.com/org/net",
  },
  "Internet.emailSubject": fromList(w.MISC.emailSubject),
  "Internet.domainName": { faker: g.domainName, compiled: domainNameDraw, doc: "lastname.suffix" },
  "Internet.domainWord": { faker: g.domainWord, compiled: domainWordDraw },
  "Internet.domainSuffix": localeList("internet.domain_suffix", (f) => f.internet.domainSuffix()),
  "Internet.url": {
    faker: g.url,
    compiled: urlDraw,
    doc: "http(s)://www.first-last.suffix with optional port, path, query, anchor",
  },
  "Internet.webdomain": { faker: g.webdomain, compiled: webdomainDraw },
  "Internet.image": {
    arity: [0, 2, 3],
    usage: "'width','height' and optionally a 'seed'",
    size: withArgs(64),
    faker: (f, a) => {
      if (a.length === 0) return f.image.url();
      const size = `${intArg(a, 0)}/${intArg(a, 1)}`;
      return a.length === 3 ? `https://picsum.photos/seed/${a[2]}/${size}` : `https://picsum.photos/${size}`;
    },
    compiled: (_k, a) => {
      if (a.length === 0) return picsumDraw(numberText(1, 3999), numberText(1, 3999));
      const size = `${intArg(a, 0)}/${intArg(a, 1)}`;
      return constant(
        a.length === 3 ? `https://picsum.photos/seed/${a[2]}/${size}` : `https://picsum.photos/${size}`,
      );
    },
  },
  "Internet.httpMethod": {
    faker: (f) => f.internet.httpMethod(),
    compiled: () => pickFrom(["GET", "POST", "PUT", "DELETE", "PATCH"]),
  },
  "Internet.password": {
    arity: [0, 1, 2, 3, 4, 5],
    usage: "'includeDigit' or 'min','max'[,'upper'[,'special'[,'digit']]]",
    size: (a) => (a.length === 1 ? 16 : Math.max(countArg(a, 0, 8), countArg(a, 1, 16))),
    doc: "8-16 characters by default",
    faker: (f, a) => randomText(f, ...passwordArgs(a)),
    compiled: (_k, a) => randomTextDraw(...passwordArgs(a)),
  },
  "Internet.port": { faker: (f) => String(f.number.int(65535)), compiled: () => numberText(0, 65535) },
  "Internet.macAddress": {
    arity: [0, 1],
    usage: "'prefix'",
    size: withArgs(17),
    faker: (f, a) => g.macAddress(f, a[0]),
    compiled: (_k, a) => macDraw(a[0]),
  },
  "Internet.ipV4Address": { faker: g.ipv4, compiled: ipv4Draw },
  "Internet.privateIpV4Address": { faker: g.privateIpv4, compiled: privateIpv4Draw },
  "Internet.publicIpV4Address": { faker: g.publicIpv4, compiled: publicIpv4Draw },
  "Internet.ipV4Cidr": {
    faker: (f) => `${g.ipv4(f)}/${between(f, 1, 31)}`,
    compiled: () => joinDraws(ipv4Draw(), "/", numberText(1, 31)),
  },
  "Internet.ipV6Address": { faker: g.ipv6, compiled: ipv6Draw },
  "Internet.ipV6Cidr": {
    faker: (f) => `${g.ipv6(f)}/${between(f, 1, 127)}`,
    compiled: () => joinDraws(ipv6Draw(), "/", numberText(1, 127)),
  },
  "Internet.slug": {
    faker: (f) => `${f.lorem.word()}_${f.lorem.word()}`,
    compiled: (k) => mapWords(k, (word) => joinDraws(word, "_", word) as Draw),
    doc: "two words joined by _",
  },
  "Internet.uuid": {
    faker: (f) => g.uuidWithVersion(f, 4),
    compiled: () => uuidDraw(4),
    doc: "version-4 UUID",
  },
  "Internet.uuidv3": { faker: (f) => g.uuidWithVersion(f, 3), compiled: () => uuidDraw(3) },
  "Internet.uuidv4": { faker: (f) => g.uuidWithVersion(f, 4), compiled: () => uuidDraw(4) },
  "Internet.uuidv7": {
    faker: (f) => g.uuidV7(f, now(f)),
    compiled: (_k, _a, ref) => uuidV7Draw(ref),
    doc: "time-ordered UUID from the year before the run date",
  },
  "Internet.userAgent": {
    arity: [0, 1],
    usage: `'browser' (${w.USER_AGENT_BROWSERS.join(", ")})`,
    size: upTo(FIXED_CALL_LENGTH),
    faker: (f, a) => g.userAgent(f, a.length ? choiceArg(a, 0, w.USER_AGENT_BROWSERS) : undefined),
    compiled: (_k, a) => userAgentDraw(a.length ? choiceArg(a, 0, w.USER_AGENT_BROWSERS) : undefined),
  },
  "Internet.userAgentAny": {
    faker: (f) => g.userAgent(f),
    compiled: () => userAgentDraw(),
    doc: "older name of Internet.userAgent",
  },
  "Internet.botUserAgent": {
    arity: [1],
    usage: `'vendor' (${Object.keys(w.BOT_USER_AGENTS).join(", ")})`,
    size: upTo(FIXED_CALL_LENGTH),
    faker: (_f, a) => w.BOT_USER_AGENTS[choiceArg(a, 0, Object.keys(w.BOT_USER_AGENTS))] ?? "",
    compiled: (_k, a) => constant(w.BOT_USER_AGENTS[choiceArg(a, 0, Object.keys(w.BOT_USER_AGENTS))] ?? ""),
  },
  "Internet.botUserAgentAny": fromList(Object.values(w.BOT_USER_AGENTS)),
  // ─── App / Hacker / Computer / Device / File / Programming ───────────────────
  "App.name": localeList("app.name", (f) => pick(f, localeWords(f, "app", "name"))),
  "App.version": {
    faker: (f) => numerify(f, pick(f, localeWords(f, "app", "version"))),
    compiled: (k) => k.formats("app.version", "#Ø"),
  },
  "App.author": {
    faker: (f) => (f.datatype.boolean() ? f.person.fullName() : f.company.name()),
    compiled: (k) => {
      const person = k.fullName();
      const company = k.companyName();
      return person && company && pickDraw([person, company]);
    },
  },
  "Hacker.abbreviation": localeList("hacker.abbreviation", (f) => f.hacker.abbreviation()),
  "Hacker.adjective": localeList("hacker.adjective", (f) => f.hacker.adjective()),
  "Hacker.noun": localeList("hacker.noun", (f) => f.hacker.noun()),
  "Hacker.verb": localeList("hacker.verb", (f) => f.hacker.verb()),
  "Hacker.ingverb": localeList("hacker.ingverb", (f) => f.hacker.ingverb()),
  "Computer.type": fromList(w.COMPUTER.type),
  "Computer.platform": fromList(w.COMPUTER.platform),
  "Computer.operatingSystem": fromList([...w.COMPUTER.linux, ...w.COMPUTER.macos, ...w.COMPUTER.windows]),
  "Computer.linux": fromList(w.COMPUTER.linux),
  "Computer.macos": fromList(w.COMPUTER.macos),
  "Computer.windows": fromList(w.COMPUTER.windows),
  "Computer.brand": fromList(w.COMPUTER.brand),
  "Device.modelName": fromList(w.DEVICE.model),
  "Device.platform": fromList(w.DEVICE.platform),
  "Device.manufacturer": fromList(w.DEVICE.manufacturer),
  "Device.serial": {
    faker: (f) => f.string.alphanumeric({ length: 12, casing: "upper" }),
    compiled: () => charRun(UPPER_DIGITS, 12),
  },
  "File.extension": { faker: (f) => f.system.commonFileExt(), compiled: commonFileExtDraw },
  "File.mimeType": { faker: (f) => f.system.mimeType(), compiled: (k) => k.keys("system.mime_type") },
  "File.fileName": {
    arity: [0, 4],
    usage: "'dir','name','extension','separator' (empty for random)",
    size: withArgs(FIXED_CALL_LENGTH),
    faker: (f, a) => g.fileName(f, a[0], a[1], a[2], a[3]),
    compiled: (k, a) => fileNameDraw(k, a[0], a[1], a[2], a[3]),
  },
  "ProgrammingLanguage.name": columnOf(w.PROGRAMMING_LANGUAGES, 0),
  "ProgrammingLanguage.creator": columnOf(w.PROGRAMMING_LANGUAGES, 1),
};
