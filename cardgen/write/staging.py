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

Every folder cardgen writes holds its marker (``write.marker``), listing its files and each
one's SHA-256. A destination folder is replaced only when cardgen can prove it wrote it, file
by file: every file in it is one its marker lists, unchanged since (file browsers' litter
aside), and every folder in it holds such files. A folder without a marker proves nothing,
whatever else it holds (a ``pack.json`` too): the build stops with one line naming the first
file it cannot prove, and deletes nothing.
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
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, reason, show_path
from cardgen.units import shown
from cardgen.write.marker import (
    EARLIER,
    HEX64,
    MARKER,
    MAX_MARKER_BYTES,
    _another_build,
    digest,
    file_digest,
    marker_bytes,
    read_made_with,
    read_marker,
    unproven,
)

STAGE = ".cardgen-stage-"
OLD = ".cardgen-old-"
_LEFTOVER = re.compile(r"\.cardgen-(stage|old)-(.+)-([0-9]+)-([0-9a-f]{8})")
_LEFTOVER_STAGE = re.compile(r"\.cardgen-stage-(.+)-([0-9]+)-([0-9a-f]{8})")
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


def check_replaceable(dest: Path, made_with: dict[str, str] | None = None, *, option: str = "--out") -> None:
    """One line unless ``dest`` is missing, empty, or a folder cardgen can prove it wrote, file
    by file (``unproven``): only then may a build replace it. ``made_with``: what the new build
    records in its marker; a folder whose marker records another title or theme holds another
    build that only shares its name, and is not replaced either. ``option``: the command's option
    that names ``dest``, as the line names it."""
    why = _not_replaceable(dest, made_with)
    if why is None:
        return
    if why.startswith("is a file"):
        raise CardgenError(f"cannot write to {show_path(dest)}: it {why}")
    if why == EARLIER:
        raise CardgenError(
            f"cannot replace {show_path(dest)}: it {why}; move it away or delete it yourself, then build again"
        )
    if why.startswith("holds another build"):
        raise CardgenError(
            f"cannot replace {show_path(dest)}: it {why}; give another {option}, or move that folder away first"
        )
    raise CardgenError(f"cannot replace {show_path(dest)}: it {why}; move it out of the folder or give another {option}")


def _not_replaceable(dest: Path, made_with: dict[str, str] | None = None) -> str | None:
    """Why ``dest`` may not be replaced by a build recording ``made_with``, as a phrase ("holds
    notes.txt, which cardgen did not write"), or None when it may (``check_replaceable``)."""
    kind = path_kind(dest, doing="write to")
    if kind == "missing":
        return None
    if kind != "folder":
        return "is a file, not a folder"
    try:
        why = unproven(dest)
    except OSError as e:
        raise _fail("read", dest, e) from None
    if why:
        return why
    old = read_made_with(dest) if made_with is not None else None
    other = _another_build(old, made_with) if old is not None and made_with is not None else None
    return f"holds another build, made with {other}" if other else None


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
    finish_set(parent)  # a set a killed build began to swap in: complete it before its stage is swept
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
        stale = not _alive(pid) if os.name == "posix" else st.st_mtime < _STARTED
        if not stale:
            continue
        if not stat.S_ISDIR(st.st_mode):
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


def swap_in(tmp: Path, dest: Path) -> None:
    """Put the folder ``tmp`` (beside ``dest``) in the place of ``dest``, whole: the old folder
    stays whole until the new one is in, and is deleted after."""
    check_replaceable(dest, read_made_with(tmp) or {})  # again: the folder may have changed while the build ran
    old = _put(tmp, dest)
    if old is not None and os.path.islink(old):
        os.unlink(old)  # the destination was a link to a folder: the link goes, its folder stays
    elif old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _put(tmp: Path, dest: Path) -> Path | None:
    """``tmp`` renamed to ``dest`` in one step where the platform can (the previous ``dest`` left
    at ``tmp``), else in two; where the previous one is now (None: there was none)."""
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
    return old


# ---------------------------------------------------------------- a set of folders, as one step

JOURNAL = ".cardgen-set.json"  # in ``out`` while a set is being swapped in
INDEX = "index.html"
INDEX_MARKER = ".cardgen-index.json"  # proves ``out/index.html`` is cardgen's, as MARKER does a folder


def check_index_replaceable(out: Path) -> None:
    """One line unless ``out/index.html`` is missing or cardgen wrote it, unchanged since."""
    index = out / INDEX
    kind = path_kind(index, doing="write to")
    if kind == "missing":
        return
    own = read_marker(out, INDEX_MARKER) if kind == "file" and not os.path.islink(index) else None
    wanted = own.get(INDEX) if own is not None else None  # (an earlier marker's None proves nothing)
    if wanted is None or file_digest(index) != wanted:
        raise CardgenError(
            f"cannot replace {show_path(index)}: cardgen did not write it, or it was changed since; "
            "move it out of the folder or give another --out"
        )


