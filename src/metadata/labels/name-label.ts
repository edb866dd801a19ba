/** The kinds of type a label can make values for. */
export type LabelKind = "text" | "integer" | "decimal" | "float" | "date" | "timestamp";

/** What a label gives a field of one kind: field options. */
export interface LabelMake {
  readonly expression?: string;
  readonly regex?: string;
  readonly oneOf?: readonly string[];
  /** A random UUID (`uuid: ""`). */
  readonly uuid?: true;
  /** Numbers: the range (narrowed to what the field holds); dates: `today-...`/`now...` bounds. */
  readonly min?: number | string;
  readonly max?: number | string;
  /** Decimal places of float values (decimals keep their scale). */
  readonly round?: number;
}

/** One row of the label table (name-labels.ts): a name pattern and what it makes per kind of type. */
export interface NameLabel {
  /** The label's name, as `validate` shows it. */
  readonly label: string;
  /** Matched against the name in snake form. */
  readonly name: RegExp;
  /** Its generator per kind of type; `number` stands for integer, decimal and float alike. */
  readonly make: Partial<Record<LabelKind | "number", LabelMake>>;
  /** Characters its text needs: a narrower text field is not labelled by this row. */
  readonly minWidth?: number;
  /** Its values can be made distinct (so a unique field may take it). */
  readonly unique?: true;
}
