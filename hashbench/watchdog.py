# SPDX-License-Identifier: MIT
"""A child process's output lines, read with a clock: code from outside
(an implementation folder's) that never returns is stopped instead of
leaving a command silent (docs/reliability.md).  `lines` yields each line
as it comes, and "" every `poll_s` without one, so that the reader can
check its deadline and show progress."""
import queue
import threading

POLL_S = 0.5


def lines(pipe, poll_s=POLL_S):
    """The lines of `pipe` (a text stream), "" for each `poll_s` that brings none; ends at end of file."""
    got = queue.Queue()

    def read():
        try:
            for text in pipe:
                got.put(text)
        except (OSError, ValueError):   # the pipe closed under us: the process was stopped
            pass
        got.put(None)

    threading.Thread(target=read, daemon=True).start()
    while True:
        try:
            text = got.get(timeout=poll_s)
        except queue.Empty:
            yield ""
            continue
        if text is None:
            return
        yield text
