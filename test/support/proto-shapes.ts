import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  Binary,
  Bool,
  type Data,
  type DataType,
  Field,
  Float32,
  Float64,
  Int32,
  Int64,
  List,
  Map_,
  Struct,
  TimestampMicrosecond,
  Uint32,
  Utf8,
  vectorFromArray,
} from "apache-arrow";
import { loadProtoFile, type ProtoRoot } from "../../src/formats/protobuf/proto-root.ts";

/** Every shape the encoder writes: each scalar type, enums, nested/repeated messages, packed and unpacked lists, maps, oneofs, optional, Timestamp, wrappers. */
export const SHAPES = `
syntax = "proto3";
package t;
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
message All {
  double d = 1; float f = 2; int32 i32 = 3; int64 i64 = 4; uint32 u32 = 5; uint64 u64 = 6;
  sint32 s32 = 7; sint64 s64 = 8; fixed32 fx32 = 9; fixed64 fx64 = 10; sfixed32 sf32 = 11;
  sfixed64 sf64 = 12; bool b = 13; string s = 14; bytes by = 15;
  Color color = 16; Inner inner = 17; repeated Inner inners = 18;
  repeated int32 nums = 19; repeated sint64 snums = 20; repeated double ds = 21; repeated string strs = 22;
  repeated Color colors = 23; repeated bool flags = 24;
  map<string, int64> counts = 25; map<int32, string> names = 26; map<string, Inner> by_name = 27;
  oneof pick { string a = 28; int32 n = 29; Inner m = 30; }
  optional int32 opt = 31; optional string opt_s = 32;
  google.protobuf.Timestamp at = 33; google.protobuf.Int64Value w64 = 34;
  google.protobuf.StringValue ws = 35; google.protobuf.BoolValue wb = 36; google.protobuf.DoubleValue wd = 37;
  string long_text = 2000;
  enum Color { NONE = 0; RED = 1; GREEN = 2; }
  message Inner { string k = 1; int64 v = 2; repeated Inner kids = 3; }
}`;

/** Imported `.proto` files read from the disk as they are: a test's own files. */
export const diskProtoFiles = (path: string): string | undefined =>
  existsSync(path) ? readFileSync(path, "utf8") : undefined;

export function shapesRoot(): ProtoRoot {
  const file = join(mkdtempSync(join(tmpdir(), "rf-proto-")), "shapes.proto");
  writeFileSync(file, SHAPES);
  return loadProtoFile(file, SHAPES, "test", diskProtoFiles);
}

