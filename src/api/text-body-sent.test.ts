import assert from "node:assert/strict";
import { test } from "node:test";
import { textBodySent } from "./text-body-sent.ts";

test("text bodies go out as the same text, binary and non-UTF-8 bodies as the same bytes", () => {
  const ndjson = Buffer.from('{"name":"Zoë"}\n{"name":"李"}\n');
  assert.equal(textBodySent(ndjson, "application/json"), ndjson.toString("utf8"));
  assert.equal(textBodySent(Buffer.from("a,b\n1,é\n"), "text/csv; charset=UTF-8"), "a,b\n1,é\n");
  const latin1 = Buffer.from([0x61, 0xe9, 0x0a]); // what a whole-file transformation may return
  assert.equal(textBodySent(latin1, "text/csv; charset=UTF-8"), latin1);
  const parquet = Buffer.from("PAR1 text-looking bytes");
  assert.equal(textBodySent(parquet, "application/octet-stream"), parquet);
  assert.equal(textBodySent(parquet, undefined), parquet);
});
