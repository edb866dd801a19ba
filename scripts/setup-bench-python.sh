#!/usr/bin/env bash
# Adds PySpark and dbldatagen (PyPI) to the project's .venv for the dbldatagen baseline of
# `npm run bench` (not for `npm test`: CI does not pay for PySpark). Needs a JDK 17+ (installed
# with apt like scripts/setup-orc-tools.sh when missing and root). Idempotent and fast when done.
# Never fails the bench: it prints why the baseline cannot run and exits 0; the bench then prints
# "dbldatagen: not available (reason)".
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.venv
# dbldatagen 0.4 is made for Spark 3.x; its own imports (numpy, pandas, pyparsing, jmespath) are
# not declared as dependencies of its wheel, so they are named here.
PACKAGES=("pyspark>=3.5,<4" "dbldatagen==0.4.0.post1" "numpy" "pandas>=1.5" "pyparsing" "jmespath")
have_all() { "$VENV/bin/python" -c "import pyspark, dbldatagen, numpy, pandas, pyparsing, jmespath" 2>/dev/null; }
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1; }
have_java() { command -v java >/dev/null 2>&1 && [ "$(java_major)" -ge 17 ] 2>/dev/null; }
if [ -x "$VENV/bin/python" ] && have_all && have_java; then
  exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
  bash scripts/setup-python.sh >/dev/null || { echo "setup-bench-python: .venv could not be made (scripts/setup-python.sh failed)" >&2; exit 0; }
fi
if ! have_java; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get -o DPkg::Lock::Timeout=900 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq default-jdk-headless >/dev/null
  fi
  if ! have_java; then
    echo "setup-bench-python: java 17+ is required for PySpark and was not found or could not be installed" >&2
    exit 0
  fi
fi
if ! have_all; then
  if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PACKAGES[@]}"; then
    echo "setup-bench-python: pip could not install ${PACKAGES[*]}" >&2
    exit 0
  fi
fi
"$VENV/bin/python" -c "import pyspark, dbldatagen; print('pyspark', pyspark.__version__, '| dbldatagen', dbldatagen.__version__)"
