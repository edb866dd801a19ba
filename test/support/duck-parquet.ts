/** What a test asks DuckDB about the Parquet file it wrote: `src` reads the file in SQL. */
export interface DuckAnswers {
  readonly src: string;
  /** The first row of a query's answer. */
  row(sql: string): Promise<readonly unknown[]>;
  /** The first value of a query's answer, as a number (a count, a sum). */
  number(sql: string): Promise<number>;
}

/**
 * Writes the rows of DuckDB query `select` to `file` as Parquet (row groups of `rowGroupSize`),
 * then answers what `expect` asks DuckDB about the file: an independent engine gives the values
 * a test expects of rowforge's reading of it.
 */
export async function writeDuckParquet<T>(
  file: string,
  select: string,
  rowGroupSize: number,
  expect: (duck: DuckAnswers) => Promise<T>,
): Promise<T> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const db = await DuckDBInstance.create(":memory:", { threads: "2" });
  const conn = await db.connect();
  try {
    await conn.run(`COPY (${select}) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE ${rowGroupSize})`);
    const row = async (sql: string) => (await conn.runAndReadAll(sql)).getRows()[0]!;
    return await expect({
      src: `read_parquet('${file}')`,
      row,
      number: async (sql) => Number((await row(sql))[0]),
    });
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}
