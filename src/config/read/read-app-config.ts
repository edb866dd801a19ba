import type { PathSegment } from "../../errors/index.ts";
import { BUDGET_NAMES, parseSize } from "../../model/generation-budget.ts";
import {
  type Connection,
  defaultRunConfiguration,
  FLAG_DEFAULTS,
  FOLDER_KEYS,
  GENERATION_DEFAULTS,
  METADATA_DEFAULTS,
  type RunConfigurationData,
  VALIDATION_DEFAULTS,
} from "../../model/index.ts";
import { connectionGroupOf, type OutputKinds } from "../../model/output-kinds.ts";
import { normaliseFormat } from "../resolve/merge-step-options.ts";
import { isObject, type LoadContext, type RawObject } from "./load-context.ts";

const SECTIONS = [
  "flags",
  "folders",
  "metadata",
  "generation",
  "validation",
  "alert",
  "runtime",
  "streaming",
  "budget",
];
const IGNORED_SECTIONS = ["spark", "sink", "ui"];
/** Blocks other libraries read from the same file (the Cassandra driver's own settings): not ours, not reported. */
const FOREIGN_SECTIONS = ["datastax-java-driver"];
/** The top-level sections a configuration file may hold (besides connection blocks). */
export const CONFIG_SECTIONS: readonly string[] = [...SECTIONS, ...FOREIGN_SECTIONS];
/**
 * Connection blocks: every connection type the registries handed in name (Data Caterer's `jdbc`
 * and Spark's Cassandra format name among them).
 */
export const connectionBlocks = (kinds: OutputKinds): readonly string[] => Object.keys(kinds.groups);

export interface AppConfigRead {
  readonly config: RunConfigurationData;
  readonly connections: Connection[];
}

/**
 * Reads an application configuration (from HOCON, YAML or JSON, already parsed): the
 * sections flags, folders, metadata, generation, validation, alert and runtime, and the
 * connection blocks `<format> { <name> { key = value } }` of the connection types `kinds` names.
 */
export function readAppConfig(
  ctx: LoadContext,
  obj: RawObject,
  kinds: OutputKinds,
  withConnections = true,
): AppConfigRead {
  const config = defaultRunConfiguration();
  const connections: Connection[] = [];
  const blocks = connectionBlocks(kinds);
  // HOCON reads the unquoted block name org.apache.spark.sql.cassandra as a nested path.
  const known = withConnections ? [...CONFIG_SECTIONS, ...blocks, "org"] : CONFIG_SECTIONS;
  ctx.checkKeys(obj, known, [], "configuration", IGNORED_SECTIONS);
  readSections(ctx, obj, config, []);
  if (withConnections) {
    for (const block of blocks) {
      const blockPath = obj[block] !== undefined ? [block] : block.split(".");
      const raw = blockPath.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), obj);
      if (raw === undefined) continue;
      const entries = ctx.object(raw, blockPath, `the ${block} connections`) ?? {};
      for (const [name, options] of Object.entries(entries)) {
        const p: PathSegment[] = [...blockPath, name];
        if (!isObject(options)) {
          ctx.error(
            "RF_STRUCTURE",
            `connection "${name}" must be a block of options`,
            p,
            `write ${block} { ${name} { key = value } }`,
          );
          continue;
        }
        const flat = flattenOptions(options);
        // An alias is its connector's kind (`postgresql`), `jdbc` the kind its url or driver names.
        const type = normaliseFormat(block, flat, kinds);
        connections.push({
          name,
          type,
          groupType: connectionGroupOf(kinds, type),
          options: flat,
          source: "config",
        });
      }
    }
  }
  return { config, connections };
}