def _marker_digest(folder: Path) -> str | None:
    try:
        return file_digest(folder / MARKER)
    except OSError:
        return None


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.parent / f"{STAGE}{path.name}-{os.getpid()}-{_token()}"
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a full disk or Ctrl-C leaves no half file
        raise


def write_own_file(path: Path, data: bytes, *, is_own: Callable[[bytes], bool], what: str, limit: int) -> None:
    """Write ``data`` to ``path`` in one step (a file beside it, renamed over it), where
    ``path`` is missing or a file ``is_own`` proves cardgen wrote (a signed preview); anything
    else there is refused in one line and left as it is."""
    kind = path_kind(path, doing="write to")
    if kind != "missing":
        mine = kind == "file" and not os.path.islink(path) and is_own(read_file(path, limit=limit, what=what))
        if not mine:
            raise CardgenError(
                f"cannot replace {show_path(path)}: cardgen did not write it, or it was changed since; "
                "move it away first"
            )
    try:
        _write_atomically(path, data)
    except OSError as e:
        raise _fail("write", path, e) from None


def swap_set(stage: Path, out: Path, folders: dict[str, Path], index: bytes) -> None:
    """Put every staged folder (``out/<name>`` from ``folders[name]``, each inside ``stage``) and
    ``index`` (as ``out/index.html``) into ``out``, as one step: a journal in ``out`` lists them
    first, each new folder known by the digest of its marker; then they go in one by one, and
    the journal goes last. A build killed in between leaves the journal, and the next build in
    ``out`` completes the set before it does anything else (``finish_set``): ``out`` never keeps
    a mix of two sets. Every destination is checked first: a refusal swaps nothing in."""
    for name, path in folders.items():
        check_replaceable(out / name, read_made_with(path) or {})
    check_index_replaceable(out)
    try:
        (stage / INDEX).write_bytes(index)
        journal = {
            "written_by": "cardgen",
            "pid": os.getpid(),
            "stage": stage.name,
            "folders": {
                name: [path.relative_to(stage).as_posix(), file_digest(path / MARKER)] for name, path in folders.items()
            },
            "index": digest(index),
        }
        _write_atomically(out / JOURNAL, (json.dumps(journal, indent=1) + "\n").encode("utf-8"))
    except OSError as e:
        raise _fail("write to", out, e) from None
    _finish(out, journal, checked=True)


def _finish(out: Path, journal: dict[str, Any], *, checked: bool = False) -> None:
    """Swap in what ``journal`` lists and is not in yet; then the index, its marker, and away
    with the journal and the staging folder (which holds the folders replaced). Unless
    ``checked`` (``swap_set`` checked every destination a moment ago), each destination is
    checked first, as a build checks it: a folder or an index page put there since the set
    began (the user's) is refused in one line, and nothing is moved or deleted."""
    stage = out / journal["stage"]
    # still to go in: each new folder still in the stage, whose destination is not it already (one
    # gone from the stage went in: if it is not in its place now, its owner moved it, and what is
    # there now is left alone)
    todo = [(name, rel, wanted) for name, (rel, wanted) in journal["folders"].items()]
    todo = [(n, rel, w) for n, rel, w in todo if _marker_digest(stage / rel) == w != _marker_digest(out / n)]
    if not checked:
        _check_unfinished(out, stage, todo, journal["index"])
    try:
        with _signals_held():
            for name, rel, _ in todo:
                old = _put(stage / rel, out / name)
                if old is not None and old.parent != stage:  # two renames: the old one aside in ``out``
                    shutil.rmtree(old, ignore_errors=True)
            index = stage / INDEX
            if index.is_file() and _index_digest(out) != journal["index"]:
                os.replace(index, out / INDEX)
            _write_atomically(out / INDEX_MARKER, marker_bytes({INDEX: journal["index"]}))
            os.unlink(out / JOURNAL)
    except OSError as e:
        raise _fail("write to", out, e) from None
    shutil.rmtree(stage, ignore_errors=True)


def _index_digest(out: Path) -> str | None:
    try:
        return file_digest(out / INDEX) if path_kind(out / INDEX) == "file" else None
    except OSError:
        return None


