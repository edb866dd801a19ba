import type { DataSourceValidation, ValidationConfig } from "../../model/validation.ts";
import type { MetadataDocuments } from "../metadata-source.ts";

const fold = (s: string) => s.toLowerCase().replace(/[-_]/g, "");
const isSuiteEntry = (options: Readonly<Record<string, string>>) =>
  options.expectationsFile !== undefined &&
  ["greatexpectations", "ge", "gx"].includes(fold(options.metadataSourceType ?? "greatExpectations"));

/** Whether a validation file has entries that take their validations from a Great Expectations suite. */
export const hasSuiteEntries = (configs: readonly ValidationConfig[]): boolean =>
  configs.some((c) => Object.values(c.dataSources).some((es) => es.some((e) => isSuiteEntry(e.options))));

/**
 * Validation files whose data source entries name a Great Expectations suite (`options:
 * {expectationsFile: suite.json}`, with `metadataSourceType: greatExpectations` or none):
 * the suite's expectations are added to the entry's own validations, checked on the data the
 * entry reads. An expectation rowforge does not run is refused (RF_METADATA_RULE_UNSUPPORTED).
 * The suite reader loads with the first suite entry: a plan without one never loads it.
 */
export async function withSuiteEntries(
  configs: readonly ValidationConfig[],
  docs: MetadataDocuments,
): Promise<ValidationConfig[]> {
  const out: ValidationConfig[] = [];
  for (const c of configs) {
    const dataSources: Record<string, DataSourceValidation[]> = {};
    for (const [ds, entries] of Object.entries(c.dataSources)) {
      const expanded: DataSourceValidation[] = [];
      for (const [i, e] of entries.entries()) {
        if (!isSuiteEntry(e.options)) {
          expanded.push(e);
          continue;
        }
        const where = `validation "${c.name}", data source ${ds} entry ${i}`;
        const doc = await docs.read(e.options.expectationsFile!, where);
        const { suiteValidations } = await import("./expectation-suite.ts");
        const suite = suiteValidations(doc.value, `${where}: Great Expectations suite ${doc.path}`);
        expanded.push({ ...e, validations: [...e.validations, ...suite] });
      }
      dataSources[ds] = expanded;
    }
    out.push({ ...c, dataSources });
  }
  return out;
}
