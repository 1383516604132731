# SPDX-License-Identifier: MIT
"""Which stored runs a command reads: by machine, algorithm, date and kind
(history, show, diff and trend share it; the store applies it)."""
import datetime
import fnmatch
import re
from dataclasses import dataclass

from .errors import UserError


@dataclass(frozen=True)
class Selection:
    machines: tuple = ()      # hostname globs ('bench-*'); a run matches any of them
    algorithms: tuple = ()    # algorithm ids: a run matches when it holds a result of one of them
    since: str = ""           # ISO date-time (UTC): runs started at or after it
    kinds: tuple = ()         # run kinds (host, compare, cross, ...)

    @property
    def empty(self) -> bool:
        return not (self.machines or self.algorithms or self.since or self.kinds)

    def machine_matches(self, context: dict) -> bool:
        host = (context or {}).get("hostname") or ""
        return not self.machines or any(fnmatch.fnmatchcase(host, m) for m in self.machines)

    def describe(self) -> str:
        """The selection in words, for 'no run matches ...'."""
        parts = ([f"machine {'|'.join(self.machines)}"] if self.machines else []) + \
            ([f"algorithm {'|'.join(self.algorithms)}"] if self.algorithms else []) + \
            ([f"since {self.since}"] if self.since else []) + ([f"kind {'|'.join(self.kinds)}"] if self.kinds else [])
        return ", ".join(parts) or "all runs"


def parse_since(text: str, now=None) -> str:
    """'2026-11-01', '2026-11-01T12:00', or an age ('30d', '12h', '2w') -> the ISO
    date-time (UTC, seconds) that stored runs' started_at are compared with."""
    text = (text or "").strip()
    if not text:
        return ""
    age = re.fullmatch(r"(\d+)([hdw])", text)
    if age:
        n, unit = int(age[1]), age[2]
        delta = datetime.timedelta(hours=n) if unit == "h" else datetime.timedelta(days=n * (7 if unit == "w" else 1))
        when = (now or datetime.datetime.now(datetime.UTC)) - delta
    else:
        try:
            when = datetime.datetime.fromisoformat(text)
        except ValueError:
            raise UserError(f"bad --since {text!r}: use a date (2026-11-01), a date-time (2026-11-01T12:00) "
                            "or an age (12h, 30d, 2w)") from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
    return when.astimezone(datetime.UTC).isoformat(timespec="seconds")
