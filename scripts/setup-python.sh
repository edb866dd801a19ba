#!/usr/bin/env bash
# Creates .venv with pyarrow (the independent reader for Parquet and ORC read-back tests) and
# schemathesis (the OpenAPI fuzzer of test/e2e/fuzz-openapi.test.ts).
# Idempotent and fast when already done; fails loudly when it cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv
have_pyarrow() { "$VENV/bin/python" -c "import pyarrow, pyarrow.orc, pyarrow.parquet" 2>/dev/null; }
have_schemathesis() { [ -x "$VENV/bin/schemathesis" ] && "$VENV/bin/schemathesis" --version >/dev/null 2>&1; }
if [ -x "$VENV/bin/python" ] && have_pyarrow && have_schemathesis; then
  exit 0
fi
# A folder left half made (its creation stopped before pip was in it) is made again.
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
  PY=$(command -v python3 || true)
  if [ -z "$PY" ]; then
    echo "setup-python: python3 is required for the pyarrow read-back tests and the OpenAPI fuzz test" >&2
    exit 1
  fi
  "$PY" -m venv "$VENV"
fi
if ! have_pyarrow; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "pyarrow>=17"
fi
if ! have_schemathesis; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis>=4.32,<5"
fi
# Installed but its entry point does not run (a virtual environment moved or copied from another
# folder keeps the old interpreter path in its scripts): write the scripts again.
if ! have_schemathesis; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "schemathesis>=4.32,<5"
fi
"$VENV/bin/python" -c "import pyarrow, pyarrow.orc, pyarrow.parquet; print('pyarrow', pyarrow.__version__)"
"$VENV/bin/schemathesis" --version
