import type { PathSegment } from "../../errors/index.ts";
import {
  CARDINALITY_DISTRIBUTIONS,
  type Cardinality,
  type ForeignKey,
  type ForeignKeyRelation,
  type ForeignKeyTarget,
  GENERATION_MODES,
  type Nullability,
} from "../../model/index.ts";
import { isObject, type LoadContext, type PartReader, type RawObject } from "./load-context.ts";

export const FK_KEYS = ["source", "generate", "delete"];
export const FK_LEVEL_TARGET_KEYS = ["cardinality", "nullability", "generationMode"];
export const RELATION_KEYS = ["dataSource", "step", "fields"];
const TARGET_KEYS = [...RELATION_KEYS, ...FK_LEVEL_TARGET_KEYS];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Parses `ds||step||f1,f2` and `ds.step.field` (the field may itself be a nested path such
 * as `body.account_id`).
 */
export function parseRelationString(text: string): ForeignKeyRelation | undefined {
  const s = text.trim();
  if (s.includes("||")) {
    const [dataSource, step, fields] = s.split("||");
    if (!dataSource || !step || !fields) return undefined;
    const list = fields
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    return list.length ? { dataSource, step, fields: list } : undefined;
  }
  const first = s.indexOf(".");
  const second = first < 0 ? -1 : s.indexOf(".", first + 1);
  if (first <= 0 || second <= first + 1 || second === s.length - 1) return undefined;
  return { dataSource: s.slice(0, first), step: s.slice(first + 1, second), fields: [s.slice(second + 1)] };
}

/** Reads `foreignKeys` in the object form, the string forms, or the old map form `{"a.b.c": ["d.e.f"]}`. */
export function readForeignKeys(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): ForeignKey[] {
  if (raw === undefined || raw === null) return [];
  if (isObject(raw)) {
    return Object.entries(raw).flatMap(([key, targets]) => {
      const p = [...path, key];
      const source = relationFrom(ctx, key, p);
      const list = Array.isArray(targets) ? targets : [targets];
      const generate = list.flatMap((t, i) => {
        const r = relationFrom(ctx, t, [...p, i]);
        return r ? [r] : [];
      });
      return source ? [{ source, generate, delete: [] }] : [];
    });
  }
  return ctx.listOf(raw, path, "foreignKeys", (item, at) => readForeignKey(ctx, item, at));
}

const readForeignKey: PartReader<ForeignKey> = (ctx, raw, path) => {
  if (!isObject(raw)) {
    ctx.error("RF_FOREIGN_KEY_INVALID", "a foreign key must be a mapping with source and generate", path);
    return undefined;
  }
  ctx.checkKeys(raw, [...FK_KEYS, ...FK_LEVEL_TARGET_KEYS], path, "foreign key", [
    "relationshipType",
    "name",
    "description",
  ]);
  const source = raw.source === undefined ? undefined : relationFrom(ctx, raw.source, [...path, "source"]);
  if (!source) {
    if (raw.source === undefined) ctx.error("RF_FOREIGN_KEY_INVALID", "the foreign key has no source", path);
    return undefined;
  }
  const shared: RawObject = Object.fromEntries(
    FK_LEVEL_TARGET_KEYS.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]),
  );
  for (const k of Object.keys(shared)) {
    ctx.warn(
      "RF_KEY_UNKNOWN",
      `"${k}" belongs on each generate target, not on the foreign key; rowforge applies it to every target`,
      [...path, k],
      `move ${k} under each entry of generate`,
    );
  }
  const generate: ForeignKeyTarget[] = [];
  const gl =
    raw.generate === undefined ? [] : (ctx.list(raw.generate, [...path, "generate"], "generate") ?? []);
  gl.forEach((t, i) => {
    const p = [...path, "generate", i];
    const target = readTarget(ctx, isObject(t) ? { ...shared, ...t } : t, p, isObject(t) ? t : {});
    if (!target) return;
    if (target.fields.length !== source.fields.length) {
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `the target has ${target.fields.length} field(s) but the source has ${source.fields.length}`,
        [...p, "fields"],
        "a composite key lists the same number of fields on both sides, in the same order",
      );
      return;
    }
    generate.push(target);
  });
  const del: ForeignKeyRelation[] = [];
  const dl = raw.delete === undefined ? [] : (ctx.list(raw.delete, [...path, "delete"], "delete") ?? []);
  dl.forEach((t, i) => {
    const r = relationFrom(ctx, t, [...path, "delete", i]);
    if (r) del.push(r);
  });
  if (generate.length === 0 && del.length === 0) {
    ctx.warn(
      "RF_FOREIGN_KEY_INVALID",
      "the foreign key has no generate or delete targets and does nothing",
      path,
    );
  }
  return { source, generate, delete: del };
};

