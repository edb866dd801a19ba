import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./run-cli.ts";

export const PYTHON = join(REPO_ROOT, ".venv", "bin", "python");

/** Runs a Python snippet with pyarrow; fails loudly (never skips) when the venv is missing. */
export function runPython(script: string, args: readonly string[] = []): string {
  if (!existsSync(PYTHON)) {
    throw new Error(`pyarrow is needed for this test: run scripts/setup-python.sh (no ${PYTHON})`);
  }
  return execFileSync(PYTHON, ["-c", script, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
}

/** Reads a Parquet or ORC file with pyarrow and returns {schema, rows} with values rendered as JSON-safe text. */
export function readWithPyarrow(
  file: string,
  kind: "parquet" | "orc",
): { schema: Record<string, string>; rows: Record<string, unknown>[] } {
  const script = `
import json, sys, base64, decimal, datetime
import pyarrow.${kind} as fmt
t = fmt.read_table(sys.argv[1])
def norm(v):
    if v is None: return None
    if isinstance(v, bytes): return "b64:" + base64.b64encode(v).decode()
    if isinstance(v, decimal.Decimal): return "dec:" + format(v, "f")
    if isinstance(v, datetime.datetime): return "ts:" + (v if v.tzinfo is None else v.astimezone(datetime.timezone.utc).replace(tzinfo=None)).isoformat(timespec="microseconds")
    if isinstance(v, datetime.date): return "date:" + v.isoformat()
    if isinstance(v, float) and v != v: return "NaN"
    if isinstance(v, float) and v in (float("inf"), float("-inf")): return str(v)
    if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
    if isinstance(v, list):
        if v and all(isinstance(e, tuple) for e in v): return {str(a): norm(b) for a, b in v}
        return [norm(e) for e in v]
    return v
print(json.dumps({"schema": {f.name: str(f.type) for f in t.schema}, "rows": [{k: norm(x) for k, x in r.items()} for r in t.to_pylist()]}))
`;
  return JSON.parse(runPython(script, [file]));
}
