"""A folder's marker (``MARKER``, ``.cardgen.json``): the proof that cardgen wrote it, file by
file. It lists every file with the SHA-256 it had when written, what kind of folder it is
(``kind``: which command or product wrote it, and ``holds``: that in words), what the folder's
name leaves out of the build (the exact title, which theme file, a report's command:
``made_with``) and what built it (``built``: product, options, version, from which ``cardgen
check`` builds it again). ``unproven`` says what in a folder cardgen cannot prove it wrote;
``write.staging`` replaces only what it can, and only with a folder of the same kind.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import is_litter, path_kind, read_file, show_path
from cardgen.units import shown

MARKER = ".cardgen.json"  # in every folder cardgen writes: whose it is and which files are its own
MAX_MARKER_BYTES = 4_000_000
HEX64 = re.compile(r"[0-9a-f]{64}")  # a digest as a marker records it
MANIFEST = "pack.json"  # (``manifest.MANIFEST``, named here: that module brings the themes with it)


@dataclass(frozen=True)
class Kind:
    """What kind of folder a command writes, as its marker records it: ``name``, the product
    (its registry name) or command that wrote it, and ``holds``, that in words, as a refusal
    says it ("it holds a Game of Trains variant pack"). A command replaces only a folder of its
    own kind (``write.owned``)."""

    name: str
    holds: str

    @classmethod
    def of(cls, name: str, title: str) -> Kind:
        """A product's kind, from its name and title.

        >>> Kind.of("amtrak-scorecard", "Amtrak scorecard").holds, Kind.of("supertrain", "SuperTrain tiles").holds
        ('an Amtrak scorecard', 'a set of SuperTrain tiles')
        """
        if title.endswith("s") and not title.endswith("ss"):
            return cls(name, f"a set of {title}")
        return cls(name, f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title}")


REPORT = Kind("simulate-report", "a simulation report")  # ``cardgen simulate --report``
SET = Kind("set", "a set of items cardgen build wrote")  # ``cardgen build``'s --out (its index page's marker)

# What an earlier cardgen wrote without recording its kind, by what its marker shows: a
# ``pack.json``'s game, what ``built`` names, or a report's lone page (``read_kind``). Only these
# were ever written so: every kind since is recorded.
EARLIER_KINDS = {
    k.name: k
    for k in (
        Kind.of("got", "Game of Trains variant pack"),
        Kind.of("got2d", "Game of Trains 2D pack"),
        Kind.of("supertrain", "SuperTrain tiles"),
        Kind.of("tokens", "freeze tokens"),
        Kind.of("placemat", "placemat"),
        Kind.of("supertrain-scoresheet", "SuperTrain score sheet"),
        Kind.of("amtrak-scorecard", "Amtrak scorecard"),
        Kind.of("handout", "rules handout"),
        Kind.of("testpage", "duplex alignment test page"),
        REPORT,
    )
}


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
            if rel == MARKER or (is_litter(name) and not link):
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


def litter_in(folder: Path) -> list[str]:
    """The files operating systems dropped into ``folder`` (``files.is_litter``), anywhere in
    it, as paths relative to it; links are not litter."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(top, d)))
        here = Path(os.path.relpath(top, folder))
        found += [
            (here / n).as_posix() for n in sorted(files) if is_litter(n) and not os.path.islink(os.path.join(top, n))
        ]
    return found


