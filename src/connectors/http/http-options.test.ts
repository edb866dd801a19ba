import assert from "node:assert/strict";
import { test } from "node:test";
import { thrownText } from "../../../test/support/thrown-text.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { readHttpOptions } from "./http-options.ts";

const stepWith = (options: Record<string, string>): ResolvedStep =>
  ({
    taskName: "t",
    dataSourceName: "api",
    format: "http",
    connection: { name: "api", type: "http", groupType: "http", options: {} },
    step: { name: "calls", type: "http", options, fields: [], count: {}, enabled: true },
  }) as unknown as ResolvedStep;

test("HTTP counts are whole numbers: concurrency and retries refuse a fraction, timeouts take one", () => {
  const o = readHttpOptions(stepWith({ url: "http://h/x", concurrency: "4", retries: "2", timeout: "0.5" }));
  assert.deepEqual([o.concurrency, o.retries, o.timeoutSeconds], [4, 2, 0.5]);
  assert.match(
    thrownText(() => readHttpOptions(stepWith({ url: "http://h/x", concurrency: "2.5" }))),
    /^RF_OPTION_INVALID: .*concurrency must be a whole number from 1 to 10000, not "2.5"/,
  );
  assert.match(
    thrownText(() => readHttpOptions(stepWith({ url: "http://h/x", retries: "0.5" }))),
    /^RF_OPTION_INVALID: .*retries must be a whole number from 0 to 100, not "0.5"/,
  );
});
