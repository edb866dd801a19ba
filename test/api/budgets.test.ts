import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runRequest } from "../support/run-request.ts";
import { apiFixture, apiRuntime } from "./api-fixture.ts";

// Each request here once made the server allocate gigabytes (or overflow its stack); the
// generation budget refuses them before anything large is built, with a 400 naming the limit.

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details: string;
}

async function sample(payload: unknown | string, contentType = "application/json"): Promise<Refusal> {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    headers: { "content-type": contentType },
  });
  // Sample errors come in the spec's envelope; a body refused before its route in the generic shape.
  const body = r.json() as {
    error?: { code: string; message: string; details: string };
    message?: string;
    details?: string;
  };
  return {
    status: r.statusCode,
    code: body.error?.code ?? "",
    message: body.error?.message ?? body.message ?? r.body,
    details: body.error?.details ?? body.details ?? "",
  };
}

function assertRefused(r: Refusal, limit: string, field: string): void {
  assert.equal(r.status, 400, r.message);
  assert.equal(r.code, "INVALID_SCHEMA");
  assert.equal(r.details, "RF_BUDGET_EXCEEDED");
  assert.match(r.message, new RegExp(`\\b${limit}\\b`), r.message);
  assert.ok(r.message.includes(field), `"${field}" in: ${r.message}`);
}

const T = { timeout: 60_000 };

test("a 20-deep array<array<...>> type is refused by maxNestingDepth", T, async () => {
  const type = `${"array<".repeat(20)}int${">".repeat(20)}`;
  const r = await sample({ fields: [{ name: "deep", type }], sampleSize: 100 });
  assertRefused(r, "maxNestingDepth", '"deep"');
  assert.match(r.message, /\b20\b/, "the value is named");
  assert.match(r.message, /= 16\b/, "the limit is named");
  assert.match(r.message, /application\.conf/, "how to raise it");
});

test("a regex with nested quantifiers ((a|b){1000}){1000} is refused by maxRegexLength", T, async () => {
  const r = await sample({ fields: [{ name: "code", options: { regex: "((a|b){1000}){1000}" } }] });
  assertRefused(r, "maxRegexLength", '"code"');
  assert.match(r.message, /1000000/);
});

test(
  "plain string generators: huge quantifier ranges, binary lengths, regexify, arrays of long strings",
  T,
  async () => {
    const cases: [unknown, string][] = [
      [{ name: "r", options: { regex: "a{0,100000000}" } }, "maxRegexLength"],
      [{ name: "r", options: { regex: "[a-z]{5000000}" } }, "maxRegexLength"],
      [{ name: "r", options: { regex: "\\d{65537}" } }, "maxRegexLength"],
      [{ name: "r", options: { expression: "#{regexify '[a-z]{100000000}'}" } }, "maxRegexLength"],
      [{ name: "r", type: "binary", options: { minLen: 1e8 } }, "maxStringLength"],
      [{ name: "r", type: "string", options: { maxLen: 2_000_000 } }, "maxStringLength"],
      [
        { name: "r", type: "array<string>", options: { arrayMinLen: 100_000, minLen: 1000 } },
        "maxBytesPerRow",
      ],
    ];
    for (const [field, limit] of cases) {
      const r = await sample({ fields: [field], sampleSize: 1 });
      assertRefused(r, limit, '"r"');
    }
  },
);

test("minLen 1e8 is refused by maxStringLength", T, async () => {
  const r = await sample({ fields: [{ name: "text", type: "string", options: { minLen: 1e8 } }] });
  assertRefused(r, "maxStringLength", '"text"');
  assert.match(r.message, /minLen is 100000000/);
});

test("arrayMinLen 1e6 with sampleSize 100 is refused by maxArrayLength", T, async () => {
  const r = await sample({
    fields: [{ name: "items", type: "array<string>", options: { arrayMinLen: 1e6 } }],
    sampleSize: 100,
  });
  assertRefused(r, "maxArrayLength", '"items"');
  assert.match(r.message, /arrayMinLen is 1000000/);
});

test(
  "arrays within maxArrayLength but too large for a 100-row sample are refused by maxBytesPerSample",
  T,
  async () => {
    const r = await sample({
      fields: [{ name: "items", type: "array<string>", options: { arrayMinLen: 100_000, maxLen: 50 } }],
      sampleSize: 100,
    });
    assertRefused(r, "maxBytesPerSample", '"items"');
  },
);

