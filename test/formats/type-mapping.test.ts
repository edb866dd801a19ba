import assert from "node:assert/strict";
import { test } from "node:test";
import { type DataType as ArrowDataType, Field, Schema, Type } from "apache-arrow";
import { arrowTypeOf } from "../../src/engine/columns/to-arrow.ts";
import { OrcKind, orcColumns } from "../../src/formats/orc/orc-schema.ts";
import { TYPE_MAPPING } from "../../src/formats/type-mapping.ts";
import { type DataType, type DataTypeKind, DataTypes as T } from "../../src/model/data-type.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { batchOf } from "../support/orc/orc-test-data.ts";
import { runPython } from "../support/pyarrow.ts";

// Each row of src/formats/type-mapping.ts (the table the README and docs/ show) is checked against
// what the writers really produce: the Arrow type engine/columns/to-arrow.ts builds, the ORC type
// the ORC writer puts in its footer, and the Parquet physical/logical type pyarrow reads back.

/** Sample types per kind; decimals at each precision band (Parquet picks the physical type by precision). */
const SAMPLES: Record<DataTypeKind, readonly DataType[]> = {
  string: [T.string],
  int: [T.int],
  long: [T.long],
  short: [T.short],
  byte: [T.byte],
  double: [T.double],
  float: [T.float],
  decimal: [T.decimal(5, 2), T.decimal(12, 3), T.decimal(30, 4)],
  boolean: [T.boolean],
  date: [T.date],
  timestamp: [T.timestamp],
  binary: [T.binary],
  array: [T.array(T.int)],
  map: [T.map(T.string, T.int)],
  struct: [T.struct([{ name: "a", type: T.int, nullable: true }])],
};
const KINDS = Object.keys(SAMPLES) as DataTypeKind[];

/** A real Arrow type in the table's notation. */
function arrowNotation(t: ArrowDataType): string {
  switch (t.typeId) {
    case Type.Decimal:
      return `Decimal${(t as unknown as { bitWidth: number }).bitWidth}(p, s)`;
    case Type.Date:
      return String(t) === "Date32<DAY>" ? "DateDay" : String(t);
    case Type.Timestamp: {
      const { unit, timezone } = t as unknown as { unit: number; timezone: string | null };
      const units = ["Second", "Millisecond", "Microsecond", "Nanosecond"];
      return `Timestamp${units[unit]}(${timezone ?? ""})`;
    }
    case Type.List:
      return `List<${t.children[0]!.name}>`;
    case Type.Map: {
      const entries = t.children[0]!;
      return `Map<${entries.name}: ${entries.type.children.map((c: Field) => c.name).join(", ")}>`;
    }
    case Type.Struct:
      return "Struct<...>";
    default:
      return String(t);
  }
}

/** ORC's type names (the ORC specification's schema notation), in the table's notation. */
const ORC_NOTATION: Record<number, string> = {
  [OrcKind.STRING]: "string",
  [OrcKind.INT]: "int",
  [OrcKind.LONG]: "bigint",
  [OrcKind.SHORT]: "smallint",
  [OrcKind.BYTE]: "tinyint",
  [OrcKind.DOUBLE]: "double",
  [OrcKind.FLOAT]: "float",
  [OrcKind.DECIMAL]: "decimal(p,s)",
  [OrcKind.BOOLEAN]: "boolean",
  [OrcKind.DATE]: "date",
  [OrcKind.TIMESTAMP]: "timestamp",
  [OrcKind.TIMESTAMP_INSTANT]: "timestamp with local time zone (TIMESTAMP_INSTANT)",
  [OrcKind.BINARY]: "binary",
  [OrcKind.LIST]: "array<T>",
  [OrcKind.MAP]: "map<K,V>",
  [OrcKind.STRUCT]: "struct<...>",
};

