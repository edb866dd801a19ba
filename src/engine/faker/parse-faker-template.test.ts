import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { parseFakerTemplate } from "./parse-faker-template.ts";

const errorOf = (expr: string): { code: string; message: string } => {
  try {
    parseFakerTemplate(expr);
  } catch (e) {
    assert.ok(isRowforgeError(e));
    return { code: e.code, message: e.message };
  }
  assert.fail(`expected "${expr}" to be rejected`);
};

describe("parseFakerTemplate", () => {
  it("splits literal text and calls in order", () => {
    const parts = parseFakerTemplate("#{Name.first_name}.#{Name.last_name}@example.com");
    assert.deepEqual(
      parts.map((p) => (p.kind === "text" ? `T:${p.text}` : `C:${p.name}`)),
      ["C:Name.first_name", "T:.", "C:Name.last_name", "T:@example.com"],
    );
  });

  it("keeps plain text as one literal part", () => {
    assert.deepEqual(parseFakerTemplate("no calls here } # {"), [
      { kind: "text", text: "no calls here } # {" },
    ]);
    assert.deepEqual(parseFakerTemplate(""), []);
  });

  it("reads single-quoted arguments separated by commas, with spaces allowed", () => {
    const [call] = parseFakerTemplate("#{Options.option 'a', 'b' ,'c'}");
    assert.equal(call?.kind, "call");
    assert.deepEqual(call?.kind === "call" ? call.args : [], ["a", "b", "c"]);
  });

  it("keeps commas, braces and doubled quotes inside arguments", () => {
    const [call] = parseFakerTemplate("#{Options.option 'x,y','{a}','it''s',''}");
    assert.deepEqual(call?.kind === "call" ? call.args : [], ["x,y", "{a}", "it's", ""]);
  });

  it("records where each call starts and its source text", () => {
    const parts = parseFakerTemplate("id-#{numerify '###'}");
    const call = parts[1];
    assert.equal(call?.kind, "call");
    if (call?.kind === "call") {
      assert.equal(call.position, 4);
      assert.equal(call.source, "#{numerify '###'}");
    }
  });

  it("reports an unclosed call with its position", () => {
    const e = errorOf("abc #{Name.firstName");
    assert.equal(e.code, "RF_VALUE_INVALID");
    assert.match(e.message, /character 5/);
    assert.match(e.message, /not closed/);
  });

  it("reports an unclosed quote", () => {
    assert.match(errorOf("#{Options.option 'a}").message, /quoted argument is not closed/);
  });

  it("rejects unquoted arguments, pointing at them", () => {
    const e = errorOf("#{Number.numberBetween 1,10}");
    assert.match(e.message, /character 24/);
    assert.match(e.message, /unexpected "1"/);
  });

  it("rejects missing commas, trailing commas, empty calls and bad names", () => {
    assert.match(errorOf("#{Options.option 'a' 'b'}").message, /unexpected "'"/);
    assert.match(errorOf("#{Options.option 'a',}").message, /missing after the last comma/);
    assert.match(errorOf("#{}").message, /empty/);
    assert.match(errorOf("#{ }").message, /empty/);
    assert.match(errorOf("#{Name.first-name}").message, /not a method name/);
    assert.match(errorOf("#{a.b.c}").message, /not a method name/);
  });
});
