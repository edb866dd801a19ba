import { nearestNames, RowforgeError } from "../../errors/index.ts";
import { BUILTINS, type Builtin } from "./builtins.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { FAKER_TABLE, PROVIDER_ALIASES } from "./faker-table.ts";

/**
 * Name lookup for expression calls. Provider and method names are matched ignoring case and
 * underscores, so `Name.first_name`, `name.firstName` and `NAME.FIRSTNAME` are one method.
 */

export type ResolvedCall =
  | { readonly kind: "table"; readonly name: string; readonly entry: FakerEntry }
  | { readonly kind: "builtin"; readonly name: string; readonly builtin: Builtin };

const norm = (s: string): string => s.replace(/_/g, "").toLowerCase();

const providers = new Map<string, string>();
const methodsByProvider = new Map<string, string[]>();
const methods = new Map<string, string>();
for (const key of Object.keys(FAKER_TABLE)) {
  const [provider = "", method = ""] = key.split(".");
  providers.set(norm(provider), provider);
  const list = methodsByProvider.get(provider) ?? [];
  list.push(method);
  methodsByProvider.set(provider, list);
  methods.set(`${norm(provider)}.${norm(method)}`, key);
}
for (const [alias, target] of Object.entries(PROVIDER_ALIASES)) providers.set(norm(alias), target);

const quoteList = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(" or ");

/** Finds the table entry or built-in a call names; `where` says where it was written, for messages. */
export function resolveFakerCall(name: string, where: string): ResolvedCall {
  const dot = name.indexOf(".");
  if (dot < 0) {
    const builtin = BUILTINS[name.toLowerCase()];
    if (builtin) return { kind: "builtin", name: name.toLowerCase(), builtin };
    const near = nearestNames(name, Object.keys(BUILTINS));
    throw new RowforgeError("RF_FAKER_UNKNOWN", `unknown faker function "${name}" in ${where}`, {
      hint: near.length
        ? `did you mean ${quoteList(near)}?`
        : `provider methods are written Provider.method, e.g. #{Name.firstName}; functions without a provider are ${Object.keys(BUILTINS).join(", ")}`,
    });
  }
  const providerText = name.slice(0, dot);
  const methodText = name.slice(dot + 1);
  const provider = providers.get(norm(providerText));
  if (!provider) {
    const near = nearestNames(providerText.replace(/_/g, ""), [...new Set(providers.values())]);
    throw new RowforgeError("RF_FAKER_UNKNOWN", `unknown faker provider "${providerText}" in ${where}`, {
      hint: near.length
        ? `did you mean ${quoteList(near)}?`
        : "see the list of supported providers in the rowforge documentation",
    });
  }
  const key = methods.get(`${norm(provider)}.${norm(methodText)}`);
  const entry = key === undefined ? undefined : FAKER_TABLE[key];
  if (key === undefined || entry === undefined) {
    const known = methodsByProvider.get(provider) ?? [];
    const near = nearestNames(methodText.replace(/_/g, ""), known).map((m) => `${provider}.${m}`);
    throw new RowforgeError(
      "RF_FAKER_UNKNOWN",
      `unknown faker method "${providerText}.${methodText}" in ${where}`,
      {
        hint: near.length
          ? `did you mean ${quoteList(near)}?`
          : `${provider} has ${known.map((m) => `${provider}.${m}`).join(", ")}`,
      },
    );
  }
  return { kind: "table", name: key, entry };
}

/** Every supported method as `Provider.method`, then the functions without a provider; sorted. */
export function listFakerMethods(): string[] {
  return [...Object.keys(FAKER_TABLE).sort(), ...Object.keys(BUILTINS).sort()];
}