test("SQL repeat('x', 100000000) is refused by maxStringLength", T, async () => {
  const r = await sample({
    fields: [{ name: "big", type: "string", options: { sql: "repeat('x', 100000000)" } }],
  });
  assertRefused(r, "maxStringLength", '"big"');
  assert.match(r.message, /repeat\(\)/);
});

test(
  "lpad, rpad, space, array_repeat and sequence with huge counts from row data are refused while they run",
  T,
  async () => {
    const count = { name: "n", type: "int", options: { min: 100_000_000, max: 100_000_001 } };
    const cases: [string, string, string][] = [
      ["string", "lpad('x', n, 'ab')", "maxStringLength"],
      ["string", "rpad('x', n)", "maxStringLength"],
      ["string", "space(n)", "maxStringLength"],
      ["string", "repeat('xy', n)", "maxStringLength"],
      ["array<int>", "array_repeat(1, n)", "maxArrayLength"],
      ["array<int>", "sequence(1, n)", "maxArrayLength"],
    ];
    for (const [type, sql, limit] of cases) {
      const r = await sample({ fields: [count, { name: "grown", type, options: { sql } }], sampleSize: 100 });
      assertRefused(r, limit, '"grown"');
    }
  },
);

test("concat doubling in a loop is refused by maxStringLength while it runs", T, async () => {
  const r = await sample({
    fields: [
      {
        name: "doubled",
        type: "string",
        options: { sql: "aggregate(sequence(1, 40), 'x', (acc, i) -> concat(acc, acc))" },
      },
    ],
  });
  assertRefused(r, "maxStringLength", '"doubled"');
});

test(
  "SQL that grows values past the budget (nested, in lambdas, rendered as text) gets a 400, never a 500",
  T,
  async () => {
    const count = { name: "n", type: "int", options: { min: 50_000, max: 50_001 } };
    const cases: [string, string, string][] = [
      [
        "string",
        "replace(replace(replace(repeat('x', 1000), 'x', repeat('x', 1000)), 'x', repeat('x', 1000)), 'x', 'yy')",
        "maxStringLength",
      ],
      [
        "string",
        "regexp_replace(regexp_replace(repeat('ab', 1000), 'a', repeat('ab', 1000)), 'a', repeat('ab', 1000))",
        "maxStringLength",
      ],
      ["array<string>", "transform(sequence(1, 100000), x -> repeat('x', 1000000))", "maxBytesPerRow"],
      ["array<string>", "transform(sequence(1, n), x -> repeat('ab', n))", "maxBytesPerRow"],
      ["array<int>", "flatten(transform(sequence(1, 1000), x -> sequence(1, 1000)))", "maxArrayLength"],
      ["string", "to_json(array_repeat(repeat('x', 1000000), 100000))", "maxBytesPerRow"],
      ["string", "cast(array_repeat(repeat('x', 100000), n) as string)", "maxBytesPerRow"],
      ["array<string>", "array_repeat(repeat('x', 100000), n)", "maxBytesPerRow"],
      ["string", "format_string('%1000000000d', n)", "maxStringLength"],
      ["string", "format_number(1.5, 100000000)", "maxStringLength"],
      ["string", "array_join(array_repeat(repeat('x', 1000), n), ',')", "maxStringLength"],
      ["string", "repeat('x', '100000000')", "maxStringLength"],
      ["string", "lpad('x', '2000000', 'ab')", "maxStringLength"],
      ["array<int>", "sequence(1, cast('200000' as int))", "maxArrayLength"],
    ];
    for (const [type, sql, limit] of cases) {
      const r = await sample({ fields: [count, { name: "grown", type, options: { sql } }], sampleSize: 10 });
      assertRefused(r, limit, 'field "grown"');
      assert.ok(r.message.includes('step "'), `the step is named: ${r.message}`);
    }
  },
);

test(
  "sql values within maxStringLength but too many for a 100-row sample are refused by maxBytesPerSample",
  T,
  async () => {
    const count = { name: "n", type: "int", options: { min: 300_000, max: 300_001 } };
    const grown = { name: "grown", type: "string", options: { sql: "repeat('ab', n)" } };
    const r = await sample({ fields: [count, grown], sampleSize: 100 });
    assertRefused(r, "maxBytesPerSample", 'field "grown"');
    const few = await f.app.inject({
      method: "POST",
      url: "/sample/schema",
      payload: { fields: [count, grown], sampleSize: 2 },
    });
    assert.equal(few.statusCode, 200, few.body);
  },
);

