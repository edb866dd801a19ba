import { afterEach, beforeEach } from "node:test";
import { openStore, type Store } from "../../../src/store/open-store.ts";
import { tempHome } from "./store-samples.ts";

/** The open store of the running test, in a home of its own (made before each test, removed after). */
export interface StorePerTest {
  readonly store: Store;
  /** Closes the store and opens it again from the same home. */
  reopen(): Promise<void>;
}

/** Registers, for the calling test file, a fresh store before each test and its removal after. */
export function storePerTest(): StorePerTest {
  let home = "";
  let cleanup = async (): Promise<void> => {};
  let store: Store | undefined;
  beforeEach(async () => {
    ({ home, cleanup } = await tempHome());
    store = await openStore(home);
  });
  afterEach(async () => {
    await store?.close();
    await cleanup();
  });
  return {
    get store() {
      if (!store) throw new Error("storePerTest: the store exists only while a test runs");
      return store;
    },
    async reopen() {
      await store?.close();
      store = await openStore(home);
    },
  };
}
