import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { maskYamlText, sourcesDifference } from "./plan-yaml-sources.ts";

describe("maskYamlText", () => {
  it("hides secret values in every YAML style and keeps the rest byte for byte", () => {
    const text = [
      "# top comment",
      "a:   1      # spaced",
      "password: plain-pw",
      "token: 'single'",
      "pin_password: 1234",
      "apiKey: |",
      "  block-secret",
      "other: keep",
      "url: postgres://u:urlpw@h/db",
      "list: [x, {secret: inflow}]",
      "empty_password: ''",
      "",
    ].join("\n");
    const masked = maskYamlText(text);
    assert.equal(
      masked,
      [
        "# top comment",
        "a:   1      # spaced",
        'password: "***"',
        "token: '***'",
        'pin_password: "***"',
        'apiKey: "***"',
        "other: keep",
        'url: "postgres://u:***@h/db"',
        'list: [x, {secret: "***"}]',
        "empty_password: ''",
        "",
      ].join("\n"),
    );
    for (const s of ["plain-pw", "single", "1234", "block-secret", "urlpw", "inflow"])
      assert.ok(!masked.includes(s));
  });

  it("hides a secret reached through an alias, and survives a text with too many aliases", () => {
    // `base` is no secret key (GET /plan shows it as it is), but `password` must not read hunter2.
    const masked = maskYamlText("# c\nbase: &pw hunter2\npassword: *pw\n");
    assert.deepEqual(parse(masked), { base: "hunter2", password: "***" });
    const bomb = `a: &a [x, x]\nb: &b [${Array(12).fill("*a").join(", ")}]\nc: [${Array(12).fill("*b").join(", ")}]\npassword: p4ss\n`;
    assert.ok(!maskYamlText(bomb).includes("p4ss"));
  });

  it("leaves a text without secrets as it is, and masks one that does not parse as text", () => {
    const text = "name: x   # a comment\nkeys: [a, b]\n";
    assert.equal(maskYamlText(text), text);
    assert.equal(maskYamlText("password: oops\n  bad: [\n"), "password: ***\n  bad: [\n");
  });
});

describe("sourcesDifference", () => {
  const sources = {
    plan: "name: p # c\n",
    tasks: ["name: t\nsteps: []\n"],
    validation: [],
    configuration: "",
  };
  it("is undefined while the texts describe the request, and names the first difference else", () => {
    assert.equal(
      sourcesDifference(sources, { id: "x", plan: { name: "p" }, tasks: [{ name: "t", steps: [] }] }),
      undefined,
    );
    assert.equal(
      sourcesDifference(sources, { plan: { name: "p" }, tasks: [{ name: "u", steps: [] }] }),
      "tasks[0].name differs",
    );
    assert.equal(
      sourcesDifference(sources, { plan: { name: "p" }, tasks: [] }),
      "tasks has 0 entries, not 1",
    );
    assert.equal(
      sourcesDifference({ ...sources, plan: "name: [" }, { plan: { name: "p" } }),
      "the saved text of the plan does not parse",
    );
  });
});
