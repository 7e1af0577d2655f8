"""Building again and comparing: a written folder's files against what this cardgen version
writes for the same thing, byte for byte (builds are deterministic: same inputs, same bytes).

One comparison, three ways of making the bytes to compare with:

- a deck of tokens or tiles (``products.tokens``, ``products.supertrain``): the product says what
  it draws for the deck its ``pack.json`` records (each file, the sheets' PDF) and
  ``redrawn_folder`` compares;
- a pack of numbered cards (``proof.numbered``): each card's SVG against its drawing as it is
  read (``proof.cards.CardSvgs``: a card drawn differently is then held to its drawing on the
  sheets, not to its SVG), then ``redrawn_files``: each back, the files beside them;
- a folder without cards (``check.rebuilt_problems``): built again whole in a temporary folder,
  then ``compare_built``.

Only a folder this very version wrote is compared (another version may draw differently: that
is a finding in itself, ``proof.folder.version_problems``). A file that is missing or cannot be
read is named where the folder is read, not here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file
from cardgen.proof.audit import pdf_damage
from cardgen.proof.cards import SvgCards, back_stem
from cardgen.proof.folder import stray_files, version_problems
from cardgen.proof.pdfshape import pdf_differences, pdf_outside
from cardgen.rules.got.printed import Item
from cardgen.rules.shared import Violation, capped

FILE_LIMIT = 200_000_000  # a handout's PDF is well under 1 MB, a mat's a few, a big deck's sheets more
MAX_NAMED = 20  # files named as differing; the rest in one line
MAX_PDF = 8  # differences of one PDF named

Make = Callable[[], bytes]  # the bytes this version writes for a file, made when asked


def files_differ(
    folder: Path, wanted: Mapping[str, Make], what: str, *, audit: bool = False, unread: bool = False
) -> list[Violation]:
    """Each file of ``wanted`` (a path in ``folder`` -> what this version writes there) that is
    in the folder but is not byte for byte what this version writes "for ``what``". A PDF's
    differences are named where they can be (``pdf_differences``); with ``audit`` a PDF is first
    held to be undamaged and to hold nothing cardgen never writes (else nothing audits it).
    ``unread``: a file that cannot be read is named here (else where the folder is read)."""
    differ: list[str] = []
    after: list[Violation] = []  # unread files, PDFs
    for rel, make in wanted.items():
        path = folder / rel
        if path_kind(path) != "file" or path.is_symlink():
            continue  # named where the folder is read (missing, or not a file cardgen writes)
        try:
            got = read_file(path, limit=FILE_LIMIT, what=rel)
        except CardgenError as e:
            after += [Violation("files", str(e))] if unread else []
            continue
        if rel.endswith(".pdf"):
            if audit:
                found = pdf_damage(got) or pdf_outside(got) + pdf_differences(got, make())
            else:
                found = pdf_differences(got, make())
            after += [Violation("files", f"pdf: {rel}: {d}") for d in found[:MAX_PDF]]
        elif got != make():
            differ.append(rel)
    out = capped(
        [Violation("files", f"{rel} is not what cardgen {__version__} writes for {what}") for rel in differ],
        MAX_NAMED,
        lambda k, _: Violation("files", f"and {k} more files differ from what cardgen {__version__} writes"),
    )
    return out + after


def redrawn_folder(
    folder: Path,
    data: dict[str, Any],
    expected: Collection[str],
    wanted: Callable[[], Mapping[str, Make]],
    what: str,
) -> list[Violation]:
    """A deck's folder against what this version writes for the deck its (validated) manifest
    ``data`` records: every file or folder cardgen does not write there (``expected`` names
    those it does), a manifest of another version (whose files are then not compared), and each
    file ``wanted()`` draws again (its PDF audited too) that differs."""
    out = version_problems(data) + stray_files(folder, expected)
    if data.get("cardgen_version") != __version__:
        return out  # another version draws differently: the deck was read back on its own
    return out + files_differ(folder, wanted(), what, audit=True)


def compare_built(folder: Path, names: Sequence[str], fresh: Mapping[str, bytes], what: str) -> list[Violation]:
    """A folder without cards (``names``: the files its marker lists) against the same folder
    built again (``fresh``: each file by its path): every file the one has and the other has not,
    and every file whose bytes differ (a PDF's damage and anything in it cardgen never writes
    are ``proof.documents``')."""
    out = [
        Violation("files", f"{rel}, which cardgen writes for {what}, is missing")
        for rel in sorted(set(fresh) - set(names))
    ]
    out += [Violation("files", f"{rel} is not a file cardgen writes for {what}") for rel in names if rel not in fresh]
    same = {rel: partial(fresh.__getitem__, rel) for rel in names if rel in fresh}
    return out + files_differ(folder, same, what, unread=True)


@dataclass(frozen=True)
class Redraw:
    """What this cardgen version writes for the pack of numbered cards a manifest records, to
    compare with."""

    face: Callable[[Item[Any]], bytes]  # a printed card of the pack -> its SVG
    back: Callable[[str], bytes] | None  # a pack's mark ('' for a pack alone) -> its back's SVG
    files: dict[str, Make]  # beside the cards: name -> bytes
    pdf: Make | None = None  # the sheets


def redrawn_files(found: SvgCards, redraw: Redraw, folder: Path) -> list[Violation]:
    """The backs and the files beside the cards that differ from what this cardgen version draws
    for the pack (the cards are compared as they are read: ``proof.cards.CardSvgs``, which flags
    a card drawn differently so that the PDF is held against the drawing instead)."""
    out: list[Violation] = []
    if redraw.back is not None:
        for mark, raw in found.back_data.items():
            if raw != redraw.back(mark):
                name = f"cards/{back_stem(mark)}.svg"
                out.append(Violation("files", f"svg: {name} is not what cardgen {__version__} draws for this pack"))
    return out + files_differ(folder, redraw.files, "this pack")