test("1,300 nested fields are refused by maxNestedFields", T, async () => {
  const children = Array.from({ length: 1300 }, (_, i) => ({ name: `f${i}`, type: "int" }));
  const r = await sample({ fields: [{ name: "wide", fields: children }] });
  assertRefused(r, "maxNestedFields", '"wide.f');
  assert.match(r.message, /1001/);
});

test("fields nested 1,300 levels deep are refused by maxNestingDepth", T, async () => {
  const deep = `{"fields":[${'{"name":"n","fields":['.repeat(1300)}{"name":"leaf","type":"int"}${"]}".repeat(1300)}]}`;
  const r = await sample(deep);
  assert.equal(r.status, 400, r.message);
  assert.equal(r.details, "RF_BUDGET_EXCEEDED");
  assert.match(r.message, /maxNestingDepth/);
});

test("a JSON body nested 100,000 levels deep gets a 400, not a 500 or a stack overflow", T, async () => {
  const deep = `{"fields":[${'{"name":"n","fields":['.repeat(50_000)}{"name":"leaf"}${"]}".repeat(50_000)}]}`;
  const r = await sample(deep);
  assert.equal(r.status, 400, r.message);
  assert.match(r.message, /maxNestingDepth/);
  const arrays = `{"fields":[{"name":"a","options":{"oneOf":${"[".repeat(100_000)}${"]".repeat(100_000)}}}]}`;
  const r2 = await sample(arrays);
  assert.equal(r2.status, 400, r2.message);
  assert.equal(r2.details, "RF_BUDGET_EXCEEDED");
});

test("a template of 10,000 faker calls is refused by maxFakerCalls", T, async () => {
  const r = await sample({
    fields: [{ name: "names", options: { expression: "#{Name.firstName} ".repeat(10_000) } }],
  });
  assertRefused(r, "maxFakerCalls", '"names"');
  assert.match(r.message, /10000/);
});

test("a SQL expression in 5,000 nested parentheses is refused by maxSqlDepth", T, async () => {
  const sql = `${"(".repeat(5000)}1${")".repeat(5000)}`;
  const r = await sample({ fields: [{ name: "nested", type: "int", options: { sql } }] });
  assertRefused(r, "maxSqlDepth", '"nested"');
});

test(
  "a long operator chain (compiled recursively) is refused by maxSqlDepth, not a stack overflow",
  T,
  async () => {
    const sql = Array.from({ length: 30_000 }, () => "1").join("+");
    const r = await sample({ fields: [{ name: "sum", type: "int", options: { sql } }] });
    assertRefused(r, "maxSqlDepth", '"sum"');
  },
);

test("a SQL expression longer than maxSqlLength is refused", T, async () => {
  const sql = `'${"x".repeat(70_000)}'`;
  const r = await sample({ fields: [{ name: "lit", type: "string", options: { sql } }] });
  assertRefused(r, "maxSqlLength", '"lit"');
});

/** A faker call of the given method and single-quoted arguments. */
const fakerCall = (method: string, ...args: string[]) =>
  `#{${method}${args.length > 0 ? ` ${args.map((a) => `'${a.replaceAll("'", "''")}'`).join(",")}` : ""}}`;

test(
  "faker methods whose arguments ask for more than maxStringLength are refused before anything is made",
  T,
  async () => {
    const huge = "100000000";
    const calls = [
      fakerCall("Lorem.characters", huge),
      fakerCall("Lorem.characters", "5", huge),
      fakerCall("Lorem.characters", ` +${huge} `, "true"),
      fakerCall("Lorem.words", huge),
      fakerCall("Lorem.sentence", huge),
      fakerCall("Lorem.sentence", "3", huge),
      fakerCall("Lorem.sentences", "10000000"),
      fakerCall("Lorem.paragraph", "10000000"),
      fakerCall("Lorem.paragraphs", "1000000"),
      fakerCall("Lorem.fixedString", huge),
      fakerCall("Lorem.maxLengthSentence", huge),
      fakerCall("Text.text", huge),
      fakerCall("Text.text", "5", huge, "true"),
      fakerCall("Internet.password", "8", huge),
      fakerCall("Number.digits", huge),
      fakerCall("PhoneNumber.subscriberNumber", huge),
      fakerCall("Commerce.promotionCode", huge),
      fakerCall("Twitter.twitterId", huge),
      fakerCall("templatify", "x".repeat(5000), "x", "y".repeat(300)),
      fakerCall("Options.option", "a", fakerCall("Lorem.characters", huge)),
    ];
    for (const expression of calls) {
      const r = await sample({ fields: [{ name: "text", options: { expression } }], sampleSize: 1 });
      assertRefused(r, "maxStringLength", 'field "text"');
      assert.ok(r.message.includes('step "'), `the step is named: ${r.message}`);
    }
  },
);

