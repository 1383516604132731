# SPDX-License-Identifier: MIT
"""Reads records (format 2, docs/records.md): the lines every engine and
instrument writes through src/engine/hb_record.c.  A record is one line
holding one JSON object whose first member is "rec"; any other line (a
simulator's own messages, a C library's noise) is not a record and is
skipped."""
import json

FORMAT = 2
PREFIX = '{"rec":'


class RecordError(ValueError):
    """A line that starts as a record but is not one (cut short, corrupt)."""


def parse_line(line: str):
    """One line -> its record (a dict), or None when the line is not a record."""
    line = line.strip()
    if not line.startswith(PREFIX):
        return None
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(f"malformed record: {line[:80]!r}") from exc
    if not isinstance(rec, dict) or not isinstance(rec.get("rec"), str):
        raise RecordError(f"malformed record: {line[:80]!r}")
    return rec


def read(text: str, errors=None) -> list:
    """Every record of `text`, in order.  A malformed record raises
    RecordError, or, when `errors` is a list, is reported there and skipped."""
    out = []
    for line in text.splitlines():
        try:
            rec = parse_line(line)
        except RecordError as exc:
            if errors is None:
                raise
            errors.append(str(exc))
            continue
        if rec is not None:
            out.append(rec)
    return out