/** A small deterministic generator (no Math.random). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const mapOf = (key: DataType, value: DataType): DataType =>
  new Map_(
    new Field(
      "entries",
      new Struct([new Field("key", key, false), new Field("value", value, true)]) as Struct,
      false,
    ) as never,
  );

const innerType = (): Struct =>
  new Struct([
    new Field("k", new Utf8(), true),
    new Field("v", new Int64(), true),
    new Field(
      "kids",
      new List(new Field("item", new Struct([new Field("k", new Utf8(), true)]), true)),
      true,
    ),
  ]);

export function shapes(rows: number): Data {
  const r = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const maybe = <T>(v: T, nullShare = 0.15): T | null => (r() < nullShare ? null : v);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const big = (): bigint =>
    BigInt(pick([0, 1, -1, 300, -300, 2 ** 40, -(2 ** 40), 2 ** 53 - 1, -(2 ** 53 - 1)]));
  const text = (): string => pick(["", "a", "héllo", "日本語テキスト", "x".repeat(200), "plain ascii text"]);
  const inner = () => ({
    k: maybe(text()),
    v: maybe(big()),
    kids: maybe(Array.from({ length: int(0, 2) }, () => ({ k: maybe(text()) }))),
  });
  const cols: Record<string, unknown[]> = {};
  const put = (name: string, v: unknown) => {
    cols[name] ??= [];
    cols[name]!.push(v);
  };
  for (let i = 0; i < rows; i++) {
    put("d", maybe(pick([0, -0, 1.5, -2.25e300, Number.MIN_VALUE, r()])));
    put("f", maybe(pick([0, 1.5, -3.25, 1e10])));
    put("i32", maybe(pick([0, 1, -1, 127, 128, 2 ** 31 - 1, -(2 ** 31)])));
    put("i64", maybe(big()));
    put("u32", maybe(pick([0, 1, 127, 128, 16384, 2 ** 32 - 1])));
    put("u64", maybe(BigInt(pick([0, 1, 2 ** 35, 2 ** 53 - 1]))));
    put("s32", maybe(pick([0, 1, -1, 2 ** 31 - 1, -(2 ** 31)])));
    put("s64", maybe(big()));
    put("fx32", maybe(pick([0, 1, 2 ** 32 - 1])));
    put("fx64", maybe(BigInt(pick([0, 1, 2 ** 40]))));
    put("sf32", maybe(pick([0, -1, 2 ** 31 - 1, -(2 ** 31)])));
    put("sf64", maybe(big()));
    put("b", maybe(r() < 0.5));
    put("s", maybe(text()));
    put("by", maybe(Uint8Array.from({ length: int(0, 20) }, (_, k) => (k * 37 + i) & 255)));
    put("color", maybe(pick(["NONE", "RED", "GREEN"])));
    put("inner", maybe(inner()));
    put("inners", maybe(Array.from({ length: int(0, 3) }, inner)));
    put("nums", maybe(Array.from({ length: int(0, 5) }, () => pick([0, 1, -1, 300, 2 ** 31 - 1]))));
    put("snums", maybe(Array.from({ length: int(0, 4) }, big)));
    put("ds", maybe(Array.from({ length: int(0, 3) }, () => r() * 1000 - 500)));
    put("strs", maybe(Array.from({ length: int(0, 3) }, text)));
    put("colors", maybe(Array.from({ length: int(0, 3) }, () => pick(["NONE", "RED", "GREEN"]))));
    put("flags", maybe(Array.from({ length: int(0, 3) }, () => r() < 0.5)));
    // Map keys distinct and, for int keys, ascending (as protobufjs's object re-encodes them).
    put("counts", maybe(new Map(Array.from({ length: int(0, 3) }, (_, k) => [`k${k}`, big()]))));
    put("names", maybe(new Map(Array.from({ length: int(0, 3) }, (_, k) => [k * 1000, text()]))));
    put("by_name", maybe(new Map(Array.from({ length: int(0, 2) }, (_, k) => [`n${k}`, inner()]))));
    const chosen = pick(["a", "n", "m", null]);
    put("pick", chosen);
    put("a", chosen === "a" ? text() : maybe(text(), 0.5));
    put("n", chosen === "n" ? int(-5, 5) : maybe(int(-5, 5), 0.5));
    put("m", chosen === "m" ? inner() : null);
    put("opt", maybe(pick([0, 1, -7]), 0.4));
    put("opt_s", maybe(pick(["", "x"]), 0.4));
    put("at", maybe(pick([0, 1, -1_500_001, 1_764_000_000_123_456, 1_000_000])));
    put("w64", maybe(big()));
    put("ws", maybe(text()));
    put("wb", maybe(r() < 0.5));
    put("wd", maybe(pick([0, 2.5])));
    put("long_text", maybe("z".repeat(int(0, 20_000)), 0.99));
  }
  const types: Record<string, DataType> = {
    d: new Float64(),
    f: new Float32(),
    i32: new Int32(),
    i64: new Int64(),
    u32: new Uint32(),
    u64: new Int64(),
    s32: new Int32(),
    s64: new Int64(),
    fx32: new Uint32(),
    fx64: new Int64(),
    sf32: new Int32(),
    sf64: new Int64(),
    b: new Bool(),
    s: new Utf8(),
    by: new Binary(),
    color: new Utf8(),
    inner: innerType(),
    inners: new List(new Field("item", innerType(), true)),
    nums: new List(new Field("item", new Int32(), true)),
    snums: new List(new Field("item", new Int64(), true)),
    ds: new List(new Field("item", new Float64(), true)),
    strs: new List(new Field("item", new Utf8(), true)),
    colors: new List(new Field("item", new Utf8(), true)),
    flags: new List(new Field("item", new Bool(), true)),
    counts: mapOf(new Utf8(), new Int64()),
    names: mapOf(new Int32(), new Utf8()),
    by_name: mapOf(new Utf8(), innerType()),
    pick: new Utf8(),
    a: new Utf8(),
    n: new Int32(),
    m: innerType(),
    opt: new Int32(),
    opt_s: new Utf8(),
    at: new TimestampMicrosecond(),
    w64: new Int64(),
    ws: new Utf8(),
    wb: new Bool(),
    wd: new Float64(),
    long_text: new Utf8(),
  };
  const fields = Object.keys(types).map((n) => new Field(n, types[n]!, true));
  const children = fields.map((f) => vectorFromArray(cols[f.name]!, f.type).data[0]!);
  return vectorFromArray(
    Array.from({ length: rows }, (_, i) => Object.fromEntries(fields.map((f) => [f.name, cols[f.name]![i]]))),
    new Struct(fields),
  ).data[0]!.clone(new Struct(fields), 0, rows, 0, undefined, children);
}

/** The test schemas' shop.customers.CustomerUpdated (test/metadata/schemas/proto/customer.proto). */
export function customerRoot(): ProtoRoot {
  const file = join(import.meta.dirname, "..", "metadata", "schemas", "proto", "customer.proto");
  return loadProtoFile(file, readFileSync(file, "utf8"), "test", diskProtoFiles);
}

