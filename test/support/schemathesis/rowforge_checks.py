"""Checks of rowforge's fuzz test (test/e2e/fuzz-openapi.test.ts), loaded by schemathesis
through SCHEMATHESIS_HOOKS.

A request that matches the documented schema may still be refused with a 400 for what it
means: a plan, task or step that does not exist, YAML that does not parse, a plan whose tasks
name no connection. The spec answers those with 400 (its sample errors are 400s), so the test
lets positive_data_acceptance take a 400, and this check decides which 400s are right: only
those naming such a problem of meaning. A 400 that refuses the request's shape (the schema
validator's ValidationError, or any check of shape a handler makes itself) means the server is
stricter than its schema says, and fails.
"""

import json

import schemathesis

# Problems of meaning that are not RF_ codes: things looked up by name, in the spec's wording
# (a task file path that names no YAML file is one: the path is a string to the schema).
NOT_FOUND = ("NotFound", "NotYaml")
# Codes of refusals of shape (the documented schema should have refused the request already).
SHAPE = {"ValidationError", "RF_REQUEST_INVALID", "InvalidRequest", "MalformedJson", "BadRequest"}


def _reason(body):
    """The error's kind, from any of rowforge's error shapes."""
    if not isinstance(body, dict):
        return None
    inner = body.get("error") if isinstance(body.get("error"), dict) else body
    details = inner.get("details")
    if isinstance(details, dict):
        details = details.get("code")
    return details if isinstance(details, str) else None


@schemathesis.check
def schema_valid_refused_only_for_meaning(ctx, response, case):
    """A schema-valid request answered 400 must be refused for what it means, never for its shape."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        body = json.loads(response.text)
    except ValueError:
        raise AssertionError(f"a 400 without a JSON error body: {response.text[:300]}")
    reason = _reason(body)
    if reason is None or reason in SHAPE:
        raise AssertionError(f"a request the schema allows was refused for its shape ({reason}): {response.text[:500]}")
    if not (reason.startswith("RF_") or reason.endswith(NOT_FOUND)):
        raise AssertionError(f"a request the schema allows was refused without a reason of meaning ({reason}): {response.text[:500]}")
    return None
