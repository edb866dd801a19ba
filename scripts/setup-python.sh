#!/usr/bin/env bash
# Creates .venv with pyarrow (the independent reader for Parquet and ORC read-back tests).
# Idempotent and fast when already done; fails loudly when it cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c "import pyarrow, pyarrow.orc, pyarrow.parquet" 2>/dev/null; then
  exit 0
fi
PY=$(command -v python3 || true)
if [ -z "$PY" ]; then
  echo "setup-python: python3 is required for the pyarrow read-back tests" >&2
  exit 1
fi
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "pyarrow>=17"
"$VENV/bin/python" -c "import pyarrow, pyarrow.orc, pyarrow.parquet; print('pyarrow', pyarrow.__version__)"
