"""Work done aside: in a forked child process on the machine's other core, while this one goes on.

A pack's PDF (ReportLab imported, the sheets written, then read back page by page with
pdfium) needs nothing the card SVGs need, so ``write_deck`` hands it to a child and writes
the SVGs meanwhile: on two cores the PDF costs no wall time. The child sends what it made
(the pages it read) as pickles into an anonymous temporary file, one per item, so neither
process holds a big pack's every page, and ``Aside.item(i)`` reads any one back.

Where fork is missing or unsafe (not Linux; another thread running, such as a progress bar's)
the work runs here, at once, into the same file: the same items, the same bytes written.
The child ends with ``os._exit``: it must not run this process's exit handlers or flush its
buffers. An exception in the child is raised again here (a ``CardgenError`` or an ``OSError``
as the command would have met it), the child's traceback in its notes; one that cannot be
sent comes back as a RuntimeError carrying its traceback. A child killed from outside (by the
out-of-memory killer, say) is a ``CardgenError``: one line.

>>> def squares(send):
...     for i in range(4):
...         send(i * i)
>>> with Aside(squares) as aside:
...     aside.count(), aside.item(3), aside.item(1)
(4, 9, 1)
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any

from cardgen.errors import CardgenError

Work = Callable[[Callable[[Any], None]], None]
_TRAILER = struct.Struct("<Q")  # where the index of offsets starts, the file's last 8 bytes


def can_fork() -> bool:
    """Fork only where it is plain and safe: Linux, and no other thread in this process."""
    return sys.platform == "linux" and threading.active_count() == 1


class Aside:
    """``work(send)`` run in a child process (or here); each object it sends, read back by index."""

    def __init__(self, work: Work, *, fork: bool | None = None) -> None:
        self.spill: IO[bytes] = tempfile.TemporaryFile()
        self.pid = 0
        self.index: list[int] | None = None
        if fork if fork is not None else can_fork():
            self.pid = os.fork()
            if self.pid == 0:  # pragma: no cover - the child's lines run in another process
                os._exit(_run(work, self.spill, contain=True))
        else:
            _run(work, self.spill, contain=False)

    def _done(self) -> list[int]:
        """Wait for the work; the offsets of what it sent. Raises what it raised."""
        if self.index is None:
            if self.pid:
                _, status = os.waitpid(self.pid, 0)
                self.pid = 0
                code = os.waitstatus_to_exitcode(status)
                if code != 0:  # killed (out of memory, by a signal): the work it did is not to be trusted
                    how = f"by signal {-code}" if code < 0 else f"with status {code}"
                    raise CardgenError(f"the process writing aside (the PDF) was stopped {how}")
            self.spill.seek(-_TRAILER.size, os.SEEK_END)
            (start,) = _TRAILER.unpack(self.spill.read(_TRAILER.size))
            self.spill.seek(start)
            kind, value = pickle.load(self.spill)
            if kind == "raise":
                raise value
            if kind == "crash":
                raise RuntimeError(f"the work done aside failed:\n{value}")
            self.index = value
        return self.index

    def count(self) -> int:
        return len(self._done())

    def item(self, i: int) -> Any:
        self.spill.seek(self._done()[i])
        return pickle.load(self.spill)

    def close(self) -> None:
        if self.pid:  # left early (an error here, Ctrl-C): the child's work is not wanted
            try:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
        self.spill.close()

    def __enter__(self) -> Aside:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def _run(work: Work, spill: IO[bytes], *, contain: bool) -> int:
    """Run ``work``, its items pickled into ``spill``, then its outcome and the index of offsets.
    ``contain`` (in the child): every exception becomes the outcome; else they propagate."""
    offsets: list[int] = []

    def send(obj: Any) -> None:
        offsets.append(spill.tell())
        pickle.dump(obj, spill, protocol=pickle.HIGHEST_PROTOCOL)

    outcome: tuple[str, Any]
    try:
        work(send)
        outcome = ("done", offsets)
    except Exception as e:
        if not contain:
            raise
        e.add_note(f"(in the process working aside)\n{traceback.format_exc()}")
        outcome = ("raise", e)
        try:
            pickle.dumps(e)
        except Exception:
            outcome = ("crash", traceback.format_exc())
    except BaseException:
        if not contain:
            raise
        # the child must report, whatever happened, and never unwind into the parent's code
        outcome = ("crash", traceback.format_exc())
    try:
        start = spill.tell()
        pickle.dump(outcome, spill, protocol=pickle.HIGHEST_PROTOCOL)
        spill.write(_TRAILER.pack(start))
        spill.flush()
    except BaseException:
        if not contain:
            raise
        return 1
    return 0
