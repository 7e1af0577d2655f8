"""Reading users' files within limits, and saying what went wrong in one line.

``read_file`` refuses what is not a regular file (a FIFO could hang, ``/dev/zero`` never
ends), naming what it is, and what is larger than its limit, and says every failure in one
line (``open_regular`` opens a file to be read a line at a time, refusing the same;
``not_a_file`` says why a path cannot be read, for whatever reads it later); ``path_kind``
looks at a path without following it into trouble; ``reason`` and ``show_path`` word an
OS error and a path for a one-line message; ``is_litter`` knows the files operating systems
drop into folders.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO, Literal

from cardgen.errors import CardgenError
from cardgen.units import shown

# ---------------------------------------------------------------- messages


def reason(e: OSError) -> str:
    """Why an OS call failed, in words: ``no such file or directory``, ``permission denied`` ...

    >>> import errno
    >>> reason(OSError(errno.ENOSPC, "No space left on device"))
    'no space left on device'
    """
    text = e.strerror or (os.strerror(e.errno) if e.errno else str(e)) or type(e).__name__
    return text[:1].lower() + text[1:]


def show_path(path: Path | str) -> str:
    """A path for a one-line message: as is when short and printable, else quoted and shortened.

    >>> show_path(Path("output/got-pattern-one-census-7"))
    'output/got-pattern-one-census-7'
    >>> show_path("a" * 300).endswith("(300 characters)")
    True
    """
    text = os.fsdecode(path)
    return text if len(text) <= 120 and text.isprintable() else shown(text, 120)


# ---------------------------------------------------------------- litter

_LITTER = frozenset({".ds_store", "thumbs.db", "desktop.ini"})


def is_litter(name: str) -> bool:
    """Whether a file of this name is one an operating system drops into folders on its own
    (macOS's ``.DS_Store`` and ``._*`` AppleDouble files, Windows's ``Thumbs.db`` and
    ``desktop.ini``): never cardgen's, never printed, and not the user's work either. A folder
    holding them is still cardgen's to replace (they go into the new folder with it), and
    ``cardgen check`` names them as notes, not faults.

    >>> [is_litter(n) for n in (".DS_Store", "Thumbs.db", "desktop.ini", "._001.svg", "._", "001.svg", ".hidden")]
    [True, True, True, True, False, False, False]
    """
    return name.lower() in _LITTER or (name.startswith("._") and len(name) > 2)


# ---------------------------------------------------------------- reading


Kind = Literal["missing", "folder", "file", "other"]


def path_kind(path: Path, *, doing: str = "read") -> Kind:
    """What ``path`` is, without following it into trouble: every OS error but "not there"
    (permission denied, name too long, a symlink loop ...) becomes one line.

    >>> path_kind(Path("/")), path_kind(Path("/no/such/thing"))
    ('folder', 'missing')
    """
    mode = _mode(path, doing)
    if mode is None:
        return "missing"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "other"


def _mode(path: Path, doing: str) -> int | None:
    """``path``'s mode (following links), None when it is not there; any other error is one line."""
    try:
        return os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        raise CardgenError(f"cannot {doing} {show_path(path)}: {reason(e)}") from None
    except ValueError:  # an embedded NUL byte
        raise CardgenError(f"cannot {doing} {show_path(path)}: not a valid path") from None


def _what(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "not a regular file"


def not_a_file(path: Path, *, doing: str = "read") -> str:
    """Why ``path`` cannot be read as a file, in words, without opening it (a FIFO would wait
    for a writer): "" when it is a regular file; every other OS error is one line, as
    ``path_kind`` says it.

    >>> not_a_file(Path("/")), not_a_file(Path("/dev/null")), not_a_file(Path("/no/such/thing"))
    ('it is a folder, not a file', 'not a regular file: it is a device', 'no such file')
    """
    mode = _mode(path, doing)
    if mode is None:
        return "no such file"
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    return f"not a regular file: it is {_what(mode)}"


def open_regular(path: Path, *, what: str) -> BinaryIO:
    """The regular file ``path`` open for reading (binary), or one line saying why not.

    A pipe, a device, a socket or a folder is refused before it is opened; the file is
    opened non-blocking (so a FIFO swapped in meanwhile cannot hang) and checked again.
    """
    where = f"{what} {show_path(path)}"
    problem = not_a_file(path, doing=f"read {what}")
    if problem:
        raise CardgenError(f"cannot read {where}: {problem}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise CardgenError(f"cannot read {where}: {reason(e)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # (swapped in since it was looked at)
            raise CardgenError(f"cannot read {where}: not a regular file: it is {_what(st.st_mode)}")
        return os.fdopen(fd, "rb")
    except OSError as e:
        os.close(fd)
        raise CardgenError(f"cannot read {where}: {reason(e)}") from None
    except BaseException:
        os.close(fd)
        raise


def read_file(path: Path, *, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path`` (``open_regular``), at most ``limit`` of them, or one
    line saying why not."""
    where = f"{what} {show_path(path)}"
    with open_regular(path, what=what) as f:
        fd = f.fileno()
        try:
            size = os.fstat(fd).st_size
            if size > limit:
                raise CardgenError(f"cannot read {where}: {size} bytes is too large (at most {limit})")
            chunks: list[bytes] = []
            got = 0
            while got <= limit:  # a file still growing stops at limit + 1 bytes
                chunk = os.read(fd, min(1 << 20, limit + 1 - got))
                if not chunk:
                    break
                chunks.append(chunk)
                got += len(chunk)
        except OSError as e:
            raise CardgenError(f"cannot read {where}: {reason(e)}") from None
    if got > limit:
        raise CardgenError(f"cannot read {where}: more than {limit} bytes is too large")
    return b"".join(chunks)
