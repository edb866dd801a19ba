import type { RawField } from "../../config/index.ts";
import { sqlLiteral } from "../../quality/index.ts";
import { pointerToken } from "./json-pointer.ts";
import { mergeSchemas } from "./resolve-schema.ts";
import type { SchemaObject } from "./schema-types.ts";

type Obj = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const props = (s: unknown): Obj => (isObject(s) && isObject(s.properties) ? s.properties : {});
const req = (s: unknown): string[] =>
  isObject(s) && Array.isArray(s.required) ? (s.required as string[]) : [];
const quote = (name: string) => `\`${name.replaceAll("`", "``")}\``;
/** What a then/else branch may hold to be picked per row: properties, required ones, annotations. */
const BRANCH_KEYS = new Set([
  "properties",
  "required",
  "type",
  "title",
  "description",
  "markdownDescription",
  "$comment",
  "examples",
]);
const SCALARS = new Set(["string", "int", "long", "double", "boolean", "date", "timestamp"]);

/**
 * The SQL path of the object a pointer names (`#/properties/a/properties/b` → `a.b.`), or
 * undefined inside an array or anything else a sibling field cannot be named from.
 */
export function sqlPrefix(at: string): string | undefined {
  if (at === "#" || at === "") return "";
  const parts = at.replace(/^#\//, "").split("/");
  if (parts.length % 2 !== 0 || parts.some((p, i) => i % 2 === 0 && p !== "properties")) return undefined;
  return parts
    .filter((_, i) => i % 2 === 1)
    .map((p) => `${quote(p)}.`)
    .join("");
}

/**
 * The `if` of an object schema as a SQL condition over its sibling fields, when it tests
 * properties by const, enum or bounds. A property the `if` does not require passes when it
 * is absent (JSON Schema's `properties` ignores absent ones); undefined for other tests.
 */
function conditionSql(cond: Obj, prefix: string): string | undefined {
  const keys = Object.keys(cond).filter((k) => k !== "properties" && k !== "required" && k !== "type");
  if (keys.length > 0 || (cond.type !== undefined && cond.type !== "object")) return undefined;
  const required = req(cond);
  const parts: string[] = [];
  for (const p of required) if (props(cond)[p] === undefined) parts.push(`${prefix}${quote(p)} IS NOT NULL`);
  for (const [p, raw] of Object.entries(props(cond))) {
    if (!isObject(raw)) return undefined;
    const ref = `${prefix}${quote(p)}`;
    const tests: string[] = [];
    for (const [k, v] of Object.entries(raw)) {
      const literal = (x: unknown) =>
        ["string", "number", "boolean"].includes(typeof x) ? sqlLiteral(x) : undefined;
      if (k === "const") {
        const l = literal(v);
        if (l === undefined) return undefined;
        tests.push(`${ref} = ${l}`);
      } else if (k === "enum" && Array.isArray(v)) {
        const ls = v.map(literal);
        if (ls.some((l) => l === undefined)) return undefined;
        tests.push(`${ref} IN (${ls.join(", ")})`);
      } else if (
        (k === "minimum" || k === "maximum" || k === "exclusiveMinimum" || k === "exclusiveMaximum") &&
        typeof v === "number"
      ) {
        tests.push(
          `${ref} ${{ minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" }[k]} ${v}`,
        );
      } else if (k !== "type" && k !== "description") return undefined;
    }
    const test = tests.length > 0 ? tests.join(" AND ") : "true";
    parts.push(required.includes(p) ? `(${ref} IS NOT NULL AND ${test})` : `(${ref} IS NULL OR (${test}))`);
  }
  return parts.length > 0 ? parts.join(" AND ") : "true";
}

/**
 * An object schema's if/then/else as fields that meet it row by row: each property `then`
 * or `else` constrains is generated twice (hidden `<p>__then` and `<p>__else`, each from the
 * property's schema merged with its branch) and the written `p` picks one with `CASE WHEN
 * <if> THEN ... ELSE ... END`. Undefined when that cannot be done (an `if` that is not a test
 * of properties, a branch that changes a property the `if` tests or a property's type, a
 * property that is an object or array, an object inside an array): the caller then
 * generates the `if` and `then` branch for every row, which meets the schema too.
 */
export function conditionalFields(
  s: SchemaObject,
  at: string,
  fieldOf: (name: string, schema: unknown, required: boolean, pointer: string) => RawField | undefined,
): { fields: RawField[]; replaced: Set<string> } | undefined {
  const cond = s.if;
  const prefix = sqlPrefix(at);
  if (!isObject(cond) || prefix === undefined) return undefined;
  const sql = conditionSql(cond, prefix);
  if (sql === undefined) return undefined;
  const branches = { yes: isObject(s.then) ? s.then : {}, no: isObject(s.else) ? s.else : {} };
  // A branch that asks more than properties and required ones (an anyOf of required sets) is not picked per row.
  if (![branches.yes, branches.no].every((b) => Object.keys(b).every((k) => BRANCH_KEYS.has(k))))
    return undefined;
  const touched = new Set([
    ...Object.keys(props(branches.yes)),
    ...req(branches.yes),
    ...Object.keys(props(branches.no)),
    ...req(branches.no),
  ]);
  for (const p of touched) if (props(cond)[p] !== undefined) return undefined;
  const own = props(s);
  const required = req(s);
  const fields: RawField[] = [];
  for (const p of touched) {
    const made = (b: Obj, suffix: string) => {
      const extra = props(b)[p];
      const schema =
        extra === undefined
          ? (own[p] ?? {})
          : mergeSchemas(isObject(own[p]) ? (own[p] as SchemaObject) : {}, extra as SchemaObject);
      // Messages name the branch's property as the user wrote it, not the hidden field.
      const pointer = `${at}/${suffix}/properties/${pointerToken(p)}`;
      return fieldOf(`${p}__${suffix}`, schema, required.includes(p) || req(b).includes(p), pointer);
    };
    const yes = made(branches.yes, "then");
    const no = made(branches.no, "else");
    if (
      !yes ||
      !no ||
      yes.type !== no.type ||
      !SCALARS.has(String(yes.type)) ||
      yes.static !== undefined ||
      no.static !== undefined
    )
      return undefined;
    const hide = (f: RawField): RawField => ({
      ...f,
      options: { ...((f.options as Obj | undefined) ?? {}), omit: true },
    });
    fields.push(hide(yes), hide(no), {
      name: p,
      type: yes.type,
      nullable: yes.nullable === true || no.nullable === true,
      options: {
        sql: `CASE WHEN ${sql} THEN ${prefix}${quote(`${p}__then`)} ELSE ${prefix}${quote(`${p}__else`)} END`,
      },
    });
  }
  return { fields, replaced: touched };
}
