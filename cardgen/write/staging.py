"""Writing output all or nothing, and never over a file cardgen did not write.

A build is staged in a hidden folder beside its destination
(``out/.cardgen-stage-<slug>-<pid>-<random>``) and swapped in whole once it is
complete: the destination is either the previous build or the new one, never a
mix and never half of either. On Linux the swap is one ``renameat2`` call
(RENAME_EXCHANGE); elsewhere the old folder is renamed aside, the new one in,
and the old one deleted. A build killed on the way leaves only hidden
``.cardgen-stage-*``/``.cardgen-old-*`` folders named after its process; the
next build in the same place sweeps them up (and puts an orphaned old folder
back if the destination is missing).

Every folder cardgen writes holds ``MARKER``, listing its files. A destination
folder is replaced only when nothing in it is lost that cardgen did not write:
it holds only the files its marker lists, or it is an older deck folder (a
``pack.json``, no marker), or every file in it is one the new build writes.
Otherwise the build stops with one line and deletes nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import time
from collections.abc import Collection, Iterator
from concurrent.futures import Future
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, reason, show_path
from cardgen.units import shown

MARKER = ".cardgen.json"  # in every folder cardgen writes: whose it is and which files are its own
LEGACY_MARKER = "pack.json"  # deck folders written before MARKER existed
STAGE = ".cardgen-stage-"
OLD = ".cardgen-old-"
LITTER = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})  # what file browsers add; safe to drop
MAX_MARKER_BYTES = 4_000_000
_LEFTOVER = re.compile(r"\.cardgen-(stage|old)-(.+)-([0-9]+)-([0-9a-f]{8})")
_STARTED = time.time()
T = TypeVar("T")


def check_writable(path: Path) -> Path:
    """Fail early, with one line, when ``path`` cannot become a folder we write (swap) into;
    returns the nearest folder above it that exists, which must be writable."""
    if path_kind(path, doing="write to") not in ("missing", "folder"):
        raise CardgenError(f"cannot write to {show_path(path)}: it is a file, not a folder")
    base = path.absolute().parent
    while (kind := path_kind(base, doing="write to")) == "missing" and base.parent != base:
        base = base.parent
    if kind != "folder":
        raise CardgenError(f"cannot write under {show_path(path)}: {show_path(base)} is a file, not a folder")
    if not os.access(base, os.W_OK | os.X_OK):
        raise CardgenError(f"cannot write to {show_path(path)}: folder {show_path(base)} is not writable")
    return base


def _fail(doing: str, path: Path, e: OSError) -> CardgenError:
    return CardgenError(f"cannot {doing} {show_path(path)}: {reason(e)}")


def _own_files(dest: Path, new_files: Collection[str] | None) -> set[str] | None:
    """The files of the folder ``dest`` that cardgen may replace: those its ``MARKER`` lists;
    None for an older deck folder (its ``pack.json`` says it is cardgen's, all of it); else, for
    a folder without either (an older placemat), the files this build writes, if known."""
    marker = dest / MARKER
    if path_kind(marker) == "file":
        try:
            data = json.loads(read_file(marker, limit=MAX_MARKER_BYTES, what="marker"))
            files = data["files"]
            if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
                raise TypeError("files is not a list of names")
        except (ValueError, KeyError, TypeError) as e:
            raise CardgenError(f"cannot replace {show_path(dest)}: its {MARKER} is damaged ({e})") from None
        return {*files, MARKER}
    if path_kind(dest / LEGACY_MARKER) == "file":
        return None
    return set(new_files) if new_files is not None else set()


def check_replaceable(dest: Path, new_files: Collection[str] | None = None) -> None:
    """One line unless ``dest`` is missing, empty, or a folder of cardgen's holding only its files.

    ``new_files`` are the files the build writes; before they are known (None), a folder
    without a marker is let through, to be judged at commit."""
    kind = path_kind(dest, doing="write to")
    if kind == "missing":
        return
    if kind != "folder":
        raise CardgenError(f"cannot write to {show_path(dest)}: it is a file, not a folder")
    try:
        with os.scandir(dest) as it:
            if next(it, None) is None:
                return
        own = _own_files(dest, new_files)
        if own is None or (not own and new_files is None):
            return
        for top, dirs, files in os.walk(dest, onerror=_raise):
            # symlinked folders are not walked into: they are entries like files
            links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
            dirs[:] = [d for d in dirs if d not in links]
            for name in sorted(files + links):
                rel = Path(os.path.relpath(os.path.join(top, name), dest)).as_posix()
                if rel not in own and name not in LITTER:
                    raise CardgenError(
                        f"cannot replace {show_path(dest)}: it holds {shown(rel)}, which cardgen did not write; "
                        "move it out of the folder or give another --out"
                    )
    except OSError as e:
        raise _fail("read", dest, e) from None


def _raise(e: OSError) -> None:
    raise e


def _alive(pid: int) -> bool:
    """Whether process ``pid`` may still be running (then its folders are left alone)."""
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


def sweep(parent: Path) -> list[Path]:
    """Clear what killed builds left in ``parent``: stale staging folders are deleted, an old
    folder is put back where its destination is missing, or else deleted. A leftover is stale
    when the process named in it is gone (elsewhere than POSIX: when it is older than this one).
    Only real folders with exactly our names are touched. Returns what was restored."""
    restored: list[Path] = []
    try:
        names = sorted(os.listdir(parent))
    except OSError:
        return restored
    for name in names:
        m = _LEFTOVER.fullmatch(name)
        if not m:
            continue
        kind, slug, pid = m.group(1), m.group(2), int(m.group(3))
        path = parent / name
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode):
            continue
        stale = not _alive(pid) if os.name == "posix" else st.st_mtime < _STARTED
        if not stale:
            continue
        dest = parent / slug
        try:
            if kind == "old" and not os.path.lexists(dest):
                os.rename(path, dest)
                restored.append(dest)
            else:
                shutil.rmtree(path)
        except OSError:
            pass  # a leftover we cannot clear now does no harm; the next build tries again
    return restored


def _token() -> str:
    """Eight random hex digits for a folder name."""
    return secrets.token_hex(4)


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
def _signals_held() -> Iterator[None]:
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


def swap_in(tmp: Path, dest: Path, files: Collection[str]) -> None:
    """Put the folder ``tmp`` (beside ``dest``) in the place of ``dest``, whole: the old folder
    stays whole until the new one is in, and is deleted after. ``files``: what ``tmp`` holds."""
    check_replaceable(dest, files)  # again, knowing the files: the folder may have changed
    target = dest.absolute().parent / dest.name
    old: Path | None = None
    try:
        with _signals_held():
            if not os.path.lexists(target):
                os.rename(tmp, target)
            elif _exchange(tmp, target):
                old = tmp  # the exchange left the previous build here
            else:  # the old folder aside, the new one in; a kill in between is undone by ``sweep``
                old = target.parent / f"{OLD}{dest.name}-{os.getpid()}-{_token()}"
                os.rename(target, old)
                try:
                    os.rename(tmp, target)
                except OSError:
                    os.rename(old, target)
                    raise
    except OSError as e:
        raise _fail("write to", dest, e) from None
    if old is not None and os.path.islink(old):
        os.unlink(old)  # the destination was a link to a folder: the link goes, its folder stays
    elif old is not None:
        shutil.rmtree(old, ignore_errors=True)


class Staging:
    """Collects a build's files in a folder beside the destination; ``commit`` swaps it in whole.

    ``with Staging(folder) as stage: stage.write(rel, data); ...; stage.commit()``. Leaving the
    block without committing deletes the staging folder and any parent folder it had to create.
    """

    def __init__(self, dest: Path) -> None:
        self.dest = dest
        self.committed = False
        self.created: list[Path] = []
        self.files: list[str] = []
        base = check_writable(dest)
        self.parent = dest.absolute().parent
        if base == self.parent:
            sweep(self.parent)  # first, so that an old folder put back is judged like any other
        check_replaceable(dest)  # fail before the build, not after it
        try:
            # a missing --out is made (it is where the staging folder goes), and removed again
            # if the build fails, so a failed build leaves nothing behind
            missing = []
            p = self.parent
            while p != base:
                missing.append(p)
                p = p.parent
            for folder in reversed(missing):
                folder.mkdir()
                self.created.append(folder)
            self.tmp = self._mkdir(STAGE)
        except OSError as e:
            self._remove_created()
            raise _fail("write to", dest, e) from None
        except BaseException:
            self._remove_created()
            raise

    def _name(self, prefix: str) -> Path:
        """``<prefix><slug>-<pid>-<random>`` beside the destination: what ``sweep`` recognises."""
        return self.parent / f"{prefix}{self.dest.name}-{os.getpid()}-{_token()}"

    def _mkdir(self, prefix: str) -> Path:
        """A new folder named by ``_name`` (its mode as the umask says, like any folder the user makes)."""
        for _ in range(100):
            path = self._name(prefix)
            try:
                path.mkdir()
                return path
            except FileExistsError:
                continue
        raise OSError(errno.EEXIST, "cannot make a staging folder", str(self.parent))

    def write(self, rel: str, data: bytes) -> None:
        target = self.tmp / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        except OSError as e:
            raise _fail("write to", self.dest, e) from None
        self.files.append(rel)

    def place(self, rel: str) -> Path:
        """Where another process (a worker) writes the file ``rel`` of the stage: committed with
        the rest once ``wait`` has seen that work done."""
        target = self.tmp / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise _fail("write to", self.dest, e) from None
        self.files.append(rel)
        return target

    def wait(self, work: Future[T]) -> T:
        """The result of work writing into the stage elsewhere (``place``); a failure to write
        is one line, as ``write``'s is."""
        try:
            return work.result()
        except OSError as e:
            raise _fail("write to", self.dest, e) from None

    def commit(self) -> list[Path]:
        """Swap the staged folder in for ``dest`` (the old one stays whole until then); its files."""
        listing = {"written_by": "cardgen", "files": sorted(set(self.files))}
        self.write(MARKER, (json.dumps(listing, indent=1) + "\n").encode("utf-8"))
        self.files.remove(MARKER)
        swap_in(self.tmp, self.dest, self.files)
        self.committed = True
        return [self.dest / rel for rel in sorted(self.files)]

    def _remove_created(self) -> None:
        for folder in reversed(self.created):
            try:
                folder.rmdir()
            except OSError:
                break

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        if not self.committed:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self._remove_created()
