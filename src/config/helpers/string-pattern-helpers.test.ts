import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandCollect, expandOption, pathsOf } from "../../../test/support/config/expand-helpers.ts";

const ok = (option: string, value: unknown, expected: Record<string, unknown>) => {
  const r = expandOption(option, value);
  assert.deepEqual(r.reports, [], `no reports for ${option}: ${JSON.stringify(value)}`);
  assert.deepEqual(r.options, expected, `${option}: ${JSON.stringify(value)}`);
};

describe("email", () => {
  const any = { expression: "#{Internet.emailAddress}" };
  const at = (d: string) => ({ expression: `#{Name.first_name}.#{Name.last_name}@${d}` });
  it("gives any address for empty, null, true and a map without a domain", () => {
    for (const v of ["", null, true, "true", {}, { domain: "" }, { domain: null }]) ok("email", v, any);
  });
  it("gives first.last@domain for a domain string or map", () => {
    ok("email", "company.com", at("company.com"));
    ok("email", " mail.company.co.uk ", at("mail.company.co.uk"));
    ok("email", { domain: "example.org" }, at("example.org"));
  });
  it("is switched off by false", () => ok("email", false, {}));
  it("reports a malformed domain at its path and falls back to any address", () => {
    let r = expandOption("email", "not a domain");
    assert.deepEqual(pathsOf(r.reports), [["options", "email"]]);
    assert.equal(r.reports[0]?.code, "RF_HELPER_INVALID");
    assert.match(r.reports[0]?.message ?? "", /field "f", option email: "not a domain" is not a domain name/);
    assert.deepEqual(r.options, any);
    r = expandOption("email", { domain: "nodot" });
    assert.deepEqual(pathsOf(r.reports), [["options", "email", "domain"]]);
    r = expandOption("email", 42);
    assert.deepEqual(pathsOf(r.reports), [["options", "email"]]);
    r = expandOption("email", ["a.com"]);
    assert.deepEqual(pathsOf(r.reports), [["options", "email"]]);
    r = expandOption("email", { domain: 5 });
    assert.deepEqual(pathsOf(r.reports), [["options", "email", "domain"]]);
  });
  it("reports unknown map keys with a suggestion", () => {
    const r = expandOption("email", { domian: "a.com" });
    assert.equal(r.reports[0]?.code, "RF_KEY_UNKNOWN");
    assert.deepEqual(r.reports[0]?.path, ["options", "email", "domian"]);
    assert.match(r.reports[0]?.message ?? "", /did you mean "domain"/);
  });
});

describe("phone", () => {
  const us = { expression: "#{PhoneNumber.cellPhone}" };
  const intl = { expression: "#{PhoneNumber.phoneNumber}" };
  it("defaults to US", () => {
    for (const v of ["", null, true, {}, { format: "" }]) ok("phone", v, us);
  });
  it("accepts US, UK, AU in any case, as text or {format}", () => {
    ok("phone", "us", us);
    ok("phone", "UK", intl);
    ok("phone", { format: "au" }, intl);
  });
  it("reports other formats", () => {
    const r = expandOption("phone", "FR");
    assert.deepEqual(pathsOf(r.reports), [["options", "phone"]]);
    assert.match(r.reports[0]?.message ?? "", /unsupported phone format "FR"/);
    assert.deepEqual(r.options, us);
    assert.deepEqual(pathsOf(expandOption("phone", { format: "DE" }).reports), [
      ["options", "phone", "format"],
    ]);
    assert.deepEqual(pathsOf(expandOption("phone", 61).reports), [["options", "phone"]]);
  });
});

describe("url", () => {
  it("defaults to https and accepts http in any case", () => {
    for (const v of ["", null, true, {}]) ok("url", v, { expression: "https://#{Internet.domainName}" });
    ok("url", "HTTP", { expression: "http://#{Internet.domainName}" });
    ok("url", { protocol: "https" }, { expression: "https://#{Internet.domainName}" });
  });
  it("reports other protocols", () => {
    const r = expandOption("url", { protocol: "ftp" });
    assert.deepEqual(pathsOf(r.reports), [["options", "url", "protocol"]]);
    assert.deepEqual(r.options, { expression: "https://#{Internet.domainName}" });
  });
});

describe("creditCard", () => {
  it("defaults to visa and maps the named card types", () => {
    for (const v of ["", null, true, {}]) ok("creditCard", v, { expression: "#{Finance.creditCard 'VISA'}" });
    ok("creditCard", "MasterCard", { expression: "#{Finance.creditCard 'MASTERCARD'}" });
    ok("creditCard", { cardType: " amex " }, { expression: "#{Finance.creditCard 'AMEX'}" });
  });
  it("gives any card type for other names", () =>
    ok("creditCard", "discover", { expression: "#{Finance.creditCard}" }));
  it("reports non-text values", () => {
    assert.deepEqual(pathsOf(expandOption("creditCard", 4111).reports), [["options", "creditCard"]]);
  });
});

describe("on/off pattern helpers", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["uuidPattern", { sql: "UUID()" }],
    ["ipv4", { expression: "#{Internet.ipV4Address}" }],
    ["ipv6", { expression: "#{Internet.ipV6Address}" }],
    ["ssnPattern", { regex: "[0-9]{3}-[0-9]{2}-[0-9]{4}" }],
  ];
  for (const [name, patch] of cases) {
    it(`${name}: true, "", null, "TRUE" and 1 switch it on; false, "false" and 0 off`, () => {
      for (const v of [true, "", null, "TRUE", 1]) ok(name, v, patch);
      for (const v of [false, "false", 0]) ok(name, v, {});
    });
    it(`${name}: reports other values and still applies`, () => {
      const r = expandOption(name, "yes");
      assert.deepEqual(pathsOf(r.reports), [["options", name]]);
      assert.deepEqual(r.options, patch);
      assert.deepEqual(pathsOf(expandOption(name, { a: 1 }).reports), [["options", name]]);
    });
  }
  it("keeps the field's other options and removes the helper key", () => {
    const { out } = expandCollect({ name: "ip", options: { enableNull: true, ipv4: true, nullProb: 0.2 } });
    assert.deepEqual(out, [
      { name: "ip", options: { enableNull: true, nullProb: 0.2, expression: "#{Internet.ipV4Address}" } },
    ]);
  });
});