def _check_unfinished(out: Path, stage: Path, todo: list[tuple[str, str, str]], index: str) -> None:
    """One line unless every destination a killed build had yet to fill is still what it was
    then: missing, or cardgen's and unchanged (``check_replaceable``), the index page too."""
    begun = f"cannot finish the set a killed build began in {show_path(out)}"
    for name, rel, _ in todo:
        why = _not_replaceable(out / name, read_made_with(stage / rel) or {})
        if why:
            raise CardgenError(
                f"{begun}: {show_path(out / name)} {why}; move it out of {show_path(out)}, then build again"
            )
    if _index_digest(out) != index:
        try:
            check_index_replaceable(out)
        except CardgenError:
            raise CardgenError(
                f"{begun}: {show_path(out / INDEX)} is not the index page cardgen wrote, or was changed since; "
                f"move it out of {show_path(out)}, then build again"
            ) from None


def finish_set(out: Path) -> None:
    """Complete a set a killed build began swapping into ``out`` (see ``swap_set``)."""
    path = out / JOURNAL
    if path_kind(path) != "file":
        return
    try:
        journal = json.loads(read_file(path, limit=MAX_MARKER_BYTES, what="journal"))
        pid = journal["pid"]
        if not isinstance(pid, int) or not _LEFTOVER_STAGE.fullmatch(str(journal["stage"])):
            raise ValueError("not a journal cardgen writes")
        for name, (rel, wanted) in journal["folders"].items():
            if "/" in name or name in ("", ".", "..") or not HEX64.fullmatch(wanted) or ".." in Path(rel).parts:
                raise ValueError(f"it names {name!r}")
        if not HEX64.fullmatch(journal["index"]):
            raise ValueError("its index has no digest")
    except (ValueError, KeyError, TypeError, RecursionError) as e:
        raise CardgenError(
            f"cannot finish the set begun in {show_path(out)}: its {JOURNAL} is damaged ({shown(str(e), 60)}); "
            f"move {JOURNAL} away to build there again"
        ) from None
    if pid != os.getpid() and _alive(pid):
        return  # still being swapped in by its own build
    _finish(out, journal)


class Staging:
    """Collects a build's files in a folder beside the destination; ``commit`` swaps it in whole.

    ``with Staging(folder) as stage: stage.write(rel, data); ...; stage.commit()``. Leaving the
    block without committing deletes the staging folder and any parent folder it had to create.
    """

    def __init__(
        self,
        dest: Path,
        made_with: dict[str, str] | None = None,
        built: dict[str, Any] | None = None,
        *,
        option: str = "--out",
    ) -> None:
        self.dest = dest
        self.made_with = made_with or {}  # recorded in the marker: see ``check_replaceable``
        self.built = built  # recorded in the marker: see ``marker_bytes``
        self.committed = False
        self.created: list[Path] = []
        self.files: dict[str, str | None] = {}  # staged file -> its digest (None: written elsewhere, see ``place``)
        self.folders: set[Path] = set()  # folders of the stage made already (a deck writes a thousand files in one)
        base = check_writable(dest)
        self.parent = dest.absolute().parent
        if base == self.parent:
            sweep(self.parent)  # first, so that an old folder put back is judged like any other
        check_replaceable(dest, self.made_with, option=option)  # fail before the build, not after it
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
            self._folder(target.parent)
            target.write_bytes(data)
        except OSError as e:
            raise _fail("write to", self.dest, e) from None
        self.files[rel] = digest(data)

    def place(self, rel: str) -> Path:
        """Where another process (a worker) writes the file ``rel`` of the stage: committed with
        the rest once ``wait`` has seen that work done."""
        target = self.tmp / rel
        try:
            self._folder(target.parent)
        except OSError as e:
            raise _fail("write to", self.dest, e) from None
        self.files[rel] = None
        return target

    def _folder(self, folder: Path) -> None:
        """Make ``folder`` of the stage (and those above it) unless made already."""
        if folder not in self.folders:
            folder.mkdir(parents=True, exist_ok=True)
            self.folders.add(folder)

    def wait(self, work: Future[T]) -> T:
        """The result of work writing into the stage elsewhere (``place``); a failure to write
        is one line, as ``write``'s is."""
        try:
            return work.result()
        except OSError as e:
            raise _fail("write to", self.dest, e) from None

    def commit(self) -> list[Path]:
        """Swap the staged folder in for ``dest`` (the old one stays whole until then); its files."""
        try:
            files = {rel: known or file_digest(self.tmp / rel) for rel, known in sorted(self.files.items())}
        except OSError as e:
            raise _fail("read", self.tmp, e) from None
        self.write(MARKER, marker_bytes(files, self.made_with, self.built))
        del self.files[MARKER]
        swap_in(self.tmp, self.dest)
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
