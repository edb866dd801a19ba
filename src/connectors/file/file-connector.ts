import { RowforgeError } from "../../errors/index.ts";
import { requireFormat } from "../../formats/format-registry.ts";
import type { Connector } from "../connector.ts";
import { readFileOptions } from "./file-options.ts";
import { createFileSink, outputExists } from "./file-sink.ts";
import { deleteFromManifests } from "./output-manifest.ts";

/** Files on the local disk in any registered format (json, csv, parquet, orc). */
export const fileConnector: Connector = {
  name: "file",
  async open(target) {
    const stepName = target.step.step.name;
    const format = requireFormat(target.step.format, `step "${stepName}"`);
    const opts = readFileOptions(stepName, target.step.step.options);
    if (opts.saveMode === "errorIfExists" && (await outputExists(opts.path))) {
      throw new RowforgeError(
        "RF_OUTPUT_EXISTS",
        `step "${stepName}": ${opts.path} already exists and saveMode is errorIfExists`,
      );
    }
    if (opts.singleFile && opts.saveMode === "append" && (await outputExists(opts.path))) {
      throw new RowforgeError(
        "RF_OUTPUT_EXISTS",
        `step "${stepName}": saveMode append cannot add to the single file ${opts.path}`,
        {
          hint: "give a folder as the path to append part files, or use overwrite",
        },
      );
    }
    if (opts.saveMode === "ignore" && (await outputExists(opts.path))) {
      return { skipped: `${opts.path} exists and saveMode is ignore` };
    }
    return createFileSink(target, format, opts);
  },
  async deleteGenerated(step, planName) {
    const opts = readFileOptions(step.step.name, step.step.options);
    const r = await deleteFromManifests(opts, planName, step.step.name);
    return { records: r.records, outputs: r.files };
  },
};
