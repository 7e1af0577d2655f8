"""The steps under ``write.staging``: a folder swapped in at once, a file written in one step,
a folder held by one cardgen run at a time, and what killed runs left cleared up.

Everything cardgen writes beside a destination while it works has a name of its own, with
the process that writes it: ``.cardgen-stage-<name>-<pid>-<random>`` (a folder being built, or
a file being written), ``.cardgen-old-<name>-<pid>-<random>`` (a folder being replaced). A run
killed on the way (even by SIGKILL) leaves only such names, and the next run that writes in
the same place clears them (``sweep``), or says in one line what it could not clear.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import logging
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import is_litter, reason, show_path

STAGE = ".cardgen-stage-"
OLD = ".cardgen-old-"
LEFTOVER = re.compile(r"\.cardgen-(stage|old)-(.+)-([0-9]+)-([0-9a-f]{8})")
LEFTOVER_STAGE = re.compile(r"\.cardgen-stage-(.+)-([0-9]+)-([0-9a-f]{8})")
EARLIER_TRACE = re.compile(r"\.cardgen-trace-([0-9]+)-([0-9a-f]{8})\.tmp")  # an earlier cardgen's trace, half written
_STARTED = time.time()

# What cardgen says beside its output, one line each, which the command line prints on stderr:
# at INFO what it replaced (``cardgen build --quiet`` leaves it out), at WARNING what it could
# not clear.
log = logging.getLogger("cardgen")


def fail(doing: str, path: Path, e: OSError) -> CardgenError:
    return CardgenError(f"cannot {doing} {show_path(path)}: {reason(e)}")


def alive(pid: int) -> bool:
    """Whether process ``pid`` may still be running (then what it writes is left alone)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # os.kill would end the process on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


# ---------------------------------------------------------------- one run at a time

_HELD: set[tuple[int, int]] = set()  # the folders this process holds (``locked``)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for this run alone while it judges what is there and swaps its output in:
    another cardgen run writing into the same folder waits here meanwhile, so that neither
    finds the other's swap half done (an advisory lock on the folder itself: POSIX ``flock``;
    nothing elsewhere, nor on a filesystem without locks). Held again by the same process, it
    is held already; a folder that does not exist yet holds nothing."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        yield
        return
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino)
    if key in _HELD:
        os.close(fd)
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass  # a filesystem without locks: the run goes on, as it did before there were any
        _HELD.add(key)
        try:
            yield
        finally:
            _HELD.discard(key)
    finally:
        os.close(fd)  # (closing it lets the lock go)


# ---------------------------------------------------------------- what killed runs left


def sweep(parent: Path) -> list[Path]:
    """Clear what killed runs left in ``parent``: stale staging folders and files are deleted,
    an old folder is put back where its destination is missing, or else deleted, and so is a
    trace an earlier cardgen was writing. A leftover is stale when the process named in it is
    gone (elsewhere than POSIX: when it is older than this one). Only real files and folders
    with exactly these names are touched, never a link. What cannot be cleared is said in one
    line each (``log``), and left for the next run to try again. Returns what was restored.
    (A set a killed build began to swap in is completed first: ``sets.finish_set``.)"""
    restored: list[Path] = []
    try:
        names = sorted(os.listdir(parent))
    except OSError:
        return restored
    for name in names:
        m = LEFTOVER.fullmatch(name)
        t = EARLIER_TRACE.fullmatch(name) if m is None else None
        if m is None and t is None:
            continue
        pid = int(m.group(3) if m is not None else t.group(1))  # type: ignore[union-attr]
        path = parent / name
        try:
            st = os.lstat(path)
        except OSError:
            continue
        stale = not alive(pid) if os.name == "posix" else st.st_mtime < _STARTED
        folder, file = stat.S_ISDIR(st.st_mode), stat.S_ISREG(st.st_mode)
        if not stale or not (folder or file) or (t is not None and not file):
            continue
        dest = parent / m.group(2) if m is not None else None
        try:
            if m is not None and m.group(1) == "old" and folder and dest is not None and not os.path.lexists(dest):
                os.rename(path, dest)
                restored.append(dest)
            elif folder:
                remove_tree(path)
            else:
                os.unlink(path)
        except OSError as e:
            log.warning(
                f"could not clear {show_path(path)}, which a cardgen run that was stopped left: {reason(e)}; "
                "delete it yourself"
            )
    return restored


