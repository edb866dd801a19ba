/**
 * GET /docs: a self-contained page (no external assets) that reads /openapi.json and lists
 * every route with its summary, parameters, request body and responses.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rowforge API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem 2rem; color: #1d2330; }
  h1 { margin-bottom: 0; } .lead { color: #5a6273; margin-top: .25rem; }
  h2 { border-bottom: 1px solid #d8dce4; padding-bottom: .25rem; margin-top: 2rem; text-transform: capitalize; }
  details { border: 1px solid #d8dce4; border-radius: 6px; margin: .5rem 0; }
  summary { cursor: pointer; padding: .5rem .75rem; display: flex; gap: .75rem; align-items: baseline; }
  .m { font: 600 12px ui-monospace, monospace; padding: .1rem .45rem; border-radius: 4px; color: #fff; min-width: 3.5rem; text-align: center; }
  .get { background: #2f6fd6; } .post { background: #1f8a4c; } .put { background: #b7791f; } .delete { background: #c53030; }
  .path { font-family: ui-monospace, monospace; } .sum { color: #5a6273; }
  .body { padding: 0 1rem 1rem; }
  pre { background: #f4f6f9; padding: .75rem; border-radius: 4px; overflow: auto; font-size: 13px; }
  table { border-collapse: collapse; } td, th { text-align: left; padding: .15rem .75rem .15rem 0; vertical-align: top; }
  code { font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>rowforge API</h1>
<p class="lead">Read from <a href="/openapi.json">/openapi.json</a>.</p>
<div id="routes">Loading…</div>
<script>
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};
const json = (v) => el("pre", {}, JSON.stringify(v, null, 2));
function operation(path, method, op) {
  const body = el("div", { class: "body" });
  if (op.description) body.append(el("p", {}, op.description));
  const params = op.parameters ?? [];
  if (params.length) {
    const t = el("table", {}, el("tr", {}, el("th", {}, "parameter"), el("th", {}, "in"), el("th", {}, "schema")));
    for (const p of params) t.append(el("tr", {}, el("td", {}, el("code", {}, p.name + (p.required ? "" : "?"))), el("td", {}, p.in), el("td", {}, el("code", {}, JSON.stringify(p.schema ?? {})))));
    body.append(el("h4", {}, "Parameters"), t);
  }
  const content = op.requestBody?.content ?? {};
  for (const [type, c] of Object.entries(content)) body.append(el("h4", {}, "Body (" + type + ")"), json(c.schema ?? {}));
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    const schema = Object.values(r.content ?? {})[0]?.schema;
    body.append(el("h4", {}, "Response " + status + (r.description ? " — " + r.description : "")));
    if (schema) body.append(json(schema));
  }
  return el("details", {}, el("summary", {}, el("span", { class: "m " + method }, method.toUpperCase()), el("span", { class: "path" }, path), el("span", { class: "sum" }, op.summary ?? "")), body);
}
fetch("/openapi.json").then((r) => r.json()).then((doc) => {
  const groups = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(operation(path, method, op));
    }
  }
  const root = document.getElementById("routes");
  root.textContent = "";
  for (const [tag, ops] of groups) root.append(el("h2", {}, tag), ...ops);
}).catch((e) => { document.getElementById("routes").textContent = "Could not read /openapi.json: " + e; });
</script>
</body>
</html>
`;
