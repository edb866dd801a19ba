import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileWith, struct, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { isRowforgeError, RowforgeError } from "../../../errors/index.ts";
import { formatDataType, DataTypes as T } from "../../../model/data-type.ts";
import type { SqlFunction, SqlValue } from "../sql-contract.ts";

const scope = testScope({
  body: "struct<account_id:string,Amount:double,details:struct<updated_by:struct<time:timestamp>>>",
  items: "array<struct<price:double,qty:int>>",
  tags: "array<string>",
  headers: "map<string,string>",
  counts: "map<int,string>",
  amount: "double",
  name: "string",
  x: "int",
});

const row = scope.row({
  body: struct({ account_id: "ACC1", Amount: 12.5, details: struct({ updated_by: struct({ time: 5 }) }) }),
  items: [struct({ price: 2.5, qty: 2 }), null, struct({ price: 1, qty: null })],
  tags: ["a", "b"],
  headers: new Map<SqlValue, SqlValue>([["source-system", "web"]]),
  counts: new Map<SqlValue, SqlValue>([[1, "one"]]),
  amount: 60,
  name: "Alice",
  x: 3,
});

/** transform(array, x -> ...) and aggregate(array, zero, (acc, x) -> ...) written against the SqlLambda contract. */
const FUNCTIONS: ReadonlyMap<string, SqlFunction> = new Map<string, SqlFunction>([
  [
    "transform",
    {
      name: "transform",
      growth: "input",
      minArgs: 2,
      maxArgs: 2,
      doc: "transform(array, x -> expr)",
      compile(args) {
        const [arr, fn] = args as [(typeof args)[0], (typeof args)[0]];
        if (arr.type.kind !== "array" || fn.lambda === undefined) {
          throw new RowforgeError("RF_VALUE_INVALID", "transform(): the first argument must be an array");
        }
        const bound = fn.lambda.bind([arr.type.element]);
        return {
          type: T.array(bound.type),
          evaluate: (ctx) => {
            const a = arr.evaluate(ctx) as readonly SqlValue[] | null;
            return a === null ? null : a.map((v) => bound.invoke(ctx, [v]));
          },
        };
      },
    },
  ],
  [
    "aggregate",
    {
      name: "aggregate",
      growth: "input",
      minArgs: 3,
      maxArgs: 3,
      doc: "aggregate(array, zero, (acc, x) -> expr)",
      compile(args) {
        const [arr, zero, fn] = args as [(typeof args)[0], (typeof args)[0], (typeof args)[0]];
        if (arr.type.kind !== "array" || fn.lambda === undefined)
          throw new RowforgeError("RF_VALUE_INVALID", "bad");
        const bound = fn.lambda.bind([zero.type, arr.type.element]);
        return {
          type: bound.type,
          evaluate: (ctx) => {
            const a = arr.evaluate(ctx) as readonly SqlValue[] | null;
            if (a === null) return null;
            let acc = zero.evaluate(ctx);
            for (const v of a) acc = bound.invoke(ctx, [acc, v]);
            return acc;
          },
        };
      },
    },
  ],
  [
    "coalesce",
    {
      name: "coalesce",
      growth: "input",
      minArgs: 1,
      maxArgs: Number.POSITIVE_INFINITY,
      doc: "coalesce(a, b, ...)",
      compile(args) {
        const typed = args.find((a) => a.constant?.value !== null) ?? args[0]!;
        return {
          type: typed.type,
          evaluate: (ctx) => {
            for (const a of args) {
              const v = a.evaluate(ctx);
              if (v !== null) return v;
            }
            return null;
          },
        };
      },
    },
  ],
  [
    "current_date",
    {
      name: "current_date",
      growth: "fixed",
      minArgs: 0,
      maxArgs: 0,
      doc: "",
      compile: (_a, inputs) => ({
        type: T.date,
        evaluate: () => Math.floor(inputs.nowMicros / 86_400_000_000),
      }),
    },
  ],
]);

function run(text: string): [string, SqlValue] {
  const c = compileWith(text, scope, FUNCTIONS);
  return [formatDataType(c.type), c.evaluate(row)];
}

function error(text: string): RowforgeError {
  try {
    compileWith(text, scope, FUNCTIONS);
  } catch (e) {
    assert.ok(isRowforgeError(e), String(e));
    assert.equal(e.code, "RF_SQL_INVALID");
    return e;
  }
  assert.fail(`expected ${text} to be refused`);
}

describe("field access and subscripts", () => {
  const cases: [string, string, SqlValue][] = [
    ["body.account_id", "string", "ACC1"],
    ["BODY.ACCOUNT_ID", "string", "ACC1"],
    ["body.amount", "double", 12.5],
    ["body.details.updated_by.time", "timestamp", 5],
    ["items.price", "array<double>", [2.5, null, 1]],
    ["items[0].price * items[0].qty", "double", 5],
    ["items[1].price", "double", null],
    ["items[7]", "struct<price:double,qty:int>", null],
    ["items[-1]", "struct<price:double,qty:int>", null],
    ["tags[1]", "string", "b"],
    ["tags[x - 3]", "string", "a"],
    ["headers['source-system']", "string", "web"],
    ["headers['nope']", "string", null],
    ["headers.nope", "string", null],
    ["counts[1]", "string", "one"],
    ["counts['1']", "string", "one"],
    ["body['account_id']", "string", "ACC1"],
    ["`body`.`account_id`", "string", "ACC1"],
  ];
  for (const [text, type, want] of cases) it(text, () => assert.deepEqual(run(text), [type, want]));
});

