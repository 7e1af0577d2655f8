"""A folder's marker (``MARKER``, ``.cardgen.json``): the proof that cardgen wrote it, file by
file. It lists every file with the SHA-256 it had when written, what the folder's name leaves
out of the build (the exact title, which theme file: ``made_with``) and what built it
(``built``: product, options, version, from which ``cardgen check`` builds it again).
``unproven`` says what in a folder cardgen cannot prove it wrote; ``write.staging`` replaces
only what it can.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, show_path
from cardgen.units import shown

MARKER = ".cardgen.json"  # in every folder cardgen writes: whose it is and which files are its own
LITTER = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})  # what file browsers add; safe to drop
MAX_MARKER_BYTES = 4_000_000
HEX64 = re.compile(r"[0-9a-f]{64}")  # a digest as a marker records it


def digest(data: bytes) -> str:
    """What a marker records of a file: its SHA-256, in hex."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str:
    """``digest`` of the file at ``path``, read in pieces."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def read_marker(folder: Path, name: str = MARKER) -> dict[str, str | None] | None:
    """The files ``folder``'s ``MARKER`` (or the marker ``name``) says cardgen wrote, each with
    the digest it had when written (None where an older marker records names only); None when
    there is no marker. One line when the marker is damaged."""
    marker = folder / name
    if path_kind(marker) != "file":
        return None
    try:
        data = json.loads(read_file(marker, limit=MAX_MARKER_BYTES, what="marker"))
        files = data["files"]
        if isinstance(files, list) and all(isinstance(f, str) for f in files):
            return dict.fromkeys(files)  # a marker from before digests: names only
        if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and HEX64.fullmatch(v) for k, v in files.items()
        ):
            raise TypeError("files is not a table of names and digests")
        return dict(files)
    except (ValueError, KeyError, TypeError, RecursionError) as e:
        raise CardgenError(f"cannot replace {show_path(folder)}: its {name} is damaged ({e})") from None


# A marker from before digests lists names only: it cannot tell an edited file from the one
# cardgen wrote, so it proves nothing of any file, and the folder is never replaced.
EARLIER = (
    f"has a {MARKER} from an earlier cardgen that lists its files without checksums, "
    "so cardgen cannot tell whether they were changed since"
)


def unproven(folder: Path) -> str | None:
    """The first thing in ``folder`` that cardgen cannot prove it wrote, as a phrase ("holds
    notes.txt, which cardgen did not write"), or None when cardgen wrote every file and folder
    in it and none has changed since (file browsers' litter aside). Without a marker, or with
    an earlier cardgen's that records no checksums (``EARLIER``), cardgen can prove nothing:
    any file is unproven."""
    own = read_marker(folder)
    if own is not None and any(wanted is None for wanted in own.values()):
        return EARLIER
    folders = {p for rel in (own or {}) for p in Path(rel).parents if p != Path(".")}
    for top, dirs, files in os.walk(folder, onerror=_raise):
        # symlinked folders are not walked into: they are entries like files, and cardgen writes none
        links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
        dirs[:] = sorted(d for d in dirs if d not in links)
        here = Path(os.path.relpath(top, folder))
        for name in sorted(files + links):
            rel = (here / name).as_posix()
            link = os.path.islink(os.path.join(top, name))
            if rel == MARKER or (name in LITTER and not link):
                continue
            if own is None:
                return f"holds {shown(rel)}, which cardgen did not write (no {MARKER} lists it)"
            if link or rel not in own:
                return f"holds {shown(rel)}, which cardgen did not write"
            if file_digest(folder / rel) != own[rel]:
                return f"holds {shown(rel)}, which was changed after cardgen wrote it"
        for d in dirs:
            sub = here / d
            if sub not in folders and not any(True for _ in os.scandir(os.path.join(top, d))):
                return f"holds the folder {shown(sub.as_posix() + '/')}, which cardgen did not make"
    return None


def marker_bytes(
    files: dict[str, str], made_with: dict[str, str] | None = None, built: dict[str, Any] | None = None
) -> bytes:
    """A ``MARKER`` listing ``files`` (name -> digest), as cardgen writes it; ``made_with``: what
    the folder's name leaves out of the build (``options.PrintOptions.made_with``), if anything;
    ``built``: how to make the same folder again (``products.recipe``: a folder without cards,
    whose ``cardgen check`` builds it again and compares bytes), if anything."""
    listing: dict[str, object] = {"written_by": "cardgen"}
    if made_with:
        listing["made_with"] = dict(sorted(made_with.items()))
    if built:
        listing["built"] = built
    listing["files"] = dict(sorted(files.items()))
    return (json.dumps(listing, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def read_built(folder: Path) -> Any:
    """What ``folder``'s marker says built it (``marker_bytes``'s ``built``), unchecked: None
    when it says nothing (a deck's, or an earlier version's)."""
    try:
        data = json.loads(read_file(folder / MARKER, limit=MAX_MARKER_BYTES, what="marker"))
    except (CardgenError, ValueError, RecursionError):
        return None
    return data.get("built") if isinstance(data, dict) else None


def read_made_with(folder: Path) -> dict[str, str] | None:
    """What ``folder``'s marker says it was made with (None: it says nothing, as a plain build's
    and an older version's markers do); read after ``unproven`` found the marker sound."""
    try:
        data = json.loads(read_file(folder / MARKER, limit=MAX_MARKER_BYTES, what="marker"))
    except (CardgenError, ValueError, RecursionError):
        return None
    made = data.get("made_with") if isinstance(data, dict) else None
    if not isinstance(made, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in made.items()):
        return None
    return made


def _another_build(old: dict[str, str], new: dict[str, str]) -> str | None:
    """How the build in a folder (``old``, as its marker records it) differs from the one about
    to replace it (``new``), as a phrase; None when they are the same build.

    >>> print(_another_build({"title": "Family night"}, {"title": "FAMILY NIGHT!"}))
    the title 'Family night' (this build’s: 'FAMILY NIGHT!')
    >>> _another_build({"theme": "ab"}, {"theme": "cd"}), _another_build({"title": "x"}, {"title": "x"})
    ('another theme file of the same name', None)
    """
    if old.get("title", "") != new.get("title", ""):
        before, now = old.get("title", ""), new.get("title", "")
        if not before:
            return "no title"
        return f"the title {shown(before, 40)} (this build’s: {shown(now, 40)})" if now else f"the title {shown(before, 40)}"
    if old.get("theme", "") != new.get("theme", ""):
        return "another theme file of the same name" if old.get("theme") else "no theme"
    return None


def _raise(e: OSError) -> None:
    raise e
