import assert from "node:assert/strict";
import { test } from "node:test";
import { substituteEnv } from "./substitute-env.ts";

test("variables, defaults, escapes and missing names", () => {
  const env = { USER: "alice", EMPTY: "" };
  assert.deepEqual(substituteEnv("plain", env), { ok: true, value: "plain" });
  assert.deepEqual(substituteEnv("${USER}", env), { ok: true, value: "alice" });
  assert.deepEqual(substituteEnv("u=${USER}/${HOST:-localhost}", env), {
    ok: true,
    value: "u=alice/localhost",
  });
  assert.deepEqual(substituteEnv("${EMPTY:-x}", env), { ok: true, value: "x" });
  assert.deepEqual(substituteEnv("${EMPTY}", env), { ok: true, value: "" });
  assert.deepEqual(substituteEnv("${HOST:-}", env), { ok: true, value: "" });
  assert.deepEqual(substituteEnv("$${USER}", env), { ok: true, value: "${USER}" });
  assert.deepEqual(substituteEnv("${NOPE} and ${ALSO}", env), { ok: false, missing: "NOPE" });
});
