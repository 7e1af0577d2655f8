"""A rules handout as content, before any format: a title and a list of blocks. Pure.

One ``Document`` is rendered by two writers, ``render/html.py`` (a web page that
prints) and ``render/document.py`` (a paged PDF), so both always say the same.
Text is plain: the only inline styling is ``**bold**`` and ```code``` inside
the strings the content builders write (``rich``), never markup from users;
a ``Document.title`` is never parsed at all.

>>> rich("Lay a **2** or `J,J,4,4`")
(Span(text='Lay a ', style='plain'), Span(text='2', style='bold'), Span(text=' or ', style='plain'), Span(text='J,J,4,4', style='code'))
>>> plain(rich("a **b** `c`"))
'a b c'
>>> Table(("rank", "goes on"), (("7", "5, 6, 8"),)).columns
2
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal, Union

from cardgen.layout.art import mix
from cardgen.layout.shapes import Drawing

ACCENT = "#1f4e79"  # a handout's colour when its game names none

Style = Literal["plain", "bold", "code"]
_NUMBER = re.compile(r"^[−-]?\d+(?:[.,]\d+)?(?:–\d+)?$")
_MARKS = re.compile(r"(\*\*[^*]+\*\*|`[^`]+`)")


@dataclass(frozen=True)
class Span:
    """A run of text in one style."""

    text: str
    style: Style = "plain"


Rich = tuple[Span, ...]


def rich(text: str) -> Rich:
    """Spans from a builder's string: ``**bold**`` and ```code``` marks, everything else plain."""
    out: list[Span] = []
    for piece in _MARKS.split(text):
        if not piece:
            continue
        if piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
            out.append(Span(piece[2:-2], "bold"))
        elif piece.startswith("`") and piece.endswith("`") and len(piece) > 2:
            out.append(Span(piece[1:-1], "code"))
        else:
            out.append(Span(piece))
    return tuple(out)


def plain(spans: Rich) -> str:
    """The text of ``spans`` without styles."""
    return "".join(s.text for s in spans)


def literal(text: str) -> Rich:
    """``text`` as one plain span, marks and all (for text that must not be read as marks)."""
    return (Span(text),) if text else ()


def _rich(text: str | Rich) -> Rich:
    return rich(text) if isinstance(text, str) else text


@dataclass(frozen=True)
class Heading:
    kind: ClassVar[str] = "heading"
    text: str
    level: int = 2  # 2: a section, 3: a sub-section (1 is the document title)


@dataclass(frozen=True)
class Paragraph:
    kind: ClassVar[str] = "paragraph"
    spans: Rich

    @classmethod
    def of(cls, text: str | Rich) -> Paragraph:
        return cls(_rich(text))


@dataclass(frozen=True)
class Steps:
    """Numbered steps, in order."""

    kind: ClassVar[str] = "steps"
    items: tuple[Rich, ...]

    @classmethod
    def of(cls, items: Iterable[str | Rich]) -> Steps:
        return cls(tuple(_rich(i) for i in items))


@dataclass(frozen=True)
class Bullets:
    kind: ClassVar[str] = "bullets"
    items: tuple[Rich, ...]

    @classmethod
    def of(cls, items: Iterable[str | Rich]) -> Bullets:
        return cls(tuple(_rich(i) for i in items))


@dataclass(frozen=True)
class Table:
    """A table people scan: a header row and rows of plain cells (never split across pages).

    ``widths`` are relative column widths (a hint; None: as wide as their text); ``role``
    names the table for readers and tests (an HTML class); ``caption`` goes above it;
    ``mono`` lists the columns set in the cards' monospace font (abilities, as printed);
    ``lookup``: a table people look things up in (which card does what), set a step larger, its
    rows roomier, where a page has the room.
    """

    kind: ClassVar[str] = "table"
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] | None = None
    caption: str = ""
    role: str = ""
    mono: tuple[int, ...] = ()
    lookup: bool = False

    def __post_init__(self) -> None:
        if any(len(r) != len(self.header) for r in self.rows):
            raise ValueError(f"table {self.role or self.caption!r}: every row needs {len(self.header)} cells")
        if self.widths is not None and len(self.widths) != len(self.header):
            raise ValueError(f"table {self.role or self.caption!r}: one width per column")

    @property
    def columns(self) -> int:
        return len(self.header)

    @property
    def numeric(self) -> tuple[int, ...]:
        """The columns that hold one number a cell (``25``, ``10–22``): set flush right, so that
        units sit under units and a column of numbers scans.

        >>> Table(("players", "tiles", "note"), (("2", "25", "a"), ("10", "10–22", ""))).numeric
        (0, 1)
        """
        found = []
        for i in range(self.columns):
            cells = [row[i] for row in self.rows if row[i]]
            if cells and all(_NUMBER.match(c) for c in cells) and i not in self.mono:
                found.append(i)
        return tuple(found)


@dataclass(frozen=True)
class Figure:
    """A drawing (our shape tree, in mm) shown ``width_mm`` wide, with a caption under it."""

    kind: ClassVar[str] = "figure"
    drawing: Drawing
    caption: str
    width_mm: float
    role: str = ""

    @property
    def height_mm(self) -> float:
        return self.drawing.height * self.width_mm / self.drawing.width


