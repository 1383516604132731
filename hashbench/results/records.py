# SPDX-License-Identifier: MIT
"""The one reader of records (format 2, docs/records.md): the lines every
engine writes - the host engine, the QEMU guest engine, the console programs
- and the instruments beside them (the QEMU plugin, the mGBA runner; the
ucsim and sim65 meter modules turn their simulators' text into records).

A record is a line holding one JSON object whose first member is "rec".
Other lines (a simulator's messages, C-library noise) are not records and
are skipped.  A record of a known kind that lacks a required field is an
error: a truncated or foreign stream must never become a result."""
import json

from ..errors import UserError

FORMAT = 2
PREFIX = '{"rec":'

# kind -> fields every record of that kind carries (docs/records.md)
REQUIRED = {
    "engine": ("format", "engine"),
    "digest": ("algo", "impl", "size", "digest"),
    "error": ("kind",),
    "done": (),
    "timer": ("name", "unit", "hz", "is_cycles"),
    "clock": ("at", "samples"),
    "kernel": ("name", "samples"),
    "overhead": ("size", "samples"),
    "start": ("algo", "impl", "size"),
    "result": ("algo", "impl", "size", "verified", "samples"),
    "region": ("index", "algo", "impl", "size", "calls"),
    "span": ("algo", "impl", "size"),
    "rom_result": ("algo", "impl", "size", "iters", "ticks", "verified"),
    "rom_harness": ("size", "iters", "ticks", "empty_ticks"),
    "rom_timer_check": ("code_ticks", "nmis", "nmi_ticks", "ticks"),
    "plugin": ("name",),
    "count": ("region", "instructions"),
    "totals": ("regions",),
    "mark": ("cycles",),
    "exit": ("status", "cycles"),
    "timeout": ("cycles",),
    "total": ("cycles",),
    "algo": ("id", "impls"),
    "backend": ("name", "available"),
}

# kind -> fields that are counts (whole numbers, 0 or more): a record typed by hand or garbled on a
# serial line is refused here, not turned into a negative speed
COUNTS = {"rom_result": ("size", "iters", "ticks"), "rom_harness": ("size", "iters", "ticks", "empty_ticks")}


class RecordError(UserError):
    """A malformed record, or a stream of another format."""


def parse_line(line: str):
    """One line -> its record (a dict), or None when the line is no record."""
    text = line.strip()
    if not text.startswith(PREFIX):
        return None
    try:
        rec = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"malformed record: {text[:80]!r}") from exc
    if not isinstance(rec, dict) or not isinstance(rec.get("rec"), str):
        raise RecordError(f"malformed record: {text[:80]!r}")
    kind = rec.get("rec")
    lacking = [k for k in REQUIRED.get(kind, ()) if k not in rec]
    if lacking:
        raise RecordError(f"{kind} record without {', '.join(lacking)}: {text[:80]!r}")
    bad = [k for k in COUNTS.get(kind, ()) if type(rec[k]) is not int or rec[k] < 0]
    if bad:
        raise RecordError(f"{kind} record whose {bad[0]} is not a count: {text[:80]!r}")
    if kind == "engine" and rec["format"] != FORMAT:
        raise RecordError(f"engine record format {rec['format']} is not {FORMAT}: rebuild the engine")
    return rec


def parse(text, errors=None) -> list:
    """Text (or an iterable of lines) -> its records, in order.  A malformed
    record raises RecordError, or, when `errors` is a list, is reported there
    and skipped (a program's broken line fails that program, not the run)."""
    lines = text.splitlines() if isinstance(text, str) else text
    out = []
    for line in lines:
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


def write(rec: dict) -> str:
    """A record as a line, as the C writer prints it (for meters that make
    records from a simulator's text, and for tests)."""
    body = {"rec": rec["rec"], **{k: v for k, v in rec.items() if k != "rec"}}
    return json.dumps(body, separators=(",", ":")) + "\n"


def of_kind(recs, kind) -> list:
    return [r for r in recs if r.get("rec") == kind]


def died_in(returncode: int, text) -> str:
    """A program's exit in words, with where its records left off when a
    signal killed it: 'killed by SIGSEGV (...) after sha256/portable at
    1024 bytes' (its last record naming an implementation), else 'exit status 3'."""
    from ..errors import exit_words
    words = exit_words(returncode)
    if returncode >= 0:
        return words
    named = [r for r in parse(text, []) if "algo" in r and "size" in r]
    if named:
        r = named[-1]
        words += f" after {r['algo']}/{r.get('impl', '?')} at {r['size']} bytes"
    return words