def marker_bytes(
    files: dict[str, str],
    made_with: dict[str, str] | None = None,
    built: dict[str, Any] | None = None,
    kind: Kind | None = None,
    extra: Mapping[str, object] | None = None,
) -> bytes:
    """A ``MARKER`` listing ``files`` (name -> digest), as cardgen writes it; ``kind``: what kind
    of folder it is; ``made_with``: what the folder's name leaves out of the build
    (``options.PrintOptions.made_with``), if anything; ``built``: how to make the same folder
    again (``products.recipe``: a folder without cards, whose ``cardgen check`` builds it again
    and compares bytes), if anything; ``extra``: more keys of its own (a set's folders)."""
    listing: dict[str, object] = {"written_by": "cardgen"}
    if kind is not None:
        listing["kind"] = kind.name
        listing["holds"] = kind.holds
    if made_with:
        listing["made_with"] = dict(sorted(made_with.items()))
    if built:
        listing["built"] = built
    listing.update(extra or {})
    listing["files"] = dict(sorted(files.items()))
    return (json.dumps(listing, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def read_listing(folder: Path, name: str = MARKER) -> dict[str, Any]:
    """``folder``'s marker as it was written, unchecked: empty when it is missing or not JSON."""
    try:
        if path_kind(folder / name) != "file":
            return {}
        data = json.loads(read_file(folder / name, limit=MAX_MARKER_BYTES, what="marker"))
    except (CardgenError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def read_built(folder: Path) -> Any:
    """What ``folder``'s marker says built it (``marker_bytes``'s ``built``), unchecked: None
    when it says nothing (a deck's, or an earlier version's)."""
    return read_listing(folder).get("built")


def read_kind(folder: Path) -> Kind | None:
    """What kind of folder ``folder``'s marker says it is (None: no marker, or one that says
    nothing cardgen can tell it by). An earlier cardgen's marker records no kind: it is told by
    what the folder holds, as only those kinds were written so (``EARLIER_KINDS``): a
    ``pack.json`` it lists names its game, ``built`` its product, and a lone ``index.html`` is a
    simulation report. Read after ``unproven`` proved the files unchanged."""
    data = read_listing(folder)
    name, holds = data.get("kind"), data.get("holds")
    if (
        isinstance(name, str)
        and isinstance(holds, str)
        and all(0 < len(t) <= 80 and t.isprintable() for t in (name, holds))
    ):
        return Kind(name, holds)
    files = data.get("files")
    listed = set(files) if isinstance(files, dict | list) else set()
    built = data.get("built")
    if isinstance(built, dict) and isinstance(built.get("product"), str):
        name = built["product"]
    elif MANIFEST in listed:
        try:
            game = json.loads(read_file(folder / MANIFEST, limit=MAX_MARKER_BYTES, what="manifest")).get("game")
        except (CardgenError, ValueError, RecursionError, AttributeError):
            game = None
        name = game if isinstance(game, str) else None
    elif listed == {"index.html"}:
        name = REPORT.name
    return EARLIER_KINDS.get(name) if isinstance(name, str) else None


def read_made_with(folder: Path) -> dict[str, str] | None:
    """What ``folder``'s marker says it was made with (None: it says nothing, as a plain build's
    and an older version's markers do); read after ``unproven`` found the marker sound."""
    made = read_listing(folder).get("made_with")
    if not isinstance(made, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in made.items()):
        return None
    return made


def another_build(old: dict[str, str], new: dict[str, str]) -> str | None:
    """How the build in a folder (``old``, as its marker records it) differs from the one about
    to replace it (``new``), as a phrase; None when they are the same build.

    >>> print(another_build({"title": "Family night"}, {"title": "FAMILY NIGHT!"}))
    the title 'Family night' (this build’s: 'FAMILY NIGHT!')
    >>> another_build({"theme": "ab"}, {"theme": "cd"}), another_build({"title": "x"}, {"title": "x"})
    ('another theme file of the same name', None)
    >>> print(another_build({"command": "cardgen simulate --games 5"}, {"command": "cardgen simulate --games 9"}))
    the command 'cardgen simulate --games 5' (this one’s: 'cardgen simulate --games 9')
    """
    if old.get("command", "") != new.get("command", ""):
        before, now = old.get("command", ""), new.get("command", "")
        return f"the command {shown(before, 80)} (this one’s: {shown(now, 80)})" if before else "another command"
    if old.get("title", "") != new.get("title", ""):
        before, now = old.get("title", ""), new.get("title", "")
        if not before:
            return "no title"
        return (
            f"the title {shown(before, 40)} (this build’s: {shown(now, 40)})"
            if now
            else f"the title {shown(before, 40)}"
        )
    if old.get("theme", "") != new.get("theme", ""):
        return "another theme file of the same name" if old.get("theme") else "no theme"
    return None


def _raise(e: OSError) -> None:
    raise e
