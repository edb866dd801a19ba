/**
 * Each peer's settings as the bench runs it, stated in its output, in bench/results/*.json and
 * in the generated part of docs/benchmarks.md, so a reader knows what rowforge was held against.
 */
import { DEFAULT_BATCH_BYTES } from "../src/connectors/kafka/kafka-options.ts";

export const PEER_SETTINGS = {
  "faker-js loop":
    "bench/faker-loop.ts: @faker-js/faker seeded once; per row `ACC${faker.string.numeric(8)}` for account_id (a hand-written loop's fastest spelling: half the time of faker.helpers.fromRegExp), 1-5 history entries (faker.date.between, faker.helpers.arrayElement), faker.person.fullName(), faker.location.city(), faker.number for balance and age, JSON.stringify; NDJSON written with writeSync 10,000 lines at a time; one thread, its own process start included",
  "faker-js loop, in process":
    "bench/baselines.ts per workload (w1: the faker-js loop's rows; w2: accounts with 4 transactions each; w3: flat customers), run by bench/workload.ts in its own process, rows kept in batches of 10,000: no JSON, no writing, its process start not counted (nor is rowforge's there)",
  dbldatagen:
    "bench/dbldatagen_w1.py: PySpark local[2] (2 cores), DataGenerator partitions=2, spark.sql.shuffle.partitions=2, driver memory 2g, Spark UI off; names from 20 first x 20 last names and cities from 15 (dbldatagen has no person or place data); Spark's JSON writer, one file per partition; timed from the Python process's spawn to the end of the write (JVM and Spark start included)",
  "Kafka ProducerPerformance": `org.apache.kafka.tools.ProducerPerformance --throughput -1, records of the same size as rowforge's, batch.size=${DEFAULT_BATCH_BYTES} (rowforge's default batchSize), acks=all, enable.idempotence=true (rowforge's step idempotent: true too), linger.ms and max.in.flight at their defaults (5 in flight, as rowforge), one partition, the same broker; its own reported rate (the JVM start not counted)`,
  autocannon:
    "autocannon against the same receiver process, the same ~500-byte JSON body and the same 32 connections as rowforge's http step",
  "psql \\copy":
    "psql \\copy FROM a ready CSV file (FORMAT csv, HEADER), the client's start included, into an empty table without autovacuum after a CHECKPOINT",
  "psql \\copy (FORMAT binary)":
    "psql \\copy FROM a ready binary COPY file of the same rows (written by the server's COPY TO), the client's start included, into an empty table without autovacuum after a CHECKPOINT",
  "LOAD DATA LOCAL INFILE":
    "the mariadb client's LOAD DATA LOCAL INFILE of a ready CSV file, the client's start included, into an empty InnoDB table",
  DuckDB:
    "@duckdb/node-api, one warm in-memory instance with its default threads (one per core), the same checks as one SQL query over the same Parquet files (the faster of two formulations, picked in a warm-up round)",
  "bare Fastify route": "a Fastify route answering a constant, its own process, the same autocannon load",
  "node -e 0": "bare Node started the same way (same binary, no npx)",
  "cassandra-driver executeConcurrent":
    "the same rows prebuilt as parameter arrays before the clock starts, the same prepared INSERT and concurrency",
} as const;

export type PeerName = keyof typeof PEER_SETTINGS;