/** Rows of CustomerUpdated's fields, as a step taking its fields from customer.proto generates them. */
export function customers(rows: number): Data {
  const r = rng(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const word = (): string => pick(["amber", "birch", "cedar", "dune", "elm", "fjord", "grove", "heath"]);
  const address = () => ({
    street: `${int(1, 300)} ${word()} street`,
    city: pick(["Amsterdam", "Berlin", "Paris", "Utrecht"]),
    country: pick(["NL", "DE", "FR"]),
    postcode: r() < 0.2 ? null : `${int(1000, 9999)} AB`,
  });
  const addressType = new Struct([
    new Field("street", new Utf8(), true),
    new Field("city", new Utf8(), true),
    new Field("country", new Utf8(), true),
    new Field("postcode", new Utf8(), true),
  ]);
  const list = (t: DataType): DataType => new List(new Field("item", t, true));
  const types: Record<string, DataType> = {
    customer_id: new Utf8(),
    full_name: new Utf8(),
    email: new Utf8(),
    tier: new Utf8(),
    updated_at: new TimestampMicrosecond(),
    address: addressType,
    previous_addresses: list(addressType),
    tags: list(new Utf8()),
    preferences: mapOf(new Utf8(), new Utf8()),
    counters: mapOf(new Utf8(), new Int64()),
    lifetime_value: new Struct([
      new Field("currency_code", new Utf8(), true),
      new Field("units", new Int64(), true),
      new Field("nanos", new Int32(), true),
    ]),
    contact: new Utf8(),
    phone: new Utf8(),
    messenger_handle: new Utf8(),
    newsletter: new Bool(),
    churn_score: new Float64(),
    orders: new Uint32(),
    avatar_hash: new Binary(),
    referrer: new Utf8(),
    past_tiers: list(new Utf8()),
    balance_cents: new Int64(),
    rating: new Float32(),
  };
  const values = Array.from({ length: rows }, (_, i) => {
    const contact = pick(["phone", "messenger_handle"]);
    return {
      customer_id: `CUST-${String(i).padStart(8, "0")}`,
      full_name: `${word()} ${word()}`,
      email: r() < 0.3 ? null : `${word()}.${i}@example.com`,
      tier: pick(["BRONZE", "SILVER", "GOLD"]),
      updated_at: 1_764_000_000_000_000 + i * 1_000_123,
      address: address(),
      previous_addresses: Array.from({ length: int(0, 2) }, address),
      tags: Array.from({ length: int(0, 3) }, word),
      preferences: new Map(Array.from({ length: int(0, 3) }, (_, k) => [`pref${k}`, word()])),
      counters: new Map(Array.from({ length: int(0, 3) }, (_, k) => [`c${k}`, BigInt(int(0, 100_000))])),
      lifetime_value: { currency_code: "EUR", units: BigInt(int(0, 50_000)), nanos: int(0, 99) * 10_000_000 },
      contact,
      phone: `+31 6 ${int(10_000_000, 99_999_999)}`,
      messenger_handle: `@${word()}${i}`,
      newsletter: r() < 0.5,
      churn_score: r(),
      orders: int(0, 500),
      avatar_hash: Uint8Array.from({ length: 16 }, (_, k) => (k * 31 + i) & 255),
      referrer: r() < 0.5 ? null : `https://${word()}.example.com/`,
      past_tiers: Array.from({ length: int(0, 3) }, () => pick(["BRONZE", "SILVER", "GOLD"])),
      balance_cents: BigInt(int(-100_000, 100_000)),
      rating: int(0, 50) / 10,
    };
  });
  const fields = Object.keys(types).map((n) => new Field(n, types[n]!, true));
  return vectorFromArray(values, new Struct(fields)).data[0]!;
}