test("faker values within maxStringLength but too many for one template are refused", T, async () => {
  const expression = `${fakerCall("Lorem.characters", "700000")}${fakerCall("Lorem.characters", "700000")}`;
  const r = await sample({ fields: [{ name: "pair", options: { expression } }], sampleSize: 1 });
  assertRefused(r, "maxStringLength", '"pair"');
});

test("a long faker value within the budget is generated, a sample of 100 of them is refused", T, async () => {
  const expression = fakerCall("Lorem.characters", "1000000");
  const ok = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: [{ name: "long", options: { expression } }], sampleSize: 2 },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  const rows = (ok.json() as { sampleData: { long: string }[] }).sampleData;
  assert.deepEqual(
    rows.map((row) => row.long.length),
    [1_000_000, 1_000_000],
  );
  const r = await sample({ fields: [{ name: "long", options: { expression } }], sampleSize: 100 });
  assertRefused(r, "maxBytesPerSample", '"long"');
});

test("the server still answers normal samples after the refusals", T, async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: [{ name: "id", options: { regex: "ID[0-9]{4}" } }], sampleSize: 3 },
  });
  assert.equal(r.statusCode, 200);
  assert.equal((r.json() as { sampleData: unknown[] }).sampleData.length, 3);
});

test(
  "a regex of 5,000 nested groups and a type string nested 50,000 levels get a 400, not a stack overflow",
  T,
  async () => {
    const regex = `${"(".repeat(5000)}a${")".repeat(5000)}`;
    const r = await sample({ fields: [{ name: "r", options: { regex } }] });
    assert.equal(r.status, 400, r.message);
    assert.match(r.message, /nests groups deeper than 256 levels/);
    const type = `${"array<".repeat(50_000)}int${">".repeat(50_000)}`;
    const t = await sample({ fields: [{ name: "t", type }] });
    assert.equal(t.status, 400, t.message);
    assert.match(t.message, /nests deeper than 1000 levels/);
  },
);

test(
  "a run over the budget is refused when it is submitted (400), one found while generating fails coded",
  T,
  async () => {
    const rt = await apiRuntime();
    try {
      const out = `${rt.dir}/out`;
      const withField = (field: unknown, records = 10) => {
        const r = runRequest("over_budget", out, records);
        return { ...r, tasks: [{ ...r.tasks[0]!, fields: [...r.tasks[0]!.fields, field] }] };
      };
      for (const field of [
        { name: "text", options: { expression: "#{Lorem.characters '100000000'}" } },
        { name: "big", type: "string", options: { sql: "repeat('x', 100000000)" } },
        {
          name: "nested",
          type: "string",
          options: { sql: "replace(repeat('x', 1000), 'x', repeat('y', 2000))" },
        },
      ]) {
        const r = await rt.app.inject({ method: "POST", url: "/run", payload: withField(field) });
        assert.equal(r.statusCode, 400, r.body);
        assert.match(r.body, /RF_BUDGET_EXCEEDED/);
        assert.match(r.body, /maxStringLength/);
      }
      // A size from the row is found while generating: the run fails with the budget's code.
      const grown = {
        name: "grown",
        type: "array<string>",
        options: { sql: "transform(sequence(1, n), x -> repeat('ab', n))" },
      };
      const count = { name: "n", type: "int", options: { min: 50_000, max: 50_001 } };
      const req = runRequest("grows_at_row_time", out, 10);
      const started = await rt.app.inject({
        method: "POST",
        url: "/run",
        payload: { ...req, tasks: [{ ...req.tasks[0]!, fields: [count, grown] }] },
      });
      assert.equal(started.statusCode, 200, started.body);
      await rt.runs.idle();
      const id = (started.json() as { executionId: string }).executionId;
      const status = (await rt.app.inject({ url: `/run/status/${id}` })).json() as {
        status: string;
        failedReason: string;
      };
      assert.equal(status.status, "failed");
      assert.match(status.failedReason, /maxBytesPerRow/);
      assert.match(status.failedReason, /field "grown"/);
    } finally {
      await rt.close();
    }
  },
);