def remove_tree(path: Path) -> None:
    """Delete the folder ``path`` (cardgen's own: a replaced build or a killed run's stage), its
    read-only folders too: cardgen judged it could clear it (``owned.read_only``), or it is a
    leftover nobody else has a use for. The first failure is raised."""

    def again(func: object, where: str, _: object) -> None:
        # a folder without permissions: give them back to its owner, then try once more
        if func in (os.open, os.scandir, os.listdir):  # the folder itself could not be read
            os.chmod(where, stat.S_IRWXU)
            shutil.rmtree(where)
        else:  # an entry could not be deleted: its folder is not writable
            os.chmod(os.path.dirname(where), stat.S_IRWXU)
            func(where)  # type: ignore[operator]

    if os.path.islink(path):
        os.unlink(path)
        return
    shutil.rmtree(path, onerror=again)


def remove_old(old: Path, dest: Path) -> None:
    """Delete the folder ``old``: what ``dest`` held until the new one went in. One line
    (``log``) when it cannot be, naming where it is left (the next run there tries again)."""
    try:
        remove_tree(old)
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning(
            f"could not delete {show_path(old)}, what {show_path(dest)} held before: {reason(e)}; "
            "the next cardgen run there tries again"
        )


# ---------------------------------------------------------------- a folder swapped in at once


def token() -> str:
    """Eight random hex digits for a name."""
    return secrets.token_hex(4)


def beside(path: Path, prefix: str = STAGE) -> Path:
    """A new name beside ``path`` for what stands in for it while it is written: what ``sweep``
    recognises as this process's."""
    return path.parent / f"{prefix}{path.name}-{os.getpid()}-{token()}"


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    if rc == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False  # an old kernel or a filesystem without it: rename twice instead
    raise OSError(code, os.strerror(code), os.fsdecode(b))


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP for the few renames of a swap (POSIX), so that a
    handler cannot stop it halfway; they are delivered right after. SIGKILL cannot be held:
    ``sweep`` repairs what it interrupts."""
    held = {signal.SIGINT, getattr(signal, "SIGTERM", signal.SIGINT), getattr(signal, "SIGHUP", signal.SIGINT)}
    mask = getattr(signal, "pthread_sigmask", None)
    before = mask(signal.SIG_BLOCK, held) if mask else None
    try:
        yield
    finally:
        if mask and before is not None:
            mask(signal.SIG_SETMASK, before)


def keep_litter(old: Path, new: Path) -> None:
    """Copy into ``new`` every file an operating system dropped into ``old`` (``files.is_litter``:
    a ``.DS_Store``, a ``Thumbs.db``): they are not cardgen's to delete, and they go on with the
    folder that replaces ``old``. One the new folder has already is left as it is."""
    if not os.path.isdir(old) or os.path.islink(old):
        return
    for top, dirs, files in os.walk(old):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(top, d))]
        here = Path(os.path.relpath(top, old))
        for name in files:
            source = Path(top) / name
            target = new / here / name
            if not is_litter(name) or source.is_symlink() or os.path.lexists(target):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def put(tmp: Path, dest: Path) -> Path | None:
    """``tmp`` renamed to ``dest`` in one step where the platform can (the previous ``dest`` left
    at ``tmp``), else in two; where the previous one is now (None: there was none)."""
    if dest.name in ("", ".", ".."):  # (``owned.check_named`` refuses them first: its parent is no place for it)
        raise CardgenError(f"cannot write to {show_path(dest)}: name the folder itself")
    target = dest.absolute().parent / dest.name
    old: Path | None = None
    try:
        with signals_held():
            if not os.path.lexists(target):
                os.rename(tmp, target)
            elif _exchange(tmp, target):
                old = tmp  # the exchange left the previous build here
            else:  # the old folder aside, the new one in; a kill in between is undone by ``sweep``
                old = beside(target, OLD)
                os.rename(target, old)
                try:
                    os.rename(tmp, target)
                except OSError:
                    os.rename(old, target)
                    raise
    except OSError as e:
        raise fail("write to", dest, e) from None
    return old


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` written beside ``path`` and renamed over it: ``path`` is the old file or the new
    one, never half of either; a full disk or Ctrl-C leaves no half file (SIGKILL leaves one
    that ``sweep`` clears)."""
    tmp = beside(path)
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