const relationFrom: PartReader<ForeignKeyRelation> = (ctx, raw, path) => {
  if (typeof raw === "string") {
    const r = parseRelationString(raw);
    if (!r) {
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `"${raw}" is not a relation`,
        path,
        "write dataSource.step.field or dataSource||step||field1,field2",
      );
    }
    return r;
  }
  if (!isObject(raw)) {
    ctx.error(
      "RF_FOREIGN_KEY_INVALID",
      "a relation must be a mapping {dataSource, step, fields} or text ds.step.field",
      path,
    );
    return undefined;
  }
  ctx.checkKeys(raw, path.at(-2) === "generate" ? TARGET_KEYS : RELATION_KEYS, path, "relation");
  const dataSource = ctx.requireString(raw, "dataSource", path, "a relation");
  const step = ctx.requireString(raw, "step", path, "a relation");
  const fields = raw.fields === undefined ? undefined : ctx.stringList(raw.fields, [...path, "fields"]);
  if (!fields || fields.length === 0) {
    ctx.error("RF_FOREIGN_KEY_INVALID", "the relation names no fields", path, "add fields: [field1, ...]");
    return undefined;
  }
  if (dataSource === undefined || step === undefined) return undefined;
  return { dataSource, step, fields };
};

function readTarget(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  own: RawObject,
): ForeignKeyTarget | undefined {
  const rel = relationFrom(ctx, isObject(raw) ? own : raw, path);
  if (!rel || !isObject(raw)) return rel;
  const target: Mutable<ForeignKeyTarget> = { ...rel };
  const at = (k: string) => (own[k] === undefined ? path.slice(0, -2) : path).concat(k);
  if (raw.cardinality !== undefined && raw.cardinality !== null) {
    const c = readCardinality(ctx, raw.cardinality, at("cardinality"));
    if (c) target.cardinality = c;
  }
  if (raw.nullability !== undefined && raw.nullability !== null) {
    const n = readNullability(ctx, raw.nullability, at("nullability"));
    if (n) target.nullability = n;
  }
  if (raw.generationMode !== undefined && raw.generationMode !== null) {
    const m = ctx.string(raw.generationMode, at("generationMode"))?.trim().toLowerCase().replace(/_/g, "-");
    if (m !== undefined && (GENERATION_MODES as readonly string[]).includes(m)) {
      target.generationMode = m as ForeignKeyTarget["generationMode"] & string;
    } else if (m !== undefined) {
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `generationMode "${m}" is unknown`,
        at("generationMode"),
        `use ${GENERATION_MODES.join(", ")}`,
      );
    }
  }
  return target;
}

const readCardinality: PartReader<Cardinality> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "cardinality", ["ratio", "min", "max", "distribution"], "cardinality");
  if (!obj) return undefined;
  const c: Mutable<Cardinality> = {};
  if (obj.ratio !== undefined) {
    const r = ctx.number(obj.ratio, [...path, "ratio"]);
    if (r !== undefined && r < 0)
      ctx.error("RF_COUNT_NEGATIVE", `ratio ${r} must be zero or more`, [...path, "ratio"]);
    else if (r !== undefined) c.ratio = r;
  }
  for (const k of ["min", "max"] as const) {
    if (obj[k] === undefined) continue;
    const n = ctx.integer(obj[k], [...path, k]);
    if (n !== undefined && n < 0)
      ctx.error("RF_COUNT_NEGATIVE", `${k} ${n} must be zero or more`, [...path, k]);
    else if (n !== undefined) c[k] = n;
  }
  if (c.min !== undefined && c.max !== undefined && c.min > c.max) {
    ctx.error("RF_RANGE_INVERTED", `cardinality min ${c.min} is above max ${c.max}`, [...path, "min"]);
  }
  if (c.ratio !== undefined && (c.min !== undefined || c.max !== undefined)) {
    ctx.error("RF_FOREIGN_KEY_INVALID", "give either ratio or min/max, not both", path);
  }
  if (obj.distribution !== undefined) {
    const d = ctx.string(obj.distribution, [...path, "distribution"])?.toLowerCase();
    if (d !== undefined && (CARDINALITY_DISTRIBUTIONS as readonly string[]).includes(d)) {
      c.distribution = d as Cardinality["distribution"] & string;
    } else if (d !== undefined) {
      ctx.unknownValue(
        "cardinality distribution",
        d,
        [...path, "distribution"],
        `use ${CARDINALITY_DISTRIBUTIONS.join(", ")}`,
      );
    }
  }
  return c;
};

const readNullability: PartReader<Nullability> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "nullability", ["nullPercentage", "strategy"], "nullability");
  if (!obj) return undefined;
  const pct = ctx.number(obj.nullPercentage, [...path, "nullPercentage"]);
  if (pct === undefined || pct < 0 || pct > 1) {
    ctx.error("RF_OPTION_INVALID", "nullPercentage must be a fraction between 0 and 1", [
      ...path,
      "nullPercentage",
    ]);
    return undefined;
  }
  const aliases: Record<string, Nullability["strategy"]> = {
    random: "random",
    head: "head",
    tail: "tail",
    leading: "head",
    trailing: "tail",
    first: "head",
    last: "tail",
  };
  const s =
    obj.strategy === undefined ? "random" : ctx.string(obj.strategy, [...path, "strategy"])?.toLowerCase();
  const strategy = s === undefined ? undefined : aliases[s];
  if (!strategy) {
    ctx.unknownValue("nullability strategy", s, [...path, "strategy"], "use random, head or tail");
    return undefined;
  }
  return { nullPercentage: pct, strategy };
};
