/**
 * rowforge's regex-driven string generator: `compileRegex(pattern)` parses a Java-flavoured
 * pattern once and returns a generator of matching strings (`generate`) and a numbering of its
 * space (`size`, `nth`) that unique fields walk through a permutation.
 *
 * Supported: literals; escapes \d \w \s \D \W \S \t \n \r \f \a \e \cX \. \uXXXX (surrogate pairs
 * too) \xHH \x{H..} \0ooo, and any escaped punctuation; classes with ranges, negation, Java union
 * `[a[b]]` and intersection `[a-z&&[^aeiou]]`; `.`; alternation; capturing, non-capturing, named
 * and atomic groups; all quantifiers, greedy, lazy or possessive (the same strings either way);
 * backreferences \1 and \k<name>; ^ and $ (and \A, \z, \Z) where they can only match at the ends;
 * \b at the start or end next to characters that are always word characters; \Q...\E; inline
 * flags (?i) (?-i) (?x) (?i:...) (accepted; generated text keeps the case written, which still
 * matches; (?x) whitespace and comments are removed); \h \H \v \V \R; Unicode properties
 * \p{L} \p{Lu} \p{Script=Greek} \p{gc=Nd} ..., Java's POSIX classes \p{Alpha} \p{Digit} \p{Alnum}
 * \p{Upper} \p{Lower} \p{Punct} \p{Space} \p{XDigit} \p{ASCII} \p{Print} \p{Graph} \p{Blank}
 * \p{Cntrl} (ASCII only, as in Java), \p{javaLowerCase} and other java* predicates, and
 * \p{IsAlphabetic} \p{IsLatin} \p{IsLu} forms.
 *
 * Character pools (what "any other character" means for a generator):
 * - `.` and every negation that survives ([^...], \D, \W, \S, \P{..}) draw from printable ASCII,
 *   space to `~`. Negation inside an intersection keeps full meaning: [\p{L}&&[^a-z]] is every
 *   letter except a-z.
 * - \s is Java's [ \t\n\x0B\f\r]; \d is [0-9]; \w is [A-Za-z0-9_].
 * - A Unicode property draws from its code points in the Basic Multilingual Plane (surrogates
 *   excluded), or from the supplementary planes when it has none in the BMP (e.g. Gothic).
 *   Sets come from the runtime's Unicode tables (Node 24: Unicode 16), so a few characters may
 *   be newer than an older JVM's Unicode version knows.
 *   Explicit ranges above U+FFFF ([\x{1F600}-\x{1F64F}]) are emitted as surrogate pairs.
 * - `*`, `+` and `{n,}` repeat up to n + maxRepeat times (option, default 8).
 *   One quantifier may repeat at most 100000 times.
 *
 * Not supported (RowforgeError RF_REGEX_INVALID naming the construct and its position):
 * lookahead and lookbehind, \B, \b elsewhere or next to non-word characters, ^ or $ inside,
 * \G, \X, \N{...}, \b{g}, Unicode blocks \p{InGreek}, properties of strings, classes that leave
 * no character to draw. Invalid patterns give the parser's reason and position.
 *
 * Choice and numbering: `generate` picks each alternative, repetition count and class member
 * uniformly. `nth` numbers the space in mixed radix (first part most significant; shorter
 * repetitions first; alternatives in order), so `ACC[0-9]{8}` gives nth(1) = "ACC00000001".
 * `size` and `nth` count derivations, which equal distinct strings when the pattern is
 * unambiguous: literals, classes, concatenations of fixed-width parts, `{n,m}` over a
 * fixed-width part, alternations of distinct literals, backreferences (which add nothing to
 * `size`). Ambiguous patterns overcount and repeat strings: overlapping alternatives (`a|a`,
 * `[ab]|b`), adjacent variable-length parts that can split a string two ways (`a?a?`,
 * `[a-z]{1,3}[a-z]{1,3}`), `(a|ab)(c|bc)`, and repeats of variable-width groups whose pieces
 * can be re-split (`(a|aa){2}`). Sizes saturate at 2^4096; bigint indexes beyond that are not
 * meaningful.
 *
 * Where Java and JavaScript differ on backreferences: one to a group that took no part gives ""
 * (as JavaScript; Java fails such a match), and a group inside a repeated group keeps the text
 * of its last participation (as Java; JavaScript clears it on each repetition).
 */

export type { TranslatedRegex } from "../java-regex/index.ts";
export {
  type CompileRegexOptions,
  compileRegex,
  DEFAULT_MAX_REPEAT,
  type RegexGenerator,
  regexMaxLength,
} from "./compile-regex.ts";
