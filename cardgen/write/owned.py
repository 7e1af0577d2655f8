"""Whose a destination is, judged before cardgen writes anything there.

A command writes a folder of one kind (``marker.Kind``: a Game of Trains pack, a handout, a
simulation report …) and replaces what is at its destination only when that is missing, empty,
or a folder cardgen can prove it wrote, file by file (``marker.unproven``), *of the same
kind*: a mistyped ``--report`` naming a pack is refused, never the pack deleted. Of its own
kind, a folder made with another title, theme or command is cardgen's to rebuild: it is
replaced, and one line says what it held (``check_replaceable``'s notice). A folder holding a
file someone changed or added, an earlier cardgen's that records no checksums, or one that
cannot tell what kind it is, is refused in one line naming why, and nothing is deleted.

Nothing is ever written inside a folder cardgen owns (``check_outside_owned``): a rebuild
replaces such a folder whole, and anything put into it would either stop that rebuild or be
lost with it. A single file cardgen writes (a preview) replaces only a file it can prove is
its own (``check_own_file``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, reason, show_path
from cardgen.write.marker import (
    EARLIER,
    MARKER,
    Kind,
    another_build,
    read_kind,
    read_made_with,
    unproven,
)

INDEX = "index.html"
INDEX_MARKER = ".cardgen-index.json"  # proves ``out/index.html`` is cardgen's, as MARKER does a folder
SET_HOLDS = "a set of items cardgen build wrote (its index page and their folders)"


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


def check_named(dest: Path, what: str, option: str) -> None:
    """One line when the folder ``dest`` would replace the folder cardgen runs in, or one that
    holds it (``--report .``, ``--out ..`` from inside a pack), or is not named by a name of its
    own (``a/..``): a swap replaces the folder whole, and a path ending in ``.`` or ``..`` names
    no place to swap a folder into beside it."""
    try:
        here, there = Path.cwd().resolve(), dest.resolve()
        inside = here == there or there in here.parents
    except (OSError, RuntimeError):  # (no current folder, a link loop: nothing to compare)
        inside = False
    if inside:
        where = "is the folder" if here == there else "holds the folder"
        raise CardgenError(
            f"cannot write {what} to {show_path(dest)}: it {where} cardgen runs in, which it would replace whole; "
            f"give another {option}, or run cardgen from outside it"
        )
    if dest.name in ("", ".", ".."):
        raise CardgenError(f"cannot write {what} to {show_path(dest)}: name the folder itself (give another {option})")


def check_replaceable(
    dest: Path, kind: Kind, made_with: dict[str, str] | None = None, *, option: str = "--out"
) -> str | None:
    """One line (CardgenError) unless ``dest`` is missing, empty, or a folder of ``kind`` that
    cardgen can prove it wrote, file by file, and can clear; then the line saying what is
    replaced when it was made otherwise than ``made_with`` says the new one is (another title,
    theme or command), else None. ``option``: the command's option that names ``dest``, as the
    refusal names it."""
    refusal, notice = judge(dest, kind, made_with or {})
    if refusal is None:
        return notice
    why, phrase = refusal
    where = show_path(dest)
    if why == "file":
        raise CardgenError(f"cannot write to {where}: it {phrase}")
    if why == "earlier":
        raise CardgenError(f"cannot replace {where}: it {phrase}; move it away or delete it yourself, then build again")
    if why == "kind":
        raise CardgenError(f"cannot write {kind.holds} to {where}: it {phrase}; give another {option}")
    if why == "read-only":
        raise CardgenError(
            f"cannot replace {where}: it {phrase}; make it writable (chmod -R u+w {where}) or give another {option}"
        )
    raise CardgenError(f"cannot replace {where}: it {phrase}; move it out of the folder or give another {option}")


Refusal = tuple[str, str]  # (why: "file", "earlier", "kind", "read-only" or "unproven"; the phrase saying it)


def judge(dest: Path, kind: Kind, made_with: dict[str, str]) -> tuple[Refusal | None, str | None]:
    """(why ``dest`` may not be replaced by a folder of ``kind`` made with ``made_with``, or
    None; when it may, the line saying what it replaces if that was made otherwise, or None)."""
    found = path_kind(dest, doing="write to")
    if found == "missing":
        return None, None
    if found != "folder":
        return ("file", "is a file, not a folder"), None
    if path_kind(dest / MARKER) == "missing" and path_kind(dest / INDEX_MARKER) == "file":
        return ("kind", f"holds {SET_HOLDS}"), None
    try:
        why = unproven(dest)
    except OSError as e:
        raise CardgenError(f"cannot read {show_path(dest)}: {reason(e)}") from None
    if why:
        return ("earlier" if why == EARLIER else "unproven", why), None
    if path_kind(dest / MARKER) == "missing":  # empty, or only an operating system's litter
        return None, None
    old = read_kind(dest)
    if old is None:
        return ("earlier", "holds a folder an earlier cardgen wrote without recording what kind of folder it is"), None
    if old.name != kind.name:
        return ("kind", f"holds {old.holds} cardgen wrote"), None
    locked = read_only(dest)
    if locked is not None:
        return ("read-only", f"has the read-only folder {show_path(locked)}: cardgen could not delete its files"), None
    other = another_build(read_made_with(dest) or {}, made_with)
    return None, (f"replaced {show_path(dest)}: it held {old.holds} made with {other}" if other else None)


def read_only(folder: Path) -> Path | None:
    """The first folder in ``folder`` (itself included) whose files cardgen could not delete:
    one it may not write to (POSIX permissions; elsewhere a folder's read-only flag does not
    keep its files). Judged before the build, so a rebuild never swaps a new folder in and then
    leaves the old one behind, undeletable."""
    if os.name != "posix":
        return None
    for top, dirs, _ in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(top, d)))
        if not os.access(top, os.W_OK | os.X_OK):
            return Path(top)
    return None


def _has_marker(folder: Path) -> bool:
    try:
        return os.path.isfile(folder / MARKER)
    except (OSError, ValueError):
        return False


def owner_of(path: Path) -> Path | None:
    """The folder cardgen wrote that ``path`` is inside (a folder holding a ``MARKER``), named as
    the user named it where it is one of the path's own parents; None when there is none. The
    path's parents are followed as the system follows them (``..`` after a link)."""
    given = [] if ".." in path.parts else [p for p in path.parents if p.name not in ("", ".")]
    for folder in given:  # (after a '..', the path's parents as written are not where it is)
        if _has_marker(folder):
            return folder
    real = Path(os.path.realpath(path.absolute().parent))
    for folder in (real, *real.parents):
        if _has_marker(folder):
            return folder
    return None


