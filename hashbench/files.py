# SPDX-License-Identifier: MIT
"""Files the user asked for (-o, a ROM image, a generated document),
written whole or not at all: a temporary name beside the file, renamed
into place, so that a failure or Ctrl-C never leaves half a file."""
import os
import tempfile
from pathlib import Path

from .errors import UserError


def write_whole(path, data) -> None:
    """Writes `data` (str or bytes) to `path` whole or not at all; one-line
    UserError where it cannot.  The file gets the usual permissions (umask)."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    try:
        if isinstance(data, bytes):
            tmp.write_bytes(data)
        else:
            tmp.write_text(data)
        os.replace(tmp, p)
    except BaseException as exc:   # Ctrl-C too: no temporary file left behind
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise UserError(f"{path}: {exc.strerror}") from exc
        raise


def writable_folder(folder) -> bool:
    """A file made and removed there: the only sure test (os.access says yes
    to root for /proc, a read-only mount's bind, ...) before minutes of work."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".hashbench-"):
            return True
    except OSError:
        return False
