import type { ResourceAccess } from "../access/index.ts";
import type { RawField } from "../config/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import type { Validation } from "../model/validation.ts";

/** One step a metadata source describes: its name, its fields as users write them, extra step options. */
export interface MetadataStepShape {
  readonly name: string;
  readonly fields: readonly RawField[];
  /** Step options the source sets (an OpenAPI operation's `method`); the step's own win. */
  readonly options?: Readonly<Record<string, string>>;
  /** Step options the source sets over the step's own (one table's path among several). */
  readonly overrides?: Readonly<Record<string, string>>;
  /** Validations the source states (a contract's quality rules, a Great Expectations suite): run after the step is written. */
  readonly validations?: readonly Validation[];
  /** Rules of the source that are not run, each with the reason (`validate` lists them). */
  readonly skipped?: readonly string[];
  /** Foreign keys the source states: fields of this step take their values from a step of the same source. */
  readonly foreignKeys?: readonly MetadataForeignKey[];
}

/** A foreign key between two steps a source makes: `fields` of this step are values of `parentFields` of step `parent`. */
export interface MetadataForeignKey {
  readonly fields: readonly string[];
  readonly parent: string;
  readonly parentFields: readonly string[];
}

/** What a source reads its documents with: found beside the plan's files, or by URL. */
export interface MetadataDocuments {
  /** The parsed document (JSON or YAML) at a path or http(s) URL, and where it was found. */
  read(location: string, where: string): Promise<{ readonly value: unknown; readonly path: string }>;
  /** The document's text as it is (a `.proto` file), and where it was found. */
  readText(location: string, where: string): Promise<{ readonly text: string; readonly path: string }>;
  /** The rules every document, and every server a source asks (a schema registry), is held to. */
  readonly access: ResourceAccess;
}

/**
 * A kind of metadata source (`metadataSourceType`): reads the document a step's options name
 * and says which steps, with which fields, it stands for. A step becomes one step (JSON
 * Schema) or several (OpenAPI: one per operation). Adding a kind is one file of this shape and
 * one line in metadata-registry.ts.
 */
export interface MetadataSource {
  /** The `metadataSourceType` value, as Data Caterer spells it. */
  readonly kind: string;
  /** Other spellings users write (compared case-insensitively). */
  readonly aliases: readonly string[];
  /** Step options naming the document, in the order they are looked for. */
  readonly locationOptions: readonly string[];
  read(step: ResolvedStep, docs: MetadataDocuments): Promise<readonly MetadataStepShape[]>;
}