/** Each top-level column's Parquet type as pyarrow reads it: physical type, or group, and its annotation. */
function parquetTypes(file: string): Record<string, { physical: string; logical: string | null }> {
  const script = `
import json, re, sys
import pyarrow.parquet as pq
f = pq.ParquetFile(sys.argv[1])
out = {}
for line in str(f.schema).splitlines():
    m = re.match(r"^  (?:optional|required) (\\S+) field_id=-?\\d+ ([^\\s;]+)(?: \\((.*)\\))?(?:;| \\{)$", line)
    if m: out[m.group(2)] = {"physical": m.group(1), "logical": m.group(3)}
print(json.dumps(out))
`;
  return JSON.parse(runPython(script, [file]));
}

/** A Parquet column type in the table's notation: `INT32 (INT(16))`, `LIST`, `group`. */
function parquetNotation(p: { physical: string; logical: string | null }): string {
  if (p.physical === "group") return p.logical ? p.logical.toUpperCase() : "group";
  const physical = p.physical.replace(/\(\d+\)$/, "").toUpperCase();
  const physicalName = physical === "BINARY" ? "BYTE_ARRAY" : physical;
  const l = p.logical;
  if (l === null) return physicalName;
  const int = /^Int\(bitWidth=(\d+), isSigned=true\)$/.exec(l);
  const ts = /^Timestamp\(isAdjustedToUTC=(true|false), timeUnit=(\w+)/.exec(l);
  const logical = int
    ? `INT(${int[1]})`
    : /^Decimal\(/.test(l)
      ? "DECIMAL(p, s)"
      : ts
        ? `TIMESTAMP(${ts[2] === "microseconds" ? "MICROS" : ts[2] === "milliseconds" ? "MILLIS" : "NANOS"}${ts[1] === "true" ? ", UTC" : ""})`
        : l.toUpperCase();
  return `${physicalName} (${logical})`;
}

test("the table has a row for every type and the test a sample for every row", () => {
  assert.deepEqual(Object.keys(TYPE_MAPPING).sort(), [...KINDS].sort());
});

test("Arrow: each row names the Arrow type engine/columns/to-arrow.ts builds", () => {
  for (const kind of KINDS) {
    for (const t of SAMPLES[kind])
      assert.equal(arrowNotation(arrowTypeOf(t)), TYPE_MAPPING[kind].arrow, kind);
  }
});

test("ORC: each row names the ORC type the writer puts in the file footer", () => {
  for (const kind of KINDS) {
    for (const t of SAMPLES[kind]) {
      const { types } = orcColumns(new Schema([new Field("c", arrowTypeOf(t), true)]));
      const orc = types[1]!;
      assert.equal(ORC_NOTATION[orc.kind], TYPE_MAPPING[kind].orc, kind);
      if (t.kind === "decimal") assert.deepEqual([orc.precision, orc.scale], [t.precision, t.scale]);
    }
  }
});

test("Parquet: each row names the physical and logical type pyarrow reads back", async () => {
  const fields = KINDS.flatMap((kind) =>
    SAMPLES[kind].map((type, i) => ({ name: `${kind}_${i}`, type, values: [null] as unknown[] })),
  );
  const read = parquetTypes(await encodeToFile("parquet", [batchOf(fields)]));
  for (const kind of KINDS) {
    const seen = SAMPLES[kind].map((_, i) => parquetNotation(read[`${kind}_${i}`]!));
    if (kind === "decimal") {
      // One row for all precisions: it names each physical type the writer chose, and the annotation.
      for (const s of seen) {
        const [physical, logical] = [s.split(" ")[0]!, s.slice(s.indexOf("(") + 1, -1)];
        assert.ok(TYPE_MAPPING.decimal.parquet.includes(physical), `decimal: ${s}`);
        assert.ok(TYPE_MAPPING.decimal.parquet.includes(logical), `decimal: ${s}`);
      }
      assert.deepEqual(
        seen.map((s) => s.split(" ")[0]),
        ["INT32", "INT64", "FIXED_LEN_BYTE_ARRAY"],
      );
    } else {
      for (const s of seen) assert.equal(s, TYPE_MAPPING[kind].parquet, kind);
    }
  }
});
