"""The dbldatagen baseline of `npm run bench`: the W1 nested accounts rows on PySpark local[2].

    .venv/bin/python bench/dbldatagen_w1.py <rows> <output folder> <spawn epoch ms>

The fields follow bench/plans/w1 as closely as dbldatagen allows:
- account_id: dbldatagen's template generator, ACC + 8 random digits (a pandas UDF, as a
  dbldatagen user writes a regex-like id; dbldatagen 0.4 seeds each partition's batches alike,
  so ids repeat across the two partitions: the cost per row is the same);
- date: random day in 2022-01-01 .. 2026-11-01; year: year(date);
- balance: random double 10..1000 (step 1e-9);
- update_history: 1..5 structs (updated_time timestamp 2022-01-01 .. 2026-11-01, status from
  open/closed/pending/suspended), built from omitted helper columns and sliced to a random length;
- status: the newest element's status, the same SQL as the plan
  (element_at(sort_array(update_history, false), 1).status);
- customer_details: struct of name (first + last name drawn from fixed lists: dbldatagen has no
  built-in person names), age 18..90, city (from a fixed list).
Written with Spark's JSON writer, not coalesced (one file per partition, 2 partitions).

Prints one JSON line: rows, and milliseconds since the parent spawned this process for the
Spark session being ready (JVM and Spark start), the end of the write, and the end of stop().
"""

import json
import os
import sys
import time

# Spark's Python workers (the template UDF) must run this interpreter, the one with dbldatagen.
os.environ["PYSPARK_PYTHON"] = sys.executable
os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable

rows = int(sys.argv[1])
out = sys.argv[2]
spawned_ms = float(sys.argv[3])


def since_spawn():
    return time.time() * 1000 - spawned_ms


from pyspark.sql import SparkSession  # noqa: E402

import dbldatagen as dg  # noqa: E402

spark = (
    SparkSession.builder.master("local[2]")
    .appName("dbldatagen-w1")
    .config("spark.ui.enabled", "false")
    .config("spark.sql.shuffle.partitions", "2")
    .config("spark.sql.session.timeZone", "UTC")
    .config("spark.driver.memory", "2g")
    .getOrCreate()
)
spark.sparkContext.setLogLevel("ERROR")
session_ready = since_spawn()

STATUSES = ["open", "closed", "pending", "suspended"]
FIRST = ["Amira", "Shemar", "Tyrone", "Lena", "Marco", "Priya", "Oskar", "Yuki", "Chloe", "Diego",
         "Fatima", "Hugo", "Ines", "Jonas", "Kira", "Liam", "Maya", "Noah", "Olga", "Pablo"]
LAST = ["Blanda", "Schroeder", "Nguyen", "Garcia", "Smith", "Kowalski", "Muller", "Rossi", "Tanaka",
        "Okafor", "Johansson", "Dubois", "Silva", "Novak", "Ivanova", "Khan", "Lopez", "Meyer", "Berg", "Cohen"]
CITIES = ["West Yasminburgh", "Alysaton", "Modesto", "Port Elmo", "Lake Dana", "North Ivy", "Springfield",
          "Riverside", "Fairview", "Greenville", "Madison", "Georgetown", "Salem", "Clinton", "Franklin"]
START, END = "2022-01-01 00:00:00", "2026-11-01 00:00:00"

spec = (
    dg.DataGenerator(spark, name="w1_accounts", rows=rows, partitions=2, randomSeedMethod="hash_fieldname")
    .withColumn("account_id", "string", template=r"ACC\d\d\d\d\d\d\d\d", escapeSpecialChars=True)
    .withColumn("date", "date", data_range=dg.DateRange(START, END, "days=1"), random=True)
    .withColumn("year", "int", expr="year(date)", baseColumn="date")
    .withColumn("balance", "double", minValue=10.0, maxValue=1000.0, step=1e-9, random=True)
    .withColumn("n_history", "int", minValue=1, maxValue=5, random=True, omit=True)
)
for k in range(1, 6):
    spec = spec.withColumn(f"t{k}", "timestamp", data_range=dg.DateRange(START, END, "seconds=1"),
                           random=True, omit=True)
    spec = spec.withColumn(f"s{k}", "string", values=STATUSES, random=True, omit=True)
structs = ", ".join(f"named_struct('updated_time', t{k}, 'status', s{k})" for k in range(1, 6))
helpers = ["n_history"] + [f"t{k}" for k in range(1, 6)] + [f"s{k}" for k in range(1, 6)]
spec = (
    spec.withColumn("update_history", "array<struct<updated_time:timestamp,status:string>>",
                    expr=f"slice(array({structs}), 1, n_history)", baseColumn=helpers)
    .withColumn("status", "string", expr="element_at(sort_array(update_history, false), 1).status",
                baseColumn="update_history")
    .withColumn("first_name", "string", values=FIRST, random=True, omit=True)
    .withColumn("last_name", "string", values=LAST, random=True, omit=True)
    .withColumn("age", "int", minValue=18, maxValue=90, random=True, omit=True)
    .withColumn("city", "string", values=CITIES, random=True, omit=True)
    .withColumn("customer_details", "struct<name:string,age:int,city:string>",
                expr="named_struct('name', concat(first_name, ' ', last_name), 'age', age, 'city', city)",
                baseColumn=["first_name", "last_name", "age", "city"])
)
df = spec.build().select("account_id", "year", "balance", "date", "status", "update_history",
                         "customer_details")
df.write.mode("overwrite").json(out)
written = since_spawn()
spark.stop()
print(json.dumps({"rows": rows, "sessionReadyMs": session_ready, "writtenMs": written,
                  "stoppedMs": since_spawn()}))
