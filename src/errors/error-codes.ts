/**
 * The catalogue of stable error codes. A code is never reused or renamed: clients and
 * scripts match on it. Each entry carries the HTTP status an API answer uses and a hint
 * that tells the user what to do next.
 */
export interface ErrorCodeInfo {
  readonly status: number;
  readonly title: string;
  readonly hint: string;
}

export const ERROR_CODES = {
  RF_INTERNAL: {
    status: 500,
    title: "internal error",
    hint: "this is a bug in rowforge; please report it with the input that caused it",
  },
  RF_FILE_NOT_FOUND: {
    status: 404,
    title: "file or folder not found",
    hint: "check the path; relative paths are resolved against the current folder",
  },
  RF_FILE_READ: { status: 400, title: "file cannot be read", hint: "check the file's permissions" },
  RF_FILE_TOO_LARGE: {
    status: 413,
    title: "file too large",
    hint: "plans, tasks and configuration files are limited in size; split the file",
  },
  RF_FILE_KIND_UNKNOWN: {
    status: 400,
    title: "file kind not recognised",
    hint: "a plan has `tasks` with `dataSourceName`, a task has `steps`, a unified file has `dataSources`, a validation file has `dataSources` keyed by connection name",
  },
  RF_YAML_SYNTAX: {
    status: 400,
    title: "YAML syntax error",
    hint: "fix the YAML syntax at the position shown",
  },
  RF_YAML_ALIAS_LIMIT: {
    status: 400,
    title: "too many YAML aliases",
    hint: "the document expands aliases beyond the safety limit (an alias bomb); write the values out",
  },
  RF_JSON_SYNTAX: {
    status: 400,
    title: "JSON syntax error",
    hint: "fix the JSON syntax at the position shown",
  },
  RF_HOCON_SYNTAX: {
    status: 400,
    title: "HOCON syntax error",
    hint: "fix the configuration syntax at the position shown",
  },
  RF_STRUCTURE: {
    status: 400,
    title: "unexpected structure",
    hint: "the value has the wrong shape (for example a list where a mapping is expected)",
  },
  RF_KEY_UNKNOWN: {
    status: 400,
    title: "unknown key",
    hint: "the key is not read by rowforge; check its spelling (an error only with --strict)",
  },
  RF_KEY_MISSING: { status: 400, title: "required key missing", hint: "add the key" },
  RF_VALUE_INVALID: {
    status: 400,
    title: "invalid value",
    hint: "give a value of the expected kind",
  },
  RF_TYPE_INVALID: {
    status: 400,
    title: "unsupported field type",
    hint: "use a Spark DDL type: string, int, long, short, byte, double, float, decimal(p,s), boolean, date, timestamp, binary, array<T>, map<K,V>, struct<a:T,...>",
  },
  RF_COUNT_NEGATIVE: {
    status: 400,
    title: "negative count",
    hint: "record counts and per-field counts must be zero or more",
  },
  RF_RANGE_INVERTED: { status: 400, title: "min above max", hint: "make min less than or equal to max" },
  RF_WEIGHT_INVALID: {
    status: 400,
    title: "invalid weight",
    hint: "weighted values are written `value->weight` with a non-negative number as the weight",
  },
  RF_ENV_UNDEFINED: {
    status: 400,
    title: "undefined environment variable",
    hint: "set the variable, or give a default with ${VAR:-default}",
  },
  RF_TASK_NOT_FOUND: {
    status: 404,
    title: "task not found",
    hint: "a plan's task names must match the `name` of a task file in the task folder",
  },
  RF_STEP_NOT_FOUND: { status: 404, title: "step not found", hint: "check the step name" },
  RF_PLAN_NOT_FOUND: { status: 404, title: "plan not found", hint: "check the plan name or file" },
  RF_CONNECTION_NOT_FOUND: {
    status: 404,
    title: "connection not found",
    hint: "define the connection in the application configuration (`<format> { <name> { ... } }`) or save it over the API",
  },
  RF_NAME_DUPLICATE: {
    status: 400,
    title: "duplicate name",
    hint: "names must be unique where they are used as keys",
  },
  RF_FOREIGN_KEY_INVALID: {
    status: 400,
    title: "invalid foreign key",
    hint: "a foreign key names a source {dataSource, step, fields} and generate targets with the same number of fields",
  },
  RF_HELPER_INVALID: {
    status: 400,
    title: "invalid helper option",
    hint: "see the documentation of the helper option for its accepted forms",
  },
  RF_OUTPUT_UNWRITABLE: {
    status: 500,
    title: "output cannot be written",
    hint: "check that the path exists or can be created and that rowforge may write there",
  },
  RF_OUTPUT_EXISTS: {
    status: 409,
    title: "output already exists",
    hint: "saveMode errorIfExists refuses to write over existing data; remove it or use overwrite, append or ignore",
  },
  RF_RUN_FAILED: {
    status: 500,
    title: "run failed",
    hint: "see the failure reason; nothing that looks finished was left behind",
  },
  RF_STORE_LOCKED: {
    status: 409,
    title: "store in use",
    hint: "another rowforge process uses this home folder; stop it or give another --home",
  },
  RF_STORE_UNAVAILABLE: {
    status: 500,
    title: "store unavailable",
    hint: "check the home folder's permissions and free space",
  },
  RF_FORMAT_UNKNOWN: {
    status: 400,
    title: "unknown format",
    hint: "use one of the supported formats or connection types",
  },
  RF_LIMIT_EXCEEDED: {
    status: 400,
    title: "run limit exceeded",
    hint: "a run may write at most the configured rows (--max-rows), bytes (--max-bytes) and seconds (--max-run-seconds)",
  },
  RF_RUN_CANCELLED: {
    status: 409,
    title: "run cancelled",
    hint: "the run was cancelled (on request, on Ctrl-C or by a run limit); its partial outputs were removed",
  },
  RF_STORE_FULL: {
    status: 507,
    title: "store out of space",
    hint: "free space on the disk of the rowforge home; the store recovers by itself on the next write",
  },
  RF_OUTPUT_FOREIGN_FILES: {
    status: 409,
    title: "output holds files rowforge did not write",
    hint: "point path at a folder of its own, move those files away, or set the step option allowForeignFiles: true (rowforge then writes beside them and never removes them)",
  },
  RF_OUTPUT_LOCKED: {
    status: 409,
    title: "output in use by another run",
    hint: "wait for the other run to finish; a lock left by a process that no longer exists is taken over by the next run",
  },
  RF_OUTPUT_SPECIAL: {
    status: 400,
    title: "output path is not a regular file or folder",
    hint: "write to a regular file or folder; paths under /proc, /sys and /dev, FIFOs, sockets and devices are refused",
  },
  RF_FILE_NOT_REGULAR: {
    status: 400,
    title: "not a regular file",
    hint: "name a regular file; FIFOs, sockets and devices cannot be read as plans, tasks or configuration",
  },
  RF_BUDGET_EXCEEDED: {
    status: 400,
    title: "generation budget exceeded",
    hint: "the plan asks for more than the generation budget allows; make the field smaller, or raise the named budget in application.conf (budget { name = N }) or with rowforge run --budget name=N",
  },
  RF_TRANSFORMATION_REFUSED: {
    status: 400,
    title: "transformation refused",
    hint: "put the transformation (a .js or .mjs file exporting a function) in the transformations folder (--transformations, $ROWFORGE_TRANSFORMATIONS, default <home>/transformations) and name it by its path there",
  },
  RF_SAMPLE_TIME_LIMIT: {
    status: 400,
    title: "sample took too long",
    hint: "sample fewer rows or simplify the fields; the limit is serve's --sample-time-limit",
  },
  RF_SAMPLE_TOO_LARGE: {
    status: 400,
    title: "sample needs too much memory",
    hint: "sample fewer rows, or use smaller arrays, strings and repetitions",
  },
  RF_SQL_INVALID: {
    status: 400,
    title: "invalid SQL expression",
    hint: "fix the Spark SQL expression at the position shown: the message names the problem (syntax, a type, an unknown function or field)",
  },
  RF_REGEX_INVALID: {
    status: 400,
    title: "invalid or unsupported regular expression",
    hint: "fix the regular expression at the position shown; rowforge reads Java regular-expression syntax",
  },
  RF_FAKER_UNKNOWN: {
    status: 400,
    title: "unknown faker expression",
    hint: "check the provider and method names (Datafaker's, such as #{Name.firstName}); the message suggests the nearest",
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodeInfo = (code: ErrorCode): ErrorCodeInfo => ERROR_CODES[code];
