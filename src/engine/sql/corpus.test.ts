/**
 * Every `sql` option of the users' example task files compiles against the scope its step
 * declares. Optional: reads ../shared/conformance when the workspace has it.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { parse } from "yaml";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../../../test/support/shared-corpus.ts";
import { TEST_INPUTS } from "../../../test/support/sql/sql-scope.ts";
import { expandFieldHelpers } from "../../config/index.ts";
import { type DataType, DataTypes, type StructField } from "../../model/data-type.ts";
import { parseDataType } from "../../model/parse-data-type.ts";
import { compileSql } from "./compile/compile-sql.ts";
import type { SqlScope } from "./sql-contract.ts";

type Raw = Record<string, unknown>;
const isMap = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

const children = (field: Raw): Raw[] => (Array.isArray(field.fields) ? field.fields.filter(isMap) : []);

/** A field's type as declared: `type` (default string), nested `fields` making a struct or an array of structs. */
function fieldType(field: Raw): DataType {
  const text = typeof field.type === "string" ? field.type : "string";
  const nested = children(field);
  const lower = text.toLowerCase().replace(/\s+/g, "");
  if (nested.length > 0 && (lower === "struct" || lower === "array")) {
    const st = DataTypes.struct(
      nested.map((f) => ({ name: String(f.name), type: fieldType(f), nullable: true })),
    );
    return lower === "array" ? DataTypes.array(st) : st;
  }
  const parsed = parseDataType(lower === "array" ? "array<string>" : text);
  assert.ok(parsed.ok, `type ${text}`);
  return parsed.type;
}

/** The type with the array at `path` replaced by its element (element-level SQL sees the current element). */
function elementView(t: DataType, path: readonly string[]): DataType {
  if (path.length === 0) return t.kind === "array" ? t.element : t;
  const inner = t.kind === "array" ? t.element : t;
  if (inner.kind !== "struct") return t;
  const fields: StructField[] = inner.fields.map((f) =>
    f.name === path[0] ? { ...f, type: elementView(f.type, path.slice(1)) } : f,
  );
  return DataTypes.struct(fields);
}

function scopeOf(fields: readonly Raw[], arrayPath: readonly string[] | undefined): SqlScope {
  const entries = fields.map((f) => {
    const name = String(f.name);
    let type = fieldType(f);
    if (arrayPath !== undefined && arrayPath[0] === name) type = elementView(type, arrayPath.slice(1));
    return { name, type };
  });
  return {
    resolve: (n) => {
      const i = entries.findIndex((e) => e.name.toLowerCase() === n.toLowerCase());
      return i < 0 ? undefined : { slot: i, type: entries[i]!.type };
    },
    names: () => entries.map((e) => e.name),
  };
}

interface Found {
  readonly sql: string;
  /** Path to the innermost enclosing array field, when the field is inside array elements. */
  readonly arrayPath: readonly string[] | undefined;
}

function sqlFields(
  field: Raw,
  path: readonly string[],
  arrayPath: readonly string[] | undefined,
  out: Found[],
): void {
  const options = isMap(field.options) ? field.options : {};
  if (typeof options.sql === "string") out.push({ sql: options.sql, arrayPath });
  const here = [...path, String(field.name)];
  const isArray = typeof field.type === "string" && field.type.toLowerCase().startsWith("array");
  for (const child of children(field)) sqlFields(child, here, isArray ? here : arrayPath, out);
}

/**
 * Mistakes in the users' files (Spark refuses them too); each must give a helpful error.
 * `event_timestamp` and `order_details` are fields of `body`; `update_by` is a typo of `updated_by`.
 */
const KNOWN_MISTAKES: readonly [RegExp, RegExp][] = [
  [
    /^(event_timestamp \+ INTERVAL 5 SECOND|DATE\(event_timestamp\)|HOUR\(event_timestamp\))$/,
    /unknown field "event_timestamp"; did you mean "body.event_timestamp"\?/,
  ],
  [
    /^(SIZE|aggregate)\(order_details\.items/,
    /unknown field "order_details"; did you mean "body.order_details"\?/,
  ],
  [/body\.details\.update_by\.time/, /the struct has no field "update_by"; did you mean "updated_by"\?/],
];

it("compiles every sql option of the example corpus", (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const failures: string[] = [];
  let count = 0;
  for (const file of yamlFiles(join(CORPUS, "task"))) {
    const doc: unknown = parse(readFileSync(file, "utf8"));
    const steps = isMap(doc) && Array.isArray(doc.steps) ? doc.steps.filter(isMap) : [];
    for (const step of steps) {
      const fields = children(step).flatMap((f) => expandFieldHelpers(f, () => {}, {}).filter(isMap));
      const found: Found[] = [];
      for (const f of fields) sqlFields(f, [], undefined, found);
      for (const { sql, arrayPath } of found) {
        count++;
        const mistake = KNOWN_MISTAKES.find(([expression]) => expression.test(sql));
        try {
          compileSql(sql, scopeOf(fields, arrayPath), TEST_INPUTS);
          if (mistake !== undefined) failures.push(`${sql}: expected an error`);
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          if (mistake === undefined || !mistake[1].test(message)) {
            failures.push(`${file.slice(CORPUS.length + 1)}: ${message}`);
          }
        }
      }
    }
  }
  assert.ok(count > 50, `found only ${count} sql options`);
  assert.deepEqual(failures, []);
});
