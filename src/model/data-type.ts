/**
 * Field types as a kind-tagged tree. Users write Spark DDL strings (`decimal(10,2)`,
 * `array<struct<a:int,b:string>>`); `parseDataType` turns them into this tree.
 */
export const PRIMITIVE_KINDS = [
  "string",
  "int",
  "long",
  "short",
  "byte",
  "double",
  "float",
  "boolean",
  "date",
  "timestamp",
  "binary",
] as const;
export type PrimitiveKind = (typeof PRIMITIVE_KINDS)[number];

export interface PrimitiveType {
  readonly kind: PrimitiveKind;
}
export interface DecimalType {
  readonly kind: "decimal";
  readonly precision: number;
  readonly scale: number;
}
export interface ArrayType {
  readonly kind: "array";
  readonly element: DataType;
}
export interface MapType {
  readonly kind: "map";
  readonly key: DataType;
  readonly value: DataType;
}
export interface StructField {
  readonly name: string;
  readonly type: DataType;
  readonly nullable: boolean;
}
export interface StructType {
  readonly kind: "struct";
  readonly fields: readonly StructField[];
}

export type DataType = PrimitiveType | DecimalType | ArrayType | MapType | StructType;
export type DataTypeKind = DataType["kind"];

export const INTEGRAL_KINDS: ReadonlySet<DataTypeKind> = new Set(["int", "long", "short", "byte"]);
export const NUMERIC_KINDS: ReadonlySet<DataTypeKind> = new Set([
  ...INTEGRAL_KINDS,
  "double",
  "float",
  "decimal",
]);

const primitives = Object.fromEntries(PRIMITIVE_KINDS.map((k) => [k, Object.freeze({ kind: k })])) as Record<
  PrimitiveKind,
  PrimitiveType
>;

export const DataTypes = {
  ...primitives,
  decimal: (precision = 10, scale = 0): DecimalType => Object.freeze({ kind: "decimal", precision, scale }),
  array: (element: DataType): ArrayType => Object.freeze({ kind: "array", element }),
  map: (key: DataType, value: DataType): MapType => Object.freeze({ kind: "map", key, value }),
  struct: (fields: readonly StructField[]): StructType =>
    Object.freeze({ kind: "struct", fields: Object.freeze([...fields]) }),
} as const;

export const isNumeric = (t: DataType): boolean => NUMERIC_KINDS.has(t.kind);
export const isIntegral = (t: DataType): boolean => INTEGRAL_KINDS.has(t.kind);

/** How a rendered type spells its leaf types and its struct fields' names. */
export interface TypeSpelling {
  readonly leaf: (kind: DataTypeKind) => string;
  readonly field: (name: string) => string;
}

/** Spark DDL: type names as rowforge writes them, field names quoted with backticks where needed. */
const DDL_SPELLING: TypeSpelling = {
  leaf: (kind) => kind,
  field: (name) => (/^[A-Za-z_]\w*$/.test(name) ? name : `\`${name}\``),
};

/** Renders a type back as a Spark DDL string (`array<struct<a:int>>`), or as `spelling` spells it. */
export function formatDataType(t: DataType, spelling: TypeSpelling = DDL_SPELLING): string {
  switch (t.kind) {
    case "decimal":
      return `decimal(${t.precision},${t.scale})`;
    case "array":
      return `array<${formatDataType(t.element, spelling)}>`;
    case "map":
      return `map<${formatDataType(t.key, spelling)},${formatDataType(t.value, spelling)}>`;
    case "struct":
      return `struct<${t.fields.map((f) => `${spelling.field(f.name)}:${formatDataType(f.type, spelling)}`).join(",")}>`;
    default:
      return spelling.leaf(t.kind);
  }
}

export function sameDataType(a: DataType, b: DataType): boolean {
  return formatDataType(a) === formatDataType(b);
}
