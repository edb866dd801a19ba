import { faker } from "@faker-js/faker";

/**
 * The loops a user would write by hand with @faker-js/faker: one object per row, the same
 * fields and options as the workload plans. The benchmark's reference, measured in the same run.
 */
const NOW = new Date(Date.UTC(2026, 10, 1));
const STATUSES = ["open", "closed", "pending", "suspended"];

export type Baseline = (rows: number, sink: (row: object) => void) => void;

/** One W1 row: like bench/plans/w1, 1 to 5 history entries and `date` as a calendar day. */
export const accountRow = (): Record<string, unknown> => {
  const history = Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, () => ({
    updated_time: faker.date.between({ from: "2022-01-01T00:00:00Z", to: NOW }),
    status: faker.helpers.arrayElement(STATUSES),
  }));
  const latest = [...history].sort((a, b) => b.updated_time.getTime() - a.updated_time.getTime())[0];
  const date = faker.date.between({ from: "2022-01-01T00:00:00Z", to: NOW });
  const name = faker.person.fullName();
  return {
    account_id: `ACC${faker.string.numeric(8)}`,
    year: date.getUTCFullYear(),
    balance: faker.number.float({ min: 10, max: 1000 }),
    date: date.toISOString().slice(0, 10),
    status: latest?.status ?? null,
    update_history: history,
    customer_details: { name, age: faker.number.int({ min: 18, max: 90 }), city: faker.location.city() },
  };
};

export const BASELINES: Readonly<Record<string, Baseline>> = {
  w1(rows, sink) {
    faker.seed(1);
    for (let i = 0; i < rows; i++) sink(accountRow());
  },
  w2(rows, sink) {
    faker.seed(1);
    // rows counts accounts; each gets 4 transactions carrying its (account_id, name).
    for (let i = 0; i < rows; i++) {
      const account = accountRow();
      sink(account);
      const details = account.customer_details as { name: string };
      for (let k = 0; k < 4; k++) {
        sink({
          account_id: account.account_id,
          name: details.name,
          amount: faker.number.float({ min: 1, max: 1000, fractionDigits: 2 }),
          created: faker.date.between({ from: "2023-01-01T00:00:00Z", to: "2024-12-31T23:59:59Z" }),
        });
      }
    }
  },
  w3(rows, sink) {
    faker.seed(1);
    for (let i = 0; i < rows; i++) {
      sink({
        id: `CUS${faker.string.numeric(10)}`,
        name: faker.person.fullName(),
        email: faker.internet.email(),
        tier: faker.helpers.weightedArrayElement([
          { weight: 6, value: "bronze" },
          { weight: 3, value: "silver" },
          { weight: 1, value: "gold" },
        ]),
        signed_up: faker.date.between({ from: "2020-01-01T00:00:00Z", to: "2025-12-31T23:59:59Z" }),
        credit: faker.finance.amount({ min: 0, max: 10000, dec: 2 }),
        age: faker.number.int({ min: 18, max: 95 }),
        active: faker.datatype.boolean(),
        score: faker.number.float({ min: 0, max: 1 }),
        country: faker.location.countryCode(),
      });
    }
  },
};
