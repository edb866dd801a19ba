/**
 * Great Expectations' type names (pandas, numpy, Spark, SQL dialects) by what Spark's `typeof`
 * says of the values. Python's and numpy's generic `int` and `float` are any width (pandas reads
 * them as numpy's int64 and float64: GE passes a 64-bit column for them).
 */
const TYPES: Readonly<Record<string, string | readonly string[]>> = {
  int: ["int", "bigint"],
  integer: "int",
  int32: "int",
  mediumint: "int",
  uint16: "int",
  int64: "bigint",
  bigint: "bigint",
  long: "bigint",
  uint32: "bigint",
  uint64: "bigint",
  int8: "tinyint",
  tinyint: "tinyint",
  byteint: "tinyint",
  byte: "tinyint",
  uint8: "smallint",
  int16: "smallint",
  smallint: "smallint",
  short: "smallint",
  float: ["float", "double"],
  float32: "float",
  real: "float",
  float64: "double",
  double: "double",
  number: "double",
  str: "string",
  string: "string",
  varchar: "string",
  text: "string",
  unicode: "string",
  char: "string",
  bool: "boolean",
  boolean: "boolean",
  date: "date",
  datetime: "timestamp",
  datetime64: "timestamp",
  timestamp: "timestamp",
  binary: "binary",
  bytes: "binary",
};

/**
 * The Spark type names (`typeof`) that GE type names stand for: `INTEGER`, `Int64Dtype`,
 * `IntegerType`, `int_`, `datetime64[ns]` are folded (case, `dtype`/`type` suffixes, `_`,
 * `[...]`) before the lookup. Unknown names are left out.
 */
export function sparkTypesOf(names: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const raw of names) {
    const n = String(raw)
      .toLowerCase()
      .replace(/\[.*\]$/, "")
      .replace(/_$/, "")
      .replace(/dtype$|type$/, "");
    const t = TYPES[n] ?? TYPES[n.replace(/^u/, "")];
    for (const x of typeof t === "string" ? [t] : (t ?? [])) out.add(x);
  }
  return [...out];
}

/** A strftime format (`%Y-%m-%d %H:%M:%S`) as the Java pattern matchDateTimeFormat reads, or undefined when a directive has no equal. */
export function javaDateFormat(strftime: string): string | undefined {
  const map: Readonly<Record<string, string>> = {
    Y: "yyyy",
    y: "yy",
    m: "MM",
    d: "dd",
    H: "HH",
    I: "hh",
    M: "mm",
    S: "ss",
    f: "SSSSSS",
    p: "a",
    b: "MMM",
    B: "MMMM",
    a: "EEE",
    A: "EEEE",
    z: "Z",
    j: "DDD",
    "%": "%",
  };
  let out = "";
  let literal = "";
  const flush = () => {
    if (literal !== "") out += /[A-Za-z]/.test(literal) ? `'${literal.replaceAll("'", "''")}'` : literal;
    literal = "";
  };
  for (let i = 0; i < strftime.length; i++) {
    const c = strftime[i]!;
    if (c !== "%") {
      literal += c;
      continue;
    }
    const d = strftime[++i];
    const j = d === undefined ? undefined : map[d];
    if (j === undefined) return undefined;
    flush();
    out += j;
  }
  flush();
  return out;
}
