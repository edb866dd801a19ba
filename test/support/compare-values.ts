import assert from "node:assert/strict";
import { DataType } from "apache-arrow";
import { kindOf, type Plain } from "./arrow-expected.ts";

/** Microseconds since the epoch from the many ways readers print a UTC timestamp. */
export function timestampMicros(v: unknown): number {
  const s = String(v).replace(/^ts:/, "").trim().replace(" ", "T");
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(s);
  if (!m) throw new Error(`not a timestamp: ${String(v)}`);
  const zone = m[3] === undefined || m[3] === "Z" ? "Z" : m[3].length === 3 ? `${m[3]}:00` : m[3];
  const seconds = Date.parse(`${m[1]}${zone}`);
  const frac = (m[2] ?? "").padEnd(6, "0").slice(0, 6);
  return seconds * 1000 + Number(frac);
}

/**
 * Asserts that a value a reader gave back equals the generated one, with the reader's
 * representation normalised by the Arrow type (nested values written as JSON text are parsed).
 */
export function assertSameValue(expected: Plain, actual: unknown, type: DataType, where: string): void {
  if (expected === null) {
    assert.ok(
      actual === null || actual === undefined,
      `${where}: expected null, got ${JSON.stringify(actual)}`,
    );
    return;
  }
  assert.ok(
    actual !== null && actual !== undefined,
    `${where}: expected ${JSON.stringify(expected)}, got null`,
  );
  const kind = kindOf(type);
  switch (kind) {
    case "string":
      assert.equal(String(actual), expected, where);
      return;
    case "int":
      assert.equal(Number(actual), expected, where);
      return;
    case "float":
    case "decimal": {
      const a = Number(String(actual).replace(/^dec:/, ""));
      const e = Number(expected);
      assert.ok(Math.abs(a - e) <= 1e-6 * Math.max(1, Math.abs(e)), `${where}: expected ${e}, got ${a}`);
      if (kind === "decimal" && typeof actual === "string" && actual.startsWith("dec:"))
        assert.equal(actual, `dec:${expected}`, where);
      return;
    }
    case "date":
      assert.equal(
        String(actual)
          .replace(/^date:/, "")
          .slice(0, 10),
        expected,
        where,
      );
      return;
    case "timestamp":
      assert.equal(timestampMicros(actual), expected, where);
      return;
    case "binary":
      assert.equal(String(actual).startsWith("b64:") ? actual : `b64:${String(actual)}`, expected, where);
      return;
    case "bool":
      assert.equal(actual === true || actual === "true", expected, where);
      return;
    case "list": {
      const list = (typeof actual === "string" ? JSON.parse(actual) : actual) as unknown[];
      const e = expected as Plain[];
      assert.equal(list.length, e.length, `${where}: list length`);
      for (const [k, x] of e.entries()) assertSameValue(x, list[k], type.children[0]!.type, `${where}[${k}]`);
      return;
    }
    case "map": {
      const raw = typeof actual === "string" ? JSON.parse(actual) : actual;
      const obj: Record<string, unknown> = Array.isArray(raw)
        ? Object.fromEntries(raw.map((e: { key: unknown; value: unknown }) => [String(e.key), e.value]))
        : (raw as Record<string, unknown>);
      const e = expected as Record<string, Plain>;
      for (const [k, v] of Object.entries(e))
        assertSameValue(v, obj[k], type.children[0]!.type.children[1]!.type, `${where}{${k}}`);
      for (const [k, v] of Object.entries(obj))
        if (!(k in e)) assert.equal(v ?? null, null, `${where}: unexpected key ${k}`);
      return;
    }
    case "struct": {
      const obj = (typeof actual === "string" ? JSON.parse(actual) : actual) as Record<string, unknown>;
      for (const c of type.children)
        assertSameValue(
          (expected as Record<string, Plain>)[c.name] ?? null,
          obj[c.name],
          c.type,
          `${where}.${c.name}`,
        );
      return;
    }
  }
}

export const isBinary = (t: DataType) => DataType.isBinary(t);