@dataclass(frozen=True)
class Note:
    """A boxed aside: ``tone`` "note" for a tip, "decision" for a gap in the rules we filled;
    ``lead`` a line under the title that says what the items are."""

    kind: ClassVar[str] = "note"
    title: str
    items: tuple[Rich, ...]
    tone: Literal["note", "decision"] = "note"
    lead: str = ""

    @classmethod
    def of(
        cls, title: str, items: Iterable[str | Rich], tone: Literal["note", "decision"] = "note", lead: str = ""
    ) -> Note:
        return cls(title, tuple(_rich(i) for i in items), tone, lead)


RULINGS = "Rulings"
RULINGS_LEAD = "These settle what the original rules leave open."


def rulings(items: Iterable[str | Rich]) -> Note:
    """The box of rulings every handout carries: each gap the original rules leave, and how this
    set fills it, in the players' words (the rules engines play by the same)."""
    return Note.of(RULINGS, items, tone="decision", lead=RULINGS_LEAD)


@dataclass(frozen=True)
class SmallPrint:
    """One short line at the foot, for whoever prints the set (the commands that print what the
    rules mention: a placemat, tokens): set small and grey, apart from the rules a player reads."""

    kind: ClassVar[str] = "smallprint"
    spans: Rich

    @classmethod
    def of(cls, text: str | Rich) -> SmallPrint:
        return cls(_rich(text))


@dataclass(frozen=True)
class Columns:
    """Blocks set in two columns, as a newspaper runs them, where the page is wide enough (the
    PDF always; a web page on a screen wider than a phone, and in print): short sections, steps
    and small tables a reader takes in one at a time. What is wide (a placemat, a table of
    every card) stays outside, across the page."""

    kind: ClassVar[str] = "columns"
    blocks: tuple[Block, ...]

    @classmethod
    def of(cls, *blocks: Block) -> Columns:
        return cls(tuple(blocks))


@dataclass(frozen=True)
class Beside:
    """A figure beside the blocks that explain it: the figure on the left, ``share`` of the width."""

    kind: ClassVar[str] = "beside"
    figure: Figure
    blocks: tuple[Block, ...]
    share: float = 0.4

    def __post_init__(self) -> None:
        if not 0.15 <= self.share <= 0.7:
            raise ValueError("a figure beside text takes 15 % to 70 % of the width")


@dataclass(frozen=True)
class PageBreak:
    """The next block starts a new page (in print); ``label`` names what follows."""

    kind: ClassVar[str] = "pagebreak"
    label: str = ""


Block = Union[Heading, Paragraph, Steps, Bullets, Table, Figure, Note, SmallPrint, Columns, Beside, PageBreak]


def flat(blocks: Iterable[Block]) -> Iterator[Block]:
    """Every block in reading order, those inside columns and beside a figure included (the
    containers themselves left out).

    >>> [b.kind for b in flat([Columns.of(Heading("a"), Beside(Figure(Drawing(1, 1, ()), "", 10), (Paragraph.of("b"),)))])]
    ['heading', 'figure', 'paragraph']
    """
    for block in blocks:
        if isinstance(block, Columns):
            yield from flat(block.blocks)
        elif isinstance(block, Beside):
            yield block.figure
            yield from flat(block.blocks)
        else:
            yield block


@dataclass(frozen=True)
class Document:
    title: str
    subtitle: str
    blocks: tuple[Block, ...]
    slug: str = "handout"  # file names
    meta: dict[str, str] = field(default_factory=dict, compare=False)

    def colours(self) -> dict[str, str]:
        """The handout's colours, the same in both writers: ``accent`` (the title band, headings,
        table heads), ``stripe`` (every other table row), ``pale`` (the subtitle on the band).

        >>> Document("t", "", ()).colours()
        {'accent': '#1f4e79', 'stripe': '#e9edf2', 'pale': '#d2dce4'}
        """
        accent = self.meta.get("accent", ACCENT)
        return {"accent": accent, "stripe": mix(accent, "#ffffff", 0.1), "pale": mix(accent, "#ffffff", 0.2)}

    def flat(self) -> list[Block]:
        """Every block in reading order, out of its columns (``flat``)."""
        return list(flat(self.blocks))

    def tables(self, role: str | None = None) -> list[Table]:
        """The tables, or those with ``role``."""
        return [b for b in self.flat() if isinstance(b, Table) and (role is None or b.role == role)]

    def figures(self) -> list[Figure]:
        return [b for b in self.flat() if isinstance(b, Figure)]

    def headings(self) -> list[str]:
        return [b.text for b in self.flat() if isinstance(b, Heading)]


def columns_of(items: Sequence[tuple[str, str]], groups: int) -> tuple[tuple[str, ...], ...]:
    """Pairs laid out in ``groups`` side-by-side column pairs, filled down each column first,
    as the seed prints its ability tables (``ability | cards | ability | cards | …``).

    >>> columns_of([("a", "1"), ("b", "2"), ("c", "3")], 2)
    (('a', '1', 'c', '3'), ('b', '2', '', ''))
    """
    if groups < 1:
        raise ValueError("at least one group of columns")
    rows = -(-len(items) // groups) if items else 0
    out: list[tuple[str, ...]] = []
    for r in range(rows):
        cells: list[str] = []
        for g in range(groups):
            i = g * rows + r
            cells += list(items[i]) if i < len(items) else ["", ""]
        out.append(tuple(cells))
    return tuple(out)
