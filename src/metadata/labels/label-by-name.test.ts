import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Field } from "../../model/field.ts";
import { labelFields, labelFor, snakeName } from "./label-by-name.ts";
import { NAME_LABELS } from "./name-labels.ts";

const label = (name: string, type = "string", extra: Partial<Parameters<typeof labelFor>[0]> = {}) =>
  labelFor({ name, type, ...extra });

describe("labels by name", () => {
  it("read names in snake, camel, Pascal and kebab case alike", () => {
    assert.equal(snakeName("customerEmail"), "customer_email");
    assert.equal(snakeName("CustomerEmail"), "customer_email");
    assert.equal(snakeName("customer-email"), "customer_email");
    assert.equal(snakeName("CUSTOMER_EMAIL"), "customer_email");
    assert.equal(snakeName("HTTPServerURL"), "http_server_url");
    assert.equal(snakeName("address_line1"), "address_line1");
    for (const n of [
      "email",
      "customer_email",
      "emailAddress",
      "Customer-Email",
      "EMAIL_ADDR",
      "contactEmail2",
    ])
      assert.equal(label(n)?.label, "email", n);
  });

  it("hold at least 60 name patterns, each a generator for the kinds of type it names", () => {
    assert.ok(NAME_LABELS.length >= 60, `${NAME_LABELS.length} rows`);
    for (const row of NAME_LABELS) assert.ok(Object.keys(row.make).length > 0, row.label);
  });

  it("choose by name and type: an email INT column is not an email; prefixes and suffixes count", () => {
    assert.deepEqual(label("email")?.options, { expression: "#{Internet.emailAddress}" });
    assert.equal(label("email", "int"), undefined);
    assert.equal(label("first_name")?.options.expression, "#{Name.firstName}");
    assert.equal(label("lastName")?.options.expression, "#{Name.lastName}");
    assert.equal(label("customer_name")?.label, "full name");
    assert.equal(label("name")?.label, "full name");
    assert.equal(label("name", "string", { table: "products" })?.label, "product name");
    assert.equal(label("name", "string", { table: "categories" })?.label, "category");
    assert.equal(label("name", "string", { table: "shop_countries" })?.label, "country");
    assert.equal(
      label("name", "string", { table: "users" })?.label,
      "full name",
      "a user's name is a person's",
    );
    assert.equal(label("name", "string", { table: "widgets" })?.label, "full name");
    assert.equal(label("company_name")?.label, "company");
    assert.equal(label("ip_address")?.label, "ip");
    assert.equal(label("mac_address")?.label, "mac");
    assert.equal(label("billing_address")?.label, "street address");
    assert.equal(label("created_at", "timestamp")?.label, "past time");
    assert.equal(label("updatedAt", "date")?.label, "past time");
    assert.equal(label("order_date", "date"), undefined, "a date column keeps the default range");
    assert.equal(label("order_date")?.label, "date", "a text column named like a date holds a date");
    assert.equal(label("is_active", "boolean"), undefined);
    assert.equal(label("customer_id", "int"), undefined);
    assert.equal(label("title"), undefined, "ambiguous names are left alone");
  });

  it("keep numbers within the type and the field's range, rounded for floats", () => {
    assert.deepEqual(label("price", "decimal(10,2)")?.options, { min: 1, max: 1000 });
    assert.deepEqual(label("price", "decimal(5,2)")?.options, { min: 1, max: 999.99 });
    assert.deepEqual(label("price", "double")?.options, { min: 1, max: 1000, round: 2 });
    assert.deepEqual(label("age", "byte")?.options, { min: 18, max: 90 });
    assert.deepEqual(label("quantity", "int", { min: 10 })?.options, { min: 10, max: 100 });
    assert.equal(label("age", "int", { max: 10 }), undefined, "no overlap with the field's own range");
    assert.deepEqual(label("latitude", "double")?.options, { min: -90, max: 90, round: 6 });
    assert.equal(label("latitude")?.options.expression, "#{Address.latitude}");
  });

  it("fit the width: narrow columns take the next row that fits or none; long values are cut", () => {
    assert.deepEqual(label("email", "string", { maxLength: 40 })?.options, {
      expression: "#{Internet.emailAddress}",
      maxLen: 40,
    });
    assert.equal(label("email", "string", { maxLength: 10 }), undefined);
    assert.equal(label("country", "string", { maxLength: 2 })?.label, "country code");
    assert.equal(label("country", "string", { maxLength: 60 })?.label, "country");
    assert.deepEqual(
      label("gender", "string", { maxLength: 1 })?.options.oneOf?.map((v) => v.value),
      ["F", "M", "X"],
    );
    assert.deepEqual(
      label("status", "string", { maxLength: 8 })?.options.oneOf?.map((v) => v.value),
      ["active", "inactive", "pending", "closed"],
    );
  });

  it("give a unique field only labels whose values can be distinct", () => {
    assert.equal(label("email", "string", { unique: true })?.label, "email");
    assert.equal(label("city", "string", { unique: true }), undefined);
    assert.equal(label("age", "int", { unique: true }), undefined);
    assert.deepEqual(label("sku", "string", { unique: true })?.options, { regex: "[A-Z]{3}-[0-9]{6}" });
  });

  it("label a document's fields that have only a type, inside structs too; fields with generators keep them", () => {
    const f = (name: string, type: string, options: Field["options"] = {}, fields: Field[] = []): Field => ({
      name,
      type,
      nullable: true,
      options,
      fields,
    });
    const out = labelFields([
      f("email", "string", { maxLen: 50 }),
      f("phone", "string", { regex: "[0-9]{10}" }),
      f("city", "string", { minLen: 30 }),
      f("age", "int", { min: 0, max: 200 }),
      f("created_at", "timestamp", { min: "2020-01-01" }),
      f("customer", "struct<first_name:string>", {}, [f("first_name", "string")]),
    ]);
    assert.deepEqual(out[0]!.options, { maxLen: 50, expression: "#{Internet.emailAddress}" });
    assert.deepEqual(out[1]!.options, { regex: "[0-9]{10}" });
    assert.deepEqual(out[2]!.options, { minLen: 30 }, "a label could be shorter than minLen");
    assert.deepEqual(out[3]!.options, { min: 18, max: 90 });
    assert.deepEqual(out[4]!.options, { min: "2020-01-01" });
    assert.equal(out[5]!.fields[0]!.options.expression, "#{Name.firstName}");
  });
});
