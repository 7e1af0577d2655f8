"""Proof: reading written files back and proving them right, each file by an engine other
than the one that wrote it where there is one. Split by what it proves: the manifest is
``cardgen.manifest``; ``svg`` (a component SVG and what it may hold), ``fonts`` (the glyphs
an SVG embeds), ``pages`` and ``pdfread`` (what a PDF page shows, read with pdfium),
``audit`` (a PDF's structure, read with pypdf), ``sheets`` (each component's place on a
sheet), ``cards`` and ``numbered`` (a pack of numbered cards), ``tiles`` (dominoes),
``documents`` (handouts), ``exports`` (PNG and Tabletop Simulator files), ``tables``
(a hand-made pack table) and ``rebuilt`` (a folder's files against what this version
writes for the same thing, byte for byte).

Every checker collects every violation it finds (``rules.shared.Violation``), naming the
file and the component at fault, rather than stopping at the first.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.rules.shared import Violation


@dataclass(frozen=True)
class FolderCheck:
    """What a product's checker found in a written folder."""

    what: str  # what the folder claims to hold, e.g. "pattern two, census 7, 3 copies (84 cards)"
    count: int  # components found
    violations: list[Violation]
    noun: str = "cards"  # what ``count`` counts
    checks: tuple[str, ...] = ()  # the named checks that ran (default: the pack checks and "files")
    notes: tuple[str, ...] = ()  # what is worth saying but changes nothing that prints (an OS's litter)
