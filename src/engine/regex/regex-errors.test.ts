import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowforgeError } from "../../errors/index.ts";
import { compileRegex } from "./index.ts";

function errorOf(
  pattern: string,
  options?: { maxRepeat?: number },
  code = "RF_REGEX_INVALID",
): RowforgeError {
  try {
    compileRegex(pattern, options);
  } catch (e) {
    assert.ok(e instanceof RowforgeError, `${pattern}: not a RowforgeError: ${String(e)}`);
    assert.equal(e.code, code);
    return e;
  }
  assert.fail(`${pattern} compiled without error`);
}

describe("compileRegex: errors name the construct, the pattern and the position", () => {
  it("rejects lookaround", () => {
    assert.equal(
      errorOf("a(?=b)").message,
      'regex "a(?=b)": lookahead (?=...) at position 1 is not supported by the generator',
    );
    assert.match(errorOf("a(?!b)").message, /negative lookahead \(\?!\.\.\.\) at position 1 /);
    assert.match(errorOf("(?<=a)b").message, /lookbehind \(\?<=\.\.\.\) at position 0 /);
    assert.match(errorOf("x(?<!a)b").message, /negative lookbehind \(\?<!\.\.\.\) at position 1 /);
  });

  it("maps positions back through Java-only syntax", () => {
    assert.match(
      errorOf("\\Q((\\E(?=x)").message,
      /^regex "\\Q\(\(\\E\(\?=x\)": lookahead .* at position 6 /,
    );
    assert.match(errorOf("[\\p{Alpha}](?!x)").message, /at position 11 /);
  });

  it("rejects anchors and word boundaries inside the pattern", () => {
    assert.match(
      errorOf("a\\bb").message,
      /word boundary \\b at position 1 is only supported at the start or end/,
    );
    assert.match(
      errorOf("\\b-x").message,
      /word boundary \\b at position 0 is only supported where .* word character/,
    );
    assert.match(errorOf("x\\B").message, /non-word-boundary \\B at position 1 /);
    assert.match(errorOf("a^b").message, /start anchor \^ at position 1 is only supported at the start/);
    assert.match(errorOf("a$b").message, /end anchor \$ at position 1 is only supported at the end/);
    assert.match(errorOf("(^a)*").message, /start anchor \^ at position 1/);
    assert.match(errorOf("a\\Ab").message, /start anchor \^ at position 1/);
  });

  it("rejects Java constructs the generator cannot honour", () => {
    assert.match(errorOf("a\\G").message, /end-of-previous-match anchor \\G at position 1 /);
    assert.match(errorOf("\\X").message, /grapheme cluster \\X at position 0 /);
    assert.match(errorOf("x\\p{InGreek}").message, /Unicode block \\p\{InGreek\} at position 1 /);
    assert.match(errorOf("a\\b{g}").message, /boundary \\b\{\.\.\.\} at position 1 /);
    assert.match(errorOf("[^\\x00-\\x{10FFFF}]").message, /character class .* matches no character/);
    assert.match(errorOf("[a&&b]").message, /character class \[a&&b\] at position 0 matches no character/);
  });

  it("reports invalid patterns with the parser's reason", () => {
    assert.equal(
      errorOf("[a-").message,
      'regex "[a-": invalid regular expression at position 0: unclosed character class',
    );
    assert.match(errorOf("a{3,1}").message, /invalid regular expression at position 6: numbers out of order/);
    assert.match(errorOf("(abc").message, /invalid regular expression at position \d: unterminated group/);
    assert.match(errorOf("*a").message, /invalid regular expression at position 1: nothing to repeat/);
    assert.match(errorOf("a\\").message, /lone backslash/);
    assert.match(errorOf("\\y").message, /unknown escape \\y/);
    assert.match(errorOf("(?q)a").message, /unknown inline flag "q"/);
    assert.match(errorOf("[z-a]").message, /character range z-a is out of order/);
  });

  it("bounds a single quantifier", () => {
    assert.match(
      errorOf("a{2000000}").message,
      /quantifier \{2000000\} at position 1 repeats more than 100000 times/,
    );
  });

  it("suggests property names", () => {
    const e = errorOf("\\p{Alpah}");
    assert.match(e.message, /unknown character property \\p\{Alpah\}/);
    assert.match(e.hint, /did you mean "Alpha"/);
  });

  it("validates maxRepeat", () => {
    assert.match(errorOf("a*", { maxRepeat: -1 }, "RF_VALUE_INVALID").message, /maxRepeat/);
    assert.match(errorOf("a*", { maxRepeat: 1.5 }, "RF_VALUE_INVALID").message, /maxRepeat/);
  });
});