describe("lambdas", () => {
  it("binds parameters and reads columns from the body", () => {
    assert.deepEqual(run("transform(items, i -> i.price * i.qty)"), ["array<double>", [5, null, null]]);
    assert.deepEqual(run("transform(tags, t -> t || name)"), ["array<string>", ["aAlice", "bAlice"]]);
    assert.deepEqual(run("aggregate(tags, '', (acc, t) -> acc || t)"), ["string", "ab"]);
  });

  it("lets a parameter shadow a column of the same name", () => {
    assert.deepEqual(
      run("transform(tags, name -> upper_name(name))".replace("upper_name(name)", "name || '!'")),
      ["array<string>", ["a!", "b!"]],
    );
  });

  it("nests lambdas, the inner body seeing the outer parameter", () => {
    assert.deepEqual(run("transform(tags, a -> transform(tags, b -> a || b))"), [
      "array<array<string>>",
      [
        ["aa", "ab"],
        ["ba", "bb"],
      ],
    ]);
  });

  it("refuses a lambda outside a function and duplicate parameters", () => {
    assert.match(error("x -> x").message, /can only be an argument of a higher-order function/);
    assert.match(error("aggregate(tags, '', (a, a) -> a)").message, /declares parameter "a" twice/);
  });
});

describe("special names and function-call plumbing", () => {
  it("__index_inc is the row index as a long", () => {
    const c = compileWith("__index_inc + 1", scope);
    assert.equal(formatDataType(c.type), "long");
    assert.equal(c.evaluate(scope.row({}, 41)), 42n);
  });

  it("CURRENT_DATE works with and without parentheses", () => {
    assert.deepEqual(run("CURRENT_DATE"), ["date", 19797]);
    assert.deepEqual(run("current_date() + 1"), ["date", 19798]);
  });

  it("passes an untyped NULL as a string-typed constant NULL", () => {
    assert.deepEqual(run("coalesce(NULL, x)"), ["int", 3]);
  });

  it("folds constant operators at compile time", () => {
    const c = compileWith("(1 + 2) * 3 = 9 AND 'a' || 'b' = 'ab'", scope);
    assert.equal(c.evaluate({ values: [], row: 0, rnd: scope.row().rnd, built: 0 }), true);
  });
});

describe("compile errors", () => {
  it("names an unknown field and suggests near ones", () => {
    const e = error("amout * 2");
    assert.match(e.message, /position 1: unknown field "amout"; did you mean "amount"\?/);
    assert.match(e.hint, /amount/);
  });

  it("names an unknown struct field", () => {
    assert.match(
      error("body.acount_id").message,
      /position 6: the struct has no field "acount_id"; did you mean "account_id"\?/,
    );
    assert.match(error("x.y").message, /cannot read field "y" of a value of type int/);
  });

  it("names an unknown function and the nearest known ones", () => {
    assert.match(
      error("transfrom(tags, t -> t)").message,
      /unknown function transfrom\(\.\.\.\); did you mean transform\(\.\.\.\)\?/,
    );
  });

  it("checks the number of arguments", () => {
    assert.match(
      error("transform(tags)").message,
      /transform\(\.\.\.\) takes 2 argument\(s\), but 1 were given/,
    );
  });

  it("adds the position to errors from the function library", () => {
    assert.match(
      error("name || transform(x, t -> t)").message,
      /position 9: transform\(\): the first argument must be an array/,
    );
  });

  it("reports operand types that do not fit", () => {
    assert.match(
      error("name AND x > 1").message,
      /position 6: the left side of AND must be a boolean condition, but has type string/,
    );
    assert.match(
      error("tags + 1").message,
      /operator \+ needs numbers, but its left operand has type array<string>/,
    );
    assert.match(error("CURRENT_DATE - CURRENT_DATE").message, /cannot compute date - date/);
    assert.match(error("CURRENT_DATE - CURRENT_DATE").hint, /datediff/);
    assert.match(error("tags = 1").message, /cannot compare array<string> with int/);
    assert.match(
      error("CASE WHEN x > 1 THEN tags ELSE 1 END").message,
      /branches of CASE have types array<string>, int/,
    );
    assert.match(error("CAST(tags AS int)").message, /cannot convert the value of type array<string> to int/);
    assert.match(error("INTERVAL 1 DAY").message, /an interval cannot be a field's value/);
    assert.match(error("headers = headers").message, /cannot compare map/);
    assert.match(error("x IN (tags)").message, /IN compares int with values of types array<string>/);
    assert.match(error("name LIKE 'a\\\\b'").message, /escape character may only precede/);
    assert.match(error("name RLIKE '(a'").message, /invalid regular expression/);
  });
});
