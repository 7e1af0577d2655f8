"""A trace file being written, whatever the game: a hidden file beside it, a line at a time, renamed
over it when whole (``TraceFile``). Only a file that already holds a trace of the same game is
replaced, never one inside a folder cardgen wrote; the hidden file of a killed run is cleared by
the next run in its folder (``write.sets.tidy``).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import BinaryIO

from cardgen.errors import CardgenError
from cardgen.files import path_kind, reason, show_path
from cardgen.write.owned import check_outside_owned
from cardgen.write.sets import tidy

__all__ = ["TraceFile"]


class TraceFile:
    """A trace being written: a hidden file beside ``path``, a line at a time, then renamed over it.
    ``is_trace``: whether a file already at ``path`` is a trace of this game (only such a file is
    replaced); ``max_line``: the longest line a trace of this game may hold."""

    def __init__(self, path: Path, is_trace: Callable[[Path], bool], max_line: int) -> None:
        self.path, self.lines, self.is_trace, self.max_line = path, 0, is_trace, max_line
        self.where = f"trace {show_path(path)}"
        _check_target(path, self.where, is_trace)
        tidy(path.absolute().parent)
        self.tmp = path.absolute().parent / f".cardgen-trace-{os.getpid()}-{secrets.token_hex(4)}.tmp"
        try:
            self.file: BinaryIO = open(self.tmp, "xb")  # (closed by commit or discard)
        except OSError as e:
            raise CardgenError(f"cannot write {self.where}: {reason(e)}") from None

    def write(self, ev: Mapping[str, object]) -> None:
        """One event, as one line."""
        line = json.dumps(ev, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        if len(line) > self.max_line:  # (the limits are derived from the largest pack: never, unless they drift)
            raise CardgenError(f"{self.where}: line {self.lines + 1} is longer than a trace's line may be (a bug)")
        try:
            self.file.write(line)
        except OSError as e:
            raise CardgenError(f"cannot write {self.where}: {reason(e)}") from None
        self.lines += 1

    def commit(self) -> None:
        """The whole trace on disk, renamed over ``path`` (checked again: it may have changed meanwhile)."""
        try:
            self.file.flush()
            os.fsync(self.file.fileno())
            self.file.close()
            _check_target(self.path, self.where, self.is_trace)
            os.replace(self.tmp, self.path)
        except OSError as e:
            raise CardgenError(f"cannot write {self.where}: {reason(e)}") from None

    def discard(self) -> None:
        """No trace: the hidden file removed (whatever was written of it)."""
        for undo in (self.file.close, self.tmp.unlink):
            try:
                undo()
            except OSError:
                pass


def _check_target(path: Path, where: str, is_trace: Callable[[Path], bool]) -> None:
    """Refuse a ``path`` a trace may not be written to: a folder, a device, a file that is not a trace."""
    kind = path_kind(path, doing="write")
    if kind == "folder":
        raise CardgenError(f"cannot write {where}: it is a folder; name a file, e.g. game.jsonl")
    if kind == "other":
        raise CardgenError(f"cannot write {where}: not a regular file (a pipe, device or socket)")
    if kind == "file" and not is_trace(path):
        raise CardgenError(f"cannot write {where}: it holds something else than a trace; give another file")
    folder = path.absolute().parent
    if path_kind(folder, doing="write") != "folder":
        raise CardgenError(f"cannot write {where}: folder {show_path(folder)} does not exist")
    check_outside_owned(path, "a trace", "--trace")
