import { DataType, type Schema } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { MessageSlot } from "../messaging/message-slot.ts";
import type { HttpOptions } from "./http-options.ts";

/** A query parameter: its name, its slot (arrays as JSON) and how arrays are written (OpenAPI style). */
export interface QueryParam {
  readonly name: string;
  readonly slot: number;
  readonly array: boolean;
  /** `name=a&name=b` (explode) or `name=a<joiner>b`. */
  readonly explode: boolean;
  readonly joiner: string;
}

const JOINERS: Readonly<Record<string, string>> = { form: ",", spacedelimited: " ", pipedelimited: "|" };

/** Which message part holds what of a request, and the request's fixed parts. */
export interface HttpRequestParts {
  readonly slots: readonly MessageSlot[];
  /** Slot of the row's URL, or -1 (the options' URL). */
  readonly url: number;
  /** Slot of the row's method, or -1. */
  readonly method: number;
  /** Slot of the body, or -1 (no body). */
  readonly body: number;
  /** Header name and slot of each `header<Name>` column. */
  readonly headers: readonly { readonly name: string; readonly slot: number }[];
  /** Path parameter name and slot (step-name routes like `GET/pets/{id}`). */
  readonly pathParams: readonly { readonly name: string; readonly slot: number }[];
  /** Query parameters: `queryParam<x>` columns (step-name routes, a fixed url) and fields marked `isQueryParam`. */
  readonly queryParams: readonly QueryParam[];
  /** The method when rows carry none. */
  readonly fixedMethod: string;
  /** The body's content type when rows give none. */
  readonly contentType: string;
}

/** Throws when rows with these columns have no URL to call: no `url` column and no url option. */
export function checkHttpUrl(columns: ReadonlySet<string>, o: HttpOptions): void {
  if (!columns.has("url") && o.url === undefined)
    throw new RowforgeError("RF_KEY_MISSING", `${o.where} has no URL to call`, {
      hint: "add a url field (the httpUrl helper) or give the connection or step a url option",
    });
}

/**
 * Reads the step's columns the way Data Caterer's HTTP sink does: `url` (with path and query
 * parameters already in it, httpUrl helper), `method`, one `header<Name>` column per header
 * (the real name in the field's `header` option), `pathParam<x>` and `queryParam<x>` for
 * step-name routes, and the body from `value` (the JSON of `body`, httpBody helper), else
 * `body`; a step with no body field and a method that takes one sends the row as JSON, when
 * it has fields other than those (else no body).
 */
export function httpRequestParts(step: ResolvedStep, schema: Schema, o: HttpOptions): HttpRequestParts {
  const columns = new Set(schema.fields.map((f) => f.name));
  const slots: MessageSlot[] = [];
  const slotOf = (slot: MessageSlot): number => slots.push(slot) - 1;
  checkHttpUrl(columns, o);
  const url = columns.has("url") ? slotOf({ as: "text", column: "url" }) : -1;
  const method = columns.has("method") ? slotOf({ as: "text", column: "method" }) : -1;
  const headerName = new Map(
    step.step.fields.map((f) => {
      const header = f.options.extra?.header;
      return [f.name, typeof header === "string" ? header : undefined];
    }),
  );
  const headers = [...columns]
    .filter((c) => /^header./.test(c))
    .map((c) => ({
      name: headerName.get(c) ?? c.slice("header".length),
      slot: slotOf({ as: "text", column: c }),
    }));
  const pathParams =
    url < 0
      ? [...columns]
          .filter((c) => c.startsWith("pathParam") && c.length > "pathParam".length)
          .map((c) => ({ name: c.slice("pathParam".length), slot: slotOf({ as: "text", column: c }) }))
      : [];
  const fieldOptions = new Map(step.step.fields.map((f) => [f.name, f.options.extra ?? {}]));
  const queryColumns = [...columns].filter(
    (c) =>
      (url < 0 && c.startsWith("queryParam") && c.length > "queryParam".length) ||
      String(fieldOptions.get(c)?.isQueryParam ?? "").toLowerCase() === "true",
  );
  const queryParams = queryColumns.map((c): QueryParam => {
    const extra = fieldOptions.get(c) ?? {};
    const array = DataType.isList(schema.fields.find((f) => f.name === c)!.type);
    const style = String(extra.queryParamStyle ?? extra.style ?? "form")
      .replace(/[^a-z]/gi, "")
      .toLowerCase();
    return {
      name: extra.isQueryParam !== undefined ? c : c.slice("queryParam".length),
      slot: slotOf({ as: array ? "json" : "text", column: c }),
      array,
      explode: String(extra.queryParamExplode ?? extra.explode ?? "true").toLowerCase() !== "false",
      joiner: JOINERS[style] ?? ",",
    };
  });
  const control = [
    "url",
    "method",
    ...queryColumns,
    ...[...columns].filter((c) => /^(header|pathParam|queryParam)./.test(c)),
  ];
  // Rows with data fields are sent (POST) unless a method is given; rows of only control fields are fetched (GET).
  const data = [...columns].some((c) => !control.includes(c));
  const fixedMethod = o.method ?? (data ? "POST" : "GET");
  // A row of control fields only (an operation without a request body) has no body to send.
  const takesBody =
    data && (method >= 0 || !["GET", "HEAD", "DELETE", "OPTIONS", "TRACE"].includes(fixedMethod));
  const body = columns.has("value")
    ? slotOf({ as: "text", column: "value" })
    : columns.has("body")
      ? slotOf({ as: "json", column: "body" })
      : takesBody
        ? slotOf({ as: "row-json", exclude: control })
        : -1;
  return {
    slots,
    url,
    method,
    body,
    headers,
    pathParams,
    queryParams,
    fixedMethod,
    contentType: "application/json",
  };
}