/** Reads the run-configuration sections (also used for a unified plan's `config` and an API request's `configuration`). */
export function readSections(
  ctx: LoadContext,
  obj: RawObject,
  config: RunConfigurationData,
  path: readonly PathSegment[],
): void {
  const section = (name: string) => ctx.object(obj[name], [...path, name], name);
  const flags = section("flags");
  if (flags) {
    ctx.checkKeys(flags, Object.keys(FLAG_DEFAULTS), [...path, "flags"], "flag");
    for (const key of Object.keys(FLAG_DEFAULTS) as (keyof typeof FLAG_DEFAULTS)[]) {
      const b = flags[key] === undefined ? undefined : ctx.boolean(flags[key], [...path, "flags", key]);
      if (b !== undefined) config.flags[key] = b;
    }
  }
  const folders = section("folders");
  if (folders) {
    ctx.checkKeys(folders, FOLDER_KEYS, [...path, "folders"], "folder");
    for (const key of FOLDER_KEYS) {
      const s = folders[key] === undefined ? undefined : ctx.string(folders[key], [...path, "folders", key]);
      if (s !== undefined && s !== "") config.folders[key] = s;
    }
  }
  const numbers = (name: "metadata" | "generation" | "validation", keys: readonly string[]) => {
    const s = section(name);
    if (!s) return;
    ctx.checkKeys(
      s,
      keys,
      [...path, name],
      `${name} setting`,
      name === "generation" ? ["uniqueBloomFilterNumItems", "uniqueBloomFilterFalsePositiveProbability"] : [],
    );
    const target = config[name] as unknown as Record<string, unknown>;
    for (const key of keys) {
      if (s[key] === undefined) continue;
      const current = target[key];
      const v =
        typeof current === "boolean"
          ? ctx.boolean(s[key], [...path, name, key])
          : ctx.number(s[key], [...path, name, key]);
      if (v === undefined) continue;
      if (typeof v === "number" && key === "numRecordsPerBatch" && v < 1) {
        ctx.error("RF_OPTION_INVALID", "numRecordsPerBatch must be at least 1", [...path, name, key]);
        continue;
      }
      if (typeof v === "number" && key === "numRecordsPerStep" && v < 0) continue;
      target[key] = v;
    }
  };
  numbers("metadata", Object.keys(METADATA_DEFAULTS));
  numbers("generation", [...Object.keys(GENERATION_DEFAULTS), "numRecordsPerStep"]);
  numbers("validation", Object.keys(VALIDATION_DEFAULTS));
  const budget = section("budget");
  if (budget) {
    ctx.checkKeys(budget, BUDGET_NAMES, [...path, "budget"], "generation budget");
    for (const key of BUDGET_NAMES) {
      if (budget[key] === undefined) continue;
      const n = parseSize(budget[key]);
      if (n === undefined)
        ctx.error(
          "RF_OPTION_INVALID",
          `budget ${key} must be a whole number of at least 1 (sizes may say 64MiB, 512k, 2G)`,
          [...path, "budget", key],
        );
      else config.budget[key] = n;
    }
  }
  const alert = section("alert");
  if (alert) {
    ctx.checkKeys(
      alert,
      ["triggerOn", "slackAlertConfig", "slackToken", "slackChannels"],
      [...path, "alert"],
      "alert setting",
    );
    const t =
      alert.triggerOn === undefined
        ? undefined
        : ctx.string(alert.triggerOn, [...path, "alert", "triggerOn"]);
    if (t !== undefined) config.alert.triggerOn = t;
    const slack = isObject(alert.slackAlertConfig) ? alert.slackAlertConfig : alert;
    const token = slack.token ?? slack.slackToken;
    if (typeof token === "string" && token !== "") config.alert.slackToken = token;
    const channels = slack.channels ?? slack.slackChannels;
    if (channels !== undefined)
      config.alert.slackChannels = ctx.stringList(channels, [...path, "alert", "slackChannels"]) ?? [];
  }
  const runtime = section("runtime");
  if (runtime) {
    if (runtime.master !== undefined) {
      const m = ctx.string(runtime.master, [...path, "runtime", "master"]);
      if (m !== undefined) config.runtime.master = m;
    }
    const extra = runtime.config ?? runtime.sparkConfig;
    if (isObject(extra)) config.runtime.config = flattenOptions(extra);
  }
}

/** `{kafka: {bootstrap: {servers: "x"}}}` → `{"kafka.bootstrap.servers": "x"}`; lists comma-joined. */
export function flattenOptions(
  obj: RawObject,
  prefix = "",
  out: Record<string, string> = {},
): Record<string, string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isObject(v)) flattenOptions(v, key, out);
    else if (Array.isArray(v)) out[key] = v.map((x) => String(x)).join(",");
    else if (v !== null && v !== undefined) out[key] = String(v);
    else out[key] = "";
  }
  return out;
}
