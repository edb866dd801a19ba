/**
 * GET /docs: a self-contained page (no external assets) that reads /openapi.json and
 * /docs/examples.json and lists every route with its summary, parameters, request body and
 * responses (every `$ref` resolved in place), and a worked example request and answer.
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
  .ex { border-left: 3px solid #1f8a4c; padding-left: .75rem; } .note { color: #5a6273; }
  .body { padding: 0 1rem 1rem; }
  pre { background: #f4f6f9; padding: .75rem; border-radius: 4px; overflow: auto; font-size: 13px; }
  table { border-collapse: collapse; } td, th { text-align: left; padding: .15rem .75rem .15rem 0; vertical-align: top; }
  code { font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>rowforge API</h1>
<p class="lead">Read from <a href="/openapi.json">/openapi.json</a>; every route has a worked example (<a href="/docs/examples.json">/docs/examples.json</a>), checked against a running server by rowforge's tests.</p>
<h2>Saving a plan</h2>
<p><code>POST /plan</code> takes a PlanRunRequest. <code>plan.tasks</code> names each task and the data source (connection) its steps write to. Each entry of the top-level <code>tasks</code> is one of:</p>
<ul>
<li>a step given inline, named after its task, as Data Caterer's UI sends it: <code>{"name": "people", "type": "csv", "options": {"path": "..."}, "count": {"records": 100}, "fields": [...]}</code>;</li>
<li>a whole task with its steps: <code>{"name": "people", "steps": [{"name": "people", "type": "csv", ...}]}</code>;</li>
<li>a reference to a task file of the server's task folder: <code>{"name": "accounts_task", "dataSourceName": "my_files", "enabled": true}</code>.</li>
</ul>
<p>The plan is checked as <code>rowforge validate</code> checks a file (tasks and connections found, every step compiled); a plan that would not run is a 400 listing every problem, and nothing is saved. Connection options are merged into each step bound to them; the step's own options win.</p>
<div id="routes">Loading…</div>
<script>
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};
const json = (v) => el("pre", {}, typeof v === "string" ? v : JSON.stringify(v, null, 2));
/** A schema with every $ref replaced by what it points at (a ref inside itself is shown once). */
function deref(node, doc, seen = new Map()) {
  if (Array.isArray(node)) return node.map((x) => deref(x, doc, seen));
  if (node === null || typeof node !== "object") return node;
  if (typeof node.$ref === "string") {
    if (seen.has(node.$ref)) return "(" + (seen.get(node.$ref) || "the schema") + " again, recursively)";
    const parts = node.$ref.startsWith("#/") ? node.$ref.slice(2).split("/") : [];
    const target = parts.reduce((o, k) => (o ? o[k.split("~1").join("/").split("~0").join("~")] : undefined), doc);
    if (target === undefined) return node;
    return deref(target, doc, new Map([...seen, [node.$ref, target.title]]));
  }
  const out = {};
  for (const [k, v] of Object.entries(node)) out[k] = deref(v, doc, seen);
  return out;
}
function example(ex) {
  const box = el("div", { class: "ex" }, el("h4", {}, "Example"));
  if (ex.note) box.append(el("p", { class: "note" }, ex.note));
  const type = ex.contentType ?? "application/json";
  let curl = "curl -s -X " + ex.method + " 'http://127.0.0.1:9898" + ex.url + "'";
  if (ex.body !== undefined) {
    const text = typeof ex.body === "string" ? ex.body : JSON.stringify(ex.body, null, 2);
    curl += " -H 'content-type: " + type + "' --data-binary @- <<'EOF'\\n" + text.trimEnd() + "\\nEOF";
  }
  box.append(el("pre", {}, curl), el("p", {}, "Answer (" + ex.status + "):"), json(ex.response));
  return box;
}
function operation(path, method, op, doc, examples) {
  const body = el("div", { class: "body" });
  if (op.description) body.append(el("p", {}, op.description));
  const params = (op.parameters ?? []).map((p) => deref(p, doc));
  if (params.length) {
    const t = el("table", {}, el("tr", {}, el("th", {}, "parameter"), el("th", {}, "in"), el("th", {}, "schema")));
    for (const p of params) t.append(el("tr", {}, el("td", {}, el("code", {}, p.name + (p.required ? "" : "?"))), el("td", {}, p.in), el("td", {}, el("code", {}, JSON.stringify(p.schema ?? {})))));
    body.append(el("h4", {}, "Parameters"), t);
  }
  const content = op.requestBody?.content ?? {};
  for (const [type, c] of Object.entries(content)) body.append(el("h4", {}, "Body (" + type + ")"), json(deref(c.schema ?? {}, doc)));
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    const schema = Object.values(r.content ?? {})[0]?.schema;
    body.append(el("h4", {}, "Response " + status + (r.description ? " — " + r.description : "")));
    if (schema) body.append(json(deref(schema, doc)));
  }
  for (const ex of examples.filter((e) => e.route === path && e.method.toLowerCase() === method)) body.append(example(ex));
  return el("details", {}, el("summary", {}, el("span", { class: "m " + method }, method.toUpperCase()), el("span", { class: "path" }, path), el("span", { class: "sum" }, op.summary ?? "")), body);
}
Promise.all([fetch("/openapi.json").then((r) => r.json()), fetch("/docs/examples.json").then((r) => r.json()).catch(() => [])]).then(([doc, examples]) => {
  const groups = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(operation(path, method, op, doc, examples));
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
