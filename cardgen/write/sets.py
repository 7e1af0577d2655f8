"""A set of folders and its index page, swapped into ``out`` as one step (``cardgen build``).

The index page is proved cardgen's by a marker of its own (``INDEX_MARKER``), as a folder is by
``.cardgen.json``; it also records the set's kind and its folders, so that ``cardgen check
out`` knows which items the set holds, and no other command takes ``out`` for a folder of its
own. ``out`` itself is not cardgen's: it may hold other things of the user's, which are left
alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, show_path
from cardgen.units import shown
from cardgen.write import swap
from cardgen.write.marker import (
    HEX64,
    MARKER,
    MAX_MARKER_BYTES,
    SET,
    Kind,
    digest,
    file_digest,
    marker_bytes,
    read_kind,
    read_made_with,
    read_marker,
)
from cardgen.write.owned import INDEX, INDEX_MARKER, check_replaceable, judge

JOURNAL = ".cardgen-set.json"  # in ``out`` while a set is being swapped in


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


def _kind(folder: Path) -> Kind:
    found = read_kind(folder)
    if found is None:  # (every folder a product stages records its kind)
        raise CardgenError(f"cannot tell what kind of folder {show_path(folder)} is")
    return found


def swap_set(stage: Path, out: Path, folders: dict[str, Path], index: bytes) -> None:
    """Put every staged folder (``out/<name>`` from ``folders[name]``, each inside ``stage``) and
    ``index`` (as ``out/index.html``) into ``out``, as one step: a journal in ``out`` lists them
    first, each new folder known by the digest of its marker; then they go in one by one, and
    the journal goes last. A build killed in between leaves the journal, and the next build in
    ``out`` completes the set before it does anything else (``finish_set``): ``out`` never keeps
    a mix of two sets. Every destination is checked first: a refusal swaps nothing in. Another
    cardgen run swapping into ``out`` meanwhile waits for this one (``swap.locked``)."""
    with swap.locked(out):
        notices = [
            check_replaceable(out / name, _kind(path), read_made_with(path) or {}) for name, path in folders.items()
        ]
        check_index_replaceable(out)
        try:
            (stage / INDEX).write_bytes(index)
            journal = {
                "written_by": "cardgen",
                "pid": os.getpid(),
                "stage": stage.name,
                "folders": {
                    name: [path.relative_to(stage).as_posix(), file_digest(path / MARKER)]
                    for name, path in folders.items()
                },
                "index": digest(index),
            }
            swap.write_atomically(out / JOURNAL, (json.dumps(journal, indent=1) + "\n").encode("utf-8"))
        except OSError as e:
            raise swap.fail("write to", out, e) from None
        _finish(out, journal, checked=True)
    for notice in notices:
        if notice:
            swap.log.info(notice)


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
        for name, rel, _ in todo:  # what the user's file browser dropped into a folder goes on with it
            swap.keep_litter(out / name, stage / rel)
        with swap.signals_held():
            for name, rel, _ in todo:
                old = swap.put(stage / rel, out / name)
                if old is not None and old.parent != stage:  # two renames: the old one aside in ``out``
                    swap.remove_old(old, out / name)
            index = stage / INDEX
            if index.is_file() and _index_digest(out) != journal["index"]:
                os.replace(index, out / INDEX)
            listing = marker_bytes({INDEX: journal["index"]}, kind=SET, extra={"folders": sorted(journal["folders"])})
            swap.write_atomically(out / INDEX_MARKER, listing)
            os.unlink(out / JOURNAL)
    except OSError as e:
        raise swap.fail("write to", out, e) from None
    swap.remove_old(stage, out)  # (the folders the set replaced)


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
        refusal, _notice = judge(out / name, _kind(stage / rel), read_made_with(stage / rel) or {})
        if refusal:
            raise CardgenError(
                f"{begun}: {show_path(out / name)} {refusal[1]}; move it out of {show_path(out)}, then build again"
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
    with swap.locked(out):
        if path_kind(path) != "file":
            return  # another run finished it while this one waited
        try:
            journal = json.loads(read_file(path, limit=MAX_MARKER_BYTES, what="journal"))
            pid = journal["pid"]
            if not isinstance(pid, int) or not swap.LEFTOVER_STAGE.fullmatch(str(journal["stage"])):
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
        if pid != os.getpid() and swap.alive(pid):
            return  # still being swapped in by its own build
        _finish(out, journal)


def check_set_place(out: Path) -> None:
    """Before a set is built for ``out``: one line unless its index page may be replaced, once a
    set a killed build began there is completed (or refused, in one line). Another run swapping
    into ``out`` meanwhile is waited for, so that its index page is not seen half replaced."""
    with swap.locked(out):
        finish_set(out)
        check_index_replaceable(out)


def tidy(parent: Path) -> list[Path]:
    """Before writing in ``parent``: complete a set a killed build began there, then clear what
    killed runs left (``swap.sweep``); what was put back."""
    with swap.locked(parent):
        finish_set(parent)
        return swap.sweep(parent)
