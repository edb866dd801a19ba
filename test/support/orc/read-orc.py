"""Reads an ORC file with pyarrow and prints it as JSON for rowforge's ORC read-back tests:
`read-orc.py FILE`, or `read-orc.py --serve` reading one path a line from stdin.

Values are rendered to plain JSON explicitly: integers as decimal strings, timestamps as
nanoseconds since 1970 (UTC) as strings, dates as ISO dates, decimals in fixed notation,
binary as hex, maps as [key, value] pairs, non-finite floats as strings.
"""

import json
import math
import sys

import pyarrow as pa
import pyarrow.orc as orc


def plain(t):
    """The type with every timestamp replaced by int64 (its nanoseconds since 1970)."""
    if pa.types.is_timestamp(t):
        return pa.int64()
    if pa.types.is_map(t):
        return pa.map_(plain(t.key_type), plain(t.item_type))
    if pa.types.is_list(t):
        f = t.value_field
        return pa.list_(pa.field(f.name, plain(f.type), f.nullable))
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, plain(f.type), f.nullable) for f in t])
    return t


def renderer(t):
    """A function rendering one value of type t (decided once per type, not per value)."""
    if pa.types.is_timestamp(t) or pa.types.is_integer(t):
        return lambda v: None if v is None else str(v)
    if pa.types.is_floating(t):

        def floating(v):
            if v is None or not (math.isnan(v) or math.isinf(v)):
                return v
            if math.isnan(v):
                return "NaN"
            return "Infinity" if v > 0 else "-Infinity"

        return floating
    if pa.types.is_decimal(t):
        return lambda v: None if v is None else format(v, "f")
    if pa.types.is_date(t):
        return lambda v: None if v is None else v.isoformat()
    if pa.types.is_binary(t):
        return lambda v: None if v is None else v.hex()
    if pa.types.is_map(t):
        key, item = renderer(t.key_type), renderer(t.item_type)
        return lambda v: None if v is None else [[key(k), item(x)] for k, x in v]
    if pa.types.is_list(t):
        element = renderer(t.value_type)
        return lambda v: None if v is None else [element(x) for x in v]
    if pa.types.is_struct(t):
        fields = [(f.name, renderer(f.type)) for f in t]
        return lambda v: None if v is None else {name: r(v[name]) for name, r in fields}
    return lambda v: v


def writer_of(f):
    # pyarrow names only the writers it knows; an unregistered one (like rowforge's) raises.
    try:
        return str(f.writer)
    except ValueError as e:
        return "unknown: " + str(e)


def read(path):
    """The file as the JSON text the tests read."""
    f = orc.ORCFile(path)
    table = f.read()
    target = pa.schema([pa.field(x.name, plain(x.type), x.nullable) for x in table.schema])
    casted = table.cast(target)
    columns = {}
    for field in table.schema:
        render = renderer(field.type)
        columns[field.name] = [render(v) for v in casted.column(field.name).to_pylist()]
    out = {
        "rows": f.nrows,
        "stripes": f.nstripes,
        "stripe_rows": [f.read_stripe(i).num_rows for i in range(f.nstripes)],
        "compression": f.compression,
        "compression_size": f.compression_size,
        "file_version": str(f.file_version),
        "writer": writer_of(f),
        "software_version": f.software_version,
        "writer_version": str(f.writer_version),
        "row_index_stride": f.row_index_stride,
        "schema": [[x.name, str(x.type)] for x in table.schema],
        "columns": columns,
    }
    return json.dumps(out)


def serve():
    """Reads one path a line from stdin until it closes; answers each `ok|error <bytes>` + the text
    (test/support/reader-process.ts): one interpreter and one pyarrow import for many files."""
    out = sys.stdout.buffer
    for line in sys.stdin:
        path = line.rstrip("\n")
        try:
            status, text = "ok", read(path)
        except Exception as e:  # the test shows what pyarrow said, and the process stays up
            status, text = "error", f"pyarrow could not read {path}: {type(e).__name__}: {e}"
        data = text.encode("utf-8")
        out.write(f"{status} {len(data)}\n".encode("ascii") + data)
        out.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        sys.stdout.write(read(sys.argv[1]))
