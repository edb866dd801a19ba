import assert from "node:assert/strict";
import { test } from "node:test";
import { keepMaskedSecrets } from "./keep-masked-secrets.ts";

test("a masked value sent back keeps the stored secret; a new value replaces it", () => {
  const stored = { password: "s3cret", url: "postgres://bob:pw@db:5432/x", user: "bob" };
  assert.deepEqual(
    keepMaskedSecrets({ password: "***", url: "postgres://bob:***@db:5432/x", user: "bob" }, stored),
    stored,
  );
  assert.deepEqual(keepMaskedSecrets({ password: "new", url: "postgres://bob:***@other:5432/x" }, stored), {
    password: "new",
    url: "postgres://bob:***@other:5432/x",
  });
});

test("a masked value with nothing stored under its key stays as it was sent", () => {
  assert.deepEqual(keepMaskedSecrets({ token: "***" }, { password: "x" }), { token: "***" });
});
