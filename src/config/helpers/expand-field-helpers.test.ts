import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codesOf, expandCollect, pathsOf } from "../../../test/support/config/expand-helpers.ts";
import { expandFieldHelpers } from "./expand-field-helpers.ts";
import { HELPER_FIELD_NAMES, HELPER_OPTION_NAMES } from "./helper-registry.ts";

describe("expandFieldHelpers", () => {
  it("returns a field without helpers unchanged", () => {
    const field = { name: "a", type: "int", options: { min: 1, max: 5 }, nullable: false };
    assert.deepEqual(expandCollect(field).out, [field]);
    assert.deepEqual(expandCollect({ name: "b" }).out, [{ name: "b" }]);
  });

  it("never mutates its input (the input is deep-frozen, and an equal copy survives)", () => {
    const field = {
      name: "httpBody",
      fields: [
        { name: "when", type: "date", options: { withinDays: 3, excludeWeekends: true } },
        { name: "inner", fields: [{ name: "id", options: { sequence: { start: 5, prefix: "X" } } }] },
      ],
    };
    const copy = structuredClone(field);
    const frozen = Object.freeze(field);
    expandFieldHelpers(frozen, () => {}, {});
    assert.deepEqual(field, copy);
    expandCollect(field);
    assert.deepEqual(field, copy);
  });

  it("expands nested fields recursively and reports with nested paths", () => {
    const { out, reports } = expandCollect({
      name: "order",
      type: "struct",
      fields: [
        { name: "id", options: { uuidPattern: true } },
        {
          name: "customer",
          fields: [
            { name: "mail", options: { email: "x.io" } },
            { name: "tel", options: { phone: "XX" } },
          ],
        },
        { name: "contact", options: { email: "bad domain" } },
      ],
    });
    assert.deepEqual(out, [
      {
        name: "order",
        type: "struct",
        fields: [
          { name: "id", options: { sql: "UUID()" } },
          {
            name: "customer",
            fields: [
              { name: "mail", options: { expression: "#{Name.first_name}.#{Name.last_name}@x.io" } },
              { name: "tel", options: { expression: "#{PhoneNumber.cellPhone}" } },
            ],
          },
          { name: "contact", options: { expression: "#{Internet.emailAddress}" } },
        ],
      },
    ]);
    assert.deepEqual(pathsOf(reports), [
      ["fields", 1, "fields", 1, "options", "phone"],
      ["fields", 2, "options", "email"],
    ]);
    assert.match(reports[0]?.message ?? "", /field "tel", option phone: unsupported phone format "XX"/);
    assert.match(reports[0]?.hint ?? "", /US", "UK" or "AU"/);
  });

  it("combines several helpers on one field in a fixed order", () => {
    const { out } = expandCollect({
      name: "d",
      options: { futureDays: 10, excludeWeekends: "true", enableNull: true },
    });
    assert.deepEqual(out[0]?.options, {
      enableNull: true,
      min: "today",
      max: "today+10d",
      dateExcludeWeekends: true,
    });
  });

  it("reports a helper option on a field that has nested fields, and leaves it there", () => {
    const field = { name: "s", type: "struct", options: { email: "" }, fields: [{ name: "a" }] };
    const { out, reports } = expandCollect(field);
    assert.deepEqual(out, [field]);
    assert.deepEqual(codesOf(reports), ["RF_HELPER_INVALID"]);
    assert.deepEqual(pathsOf(reports), [["options", "email"]]);
  });

  it("tolerates malformed shapes: options and fields of the wrong kind are left for the loader", () => {
    for (const field of [
      { name: "a", options: "x" },
      { name: "a", fields: "x" },
      { name: 3, options: { email: "" } },
    ]) {
      assert.equal(expandCollect(field).out.length, 1);
    }
    assert.deepEqual(expandCollect({ name: "a", fields: [1, { name: "b", options: { ipv6: true } }] }).out, [
      { name: "a", fields: [1, { name: "b", options: { expression: "#{Internet.ipV6Address}" } }] },
    ]);
  });

  it("names every helper option and connector field", () => {
    assert.deepEqual([...HELPER_OPTION_NAMES].sort(), [
      "businessHours",
      "conditionalValue",
      "creditCard",
      "dailyBatchSequence",
      "email",
      "excludeWeekends",
      "futureDays",
      "ipv4",
      "ipv6",
      "mapping",
      "phone",
      "semanticVersion",
      "sequence",
      "ssnPattern",
      "timeBetween",
      "url",
      "uuidPattern",
      "withinDays",
    ]);
    assert.deepEqual(HELPER_FIELD_NAMES, [
      "messageHeaders",
      "messageBody",
      "httpUrl",
      "httpHeaders",
      "httpBody",
    ]);
  });
});