def check_outside_owned(path: Path, what: str, option: str) -> None:
    """One line when ``path`` is inside a folder cardgen wrote: a rebuild replaces that folder
    whole, so anything written into it would stop the rebuild (a file cardgen cannot prove) or
    be lost with it. ``what``: what would be written ("a simulation report"), ``option``: the
    command's option that names ``path`` ("": none does, the path is the folder's own)."""
    owner = owner_of(path)
    if owner is None:
        return
    found = read_kind(owner)
    holds = found.holds if found is not None else "a folder"
    instead = f"give another {option} outside it" if option else "move that folder out of it first"
    raise CardgenError(
        f"cannot write {what} to {show_path(path)}: it is inside {show_path(owner)}, which holds {holds} "
        f"cardgen wrote and replaces whole; {instead}"
    )


def check_own_file(path: Path, *, is_own: Callable[[bytes], bool], what: str, limit: int) -> None:
    """One line unless ``path`` is missing or a file ``is_own`` proves cardgen wrote (a signed
    preview), unchanged since."""
    kind = path_kind(path, doing="write to")
    if kind == "missing":
        return
    mine = kind == "file" and not os.path.islink(path) and is_own(read_file(path, limit=limit, what=what))
    if not mine:
        raise CardgenError(
            f"cannot replace {show_path(path)}: cardgen did not write it, or it was changed since; move it away first"
        )
