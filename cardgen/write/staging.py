"""Writing output all or nothing, and never over anything cardgen did not write.

A build is staged in a hidden folder beside its destination
(``out/.cardgen-stage-<slug>-<pid>-<random>``) and swapped in whole once it is
complete: the destination is either the previous build or the new one, never a
mix and never half of either. On Linux the swap is one ``renameat2`` call
(RENAME_EXCHANGE); elsewhere the old folder is renamed aside, the new one in,
and the old one deleted (``write.swap``). A build killed on the way leaves only
hidden names of its own; the next run that writes in the same place clears them
(``sets.tidy``: a set half swapped in is completed, a replaced folder put back if
its destination is missing), or says in one line what it could not clear.

Every folder cardgen writes holds its marker (``write.marker``): its kind, and its files
with each one's SHA-256. A destination folder is replaced only by a folder of the same kind,
and only when cardgen can prove it wrote it, file by file (``write.owned``); nothing is
written inside a folder cardgen wrote. Everything that can be refused is refused before
the build begins, in one line, and the same judgment is made again, under a lock
(``swap.locked``), just before the swap: two runs writing into one place take turns there.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextvars import ContextVar
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from cardgen.write import swap
from cardgen.write.marker import MARKER, Kind, digest, file_digest, marker_bytes, read_kind, read_made_with
from cardgen.write.owned import (
    INDEX,
    INDEX_MARKER,
    check_named,
    check_outside_owned,
    check_own_file,
    check_replaceable,
    check_writable,
)
from cardgen.write.sets import JOURNAL, check_index_replaceable, check_set_place, finish_set, swap_set, tidy
from cardgen.write.swap import STAGE, sweep

__all__ = [
    "INDEX",
    "INDEX_MARKER",
    "JOURNAL",
    "STAGE",
    "Staging",
    "check_index_replaceable",
    "check_set_place",
    "check_replaceable",
    "check_writable",
    "finish_set",
    "swap_in",
    "swap_set",
    "sweep",
    "tidy",
    "write_own_file",
    "writing_beside",
]

T = TypeVar("T")

# Files a command writes beside the folder once it is built (``--preview``'s picture): a check
# for each, run on the destination before anything is built (``writing_beside``).
_BESIDE: ContextVar[tuple[Callable[[Path], None], ...]] = ContextVar("beside", default=())


@contextlib.contextmanager
def writing_beside(check: Callable[[Path], None]) -> Iterator[None]:
    """While this lasts, every folder staged is first judged by ``check(dest)`` too: a command
    that writes a file beside its folder after the build (``--preview``) is refused before the
    build if that file could not be written, not after the folder went in."""
    token = _BESIDE.set((*_BESIDE.get(), check))
    try:
        yield
    finally:
        _BESIDE.reset(token)


def swap_in(tmp: Path, dest: Path) -> None:
    """Put the folder ``tmp`` (beside ``dest``) in the place of ``dest``, whole: the old folder
    stays whole until the new one is in, and is deleted after. Judged again first, as the build
    began (the folder may have changed while the build ran), with ``tmp``'s kind and options."""
    kind = read_kind(tmp)
    assert kind is not None  # (``Staging.commit`` wrote its marker)
    with swap.locked(dest.absolute().parent):
        notice = check_replaceable(dest, kind, read_made_with(tmp) or {})
        try:
            swap.keep_litter(dest, tmp)  # what the user's file browser dropped there goes on with the folder
        except OSError as e:
            raise swap.fail("write to", dest, e) from None
        old = swap.put(tmp, dest)
    if notice:
        swap.log.info(notice)
    if old is not None and os.path.islink(old):
        os.unlink(old)  # the destination was a link to a folder: the link goes, its folder stays
    elif old is not None:
        swap.remove_old(old, dest)


def write_own_file(path: Path, data: bytes, *, is_own: Callable[[bytes], bool], what: str, limit: int) -> None:
    """Write ``data`` to ``path`` in one step (a file beside it, renamed over it), where
    ``path`` is missing or a file ``is_own`` proves cardgen wrote (a signed preview), and not
    inside a folder cardgen wrote (``owned.check_outside_owned``); anything else there is
    refused in one line and left as it is."""
    check_outside_owned(path, f"the {what}", "")
    with swap.locked(path.absolute().parent):
        tidy(path.parent)
        check_own_file(path, is_own=is_own, what=what, limit=limit)
        try:
            swap.write_atomically(path, data)
        except OSError as e:
            raise swap.fail("write", path, e) from None


class Staging:
    """Collects a build's files in a folder beside the destination; ``commit`` swaps it in whole.

    ``with Staging(folder, kind=KIND) as stage: stage.write(rel, data); ...; stage.commit()``. Leaving the
    block without committing deletes the staging folder and any parent folder it had to create.
    """

    def __init__(
        self,
        dest: Path,
        made_with: dict[str, str] | None = None,
        built: dict[str, Any] | None = None,
        *,
        kind: Kind,
        option: str = "--out",
    ) -> None:
        self.dest = dest
        self.kind = kind  # recorded in the marker: what the folder holds (``owned.check_replaceable``)
        self.made_with = made_with or {}  # recorded in the marker: see ``check_replaceable``
        self.built = built  # recorded in the marker: see ``marker_bytes``
        self.committed = False
        self.created: list[Path] = []
        self.files: dict[str, str | None] = {}  # staged file -> its digest (None: written elsewhere, see ``place``)
        self.folders: set[Path] = set()  # folders of the stage made already (a deck writes a thousand files in one)
        check_named(dest, kind.holds, option)
        base = check_writable(dest)
        check_outside_owned(dest, kind.holds, option)
        self.parent = dest.absolute().parent
        with swap.locked(base):
            if base == self.parent:
                tidy(dest.parent)  # first, so that an old folder put back is judged like any other
            check_replaceable(dest, kind, self.made_with, option=option)  # fail before the build, not after it
        for check in _BESIDE.get():
            check(dest)
        try:
            # a missing --out is made (it is where the staging folder goes), and removed again
            # if the build fails, so a failed build leaves nothing behind; one another run made
            # meanwhile is theirs
            missing = []
            p = self.parent
            while p != base:
                missing.append(p)
                p = p.parent
            for folder in reversed(missing):
                try:
                    folder.mkdir()
                except FileExistsError:
                    continue
                self.created.append(folder)
            self.tmp = self._mkdir(STAGE)
        except OSError as e:
            self._remove_created()
            raise swap.fail("write to", dest, e) from None
        except BaseException:
            self._remove_created()
            raise

    def _mkdir(self, prefix: str) -> Path:
        """A new folder named by ``swap.beside`` (its mode as the umask says, like any folder the user makes)."""
        for _ in range(100):
            path = swap.beside(self.parent / self.dest.name, prefix)
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
            raise swap.fail("write to", self.dest, e) from None
        self.files[rel] = digest(data)

    def place(self, rel: str) -> Path:
        """Where another process (a worker) writes the file ``rel`` of the stage: committed with
        the rest once ``wait`` has seen that work done."""
        target = self.tmp / rel
        try:
            self._folder(target.parent)
        except OSError as e:
            raise swap.fail("write to", self.dest, e) from None
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
            raise swap.fail("write to", self.dest, e) from None

    def commit(self) -> list[Path]:
        """Swap the staged folder in for ``dest`` (the old one stays whole until then); its files."""
        try:
            files = {rel: known or file_digest(self.tmp / rel) for rel, known in sorted(self.files.items())}
        except OSError as e:
            raise swap.fail("read", self.tmp, e) from None
        self.write(MARKER, marker_bytes(files, self.made_with, self.built, self.kind))
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
